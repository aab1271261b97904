/**
 * /plans/bundleForm (spec section 2): the plan purchase form with the gateway's summary, then the payment of the
 * order it created. A picture of the `checkout` chart; every rule is in machines/checkout.machine.ts.
 */
import { useEffect, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { PaymentMachine } from '../../machines/payment.machine';
import { PaymentPanel } from '../payment';
import { AboutSection } from './AboutSection';
import { BillingSection } from './BillingSection';
import { CodesSection } from './CodesSection';
import { ConfirmSection } from './ConfirmSection';
import { Notice } from '../ui/fields';
import { OrderReview } from './OrderReview';
import { OrderSummary } from './OrderSummary';
import { PaymentFailed } from './PaymentFailed';
import { activationKey } from './activationCard';
import { ProductSection } from './ProductSection';
import { ShippingSection } from './ShippingSection';
import { StudentSection } from './StudentSection';
import { CatalogFailed, PageTitle, Waiting } from './StepStates';
import { useCheckout } from './useCheckout';
import { useFocusFirstError } from '../ui/useFocusFirstError';
import type { CheckoutView } from './checkout.connect';
import { useText } from '../ui/text';

function Paying({ view }: { view: CheckoutView }) {
  const { t } = useTranslation('checkout');
  const payment = view.payment as ActorRefFrom<PaymentMachine> | null;
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
      <div className="space-y-4">
        <p className="text-sm text-slate-700">{t('review.payNow')}</p>
        {payment && <PaymentPanel actor={payment} billingZip={view.billingZip} />}
      </div>
      {view.order && <OrderReview order={view.order} catalog={view.catalog} onEdit={view.editOrder} canEdit={view.canEdit} />}
    </div>
  );
}

function OrderForm({ view }: { view: CheckoutView }) {
  useFocusFirstError(view.focusRequest, view.errorFields);
  const onSubmit = (e: FormEvent) => { e.preventDefault(); view.submit(); };
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
      {/* Nothing can be changed while the order is being created (the chart takes no change meanwhile). */}
      <fieldset disabled={view.submitting} className="min-w-0 space-y-6 lg:col-start-1">
        <ProductSection view={view} />
        <StudentSection view={view} />
        <ShippingSection view={view} />
        <BillingSection view={view} />
        <CodesSection view={view} />
        <AboutSection view={view} />
      </fieldset>
      <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-stretch"><OrderSummary view={view} /></div>
      <div className="lg:col-start-1"><ConfirmSection view={view} /></div>
    </form>
  );
}

const titleKey = (view: CheckoutView): string => {
  if (view.step === 'paying') return 'title.paying';
  if (view.step === 'paymentFailed') return 'failed.title';
  return view.activation ? activationKey('formTitle', view.activation.kind) : 'title.form';
};

export default function BundleFormScreen() {
  const { t } = useTranslation('checkout');
  const text = useText();
  const { snapshot, view } = useCheckout();
  // When the form turns into the payment step, or a payment is refused, focus goes to the step's heading (a screen reader hears where it is).
  const title = useRef<HTMLHeadingElement>(null);
  const lastStep = useRef(view.step);
  useEffect(() => {
    const stepChanged = (view.step === 'paying' && lastStep.current === 'form') || (view.step === 'paymentFailed' && lastStep.current === 'paying');
    if (stepChanged) title.current?.focus({ preventScroll: false });
    lastStep.current = view.step;
  }, [view.step]);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-10" data-testid="checkout" data-state={JSON.stringify(snapshot.value)}>
      <PageTitle ref={title}>{t(titleKey(view))}</PageTitle>
      <div className="mt-4 space-y-4">
        {view.notice && <Notice tone="info">{text(view.notice)}</Notice>}
        {(view.step === 'opening' || view.step === 'loading') && <Waiting />}
        {view.step === 'catalogFailed' && <CatalogFailed view={view} />}
        {view.step === 'form' && <OrderForm view={view} />}
        {view.step === 'paying' && <Paying view={view} />}
        {/* Activation's plan purchase has no error page of its own: a refused payment is told here, the card kept. */}
        {view.step === 'paymentFailed' && <PaymentFailed view={view} />}
      </div>
    </div>
  );
}
