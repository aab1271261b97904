/**
 * /plans/bundleResultError?orderNo=..&reason=.. (spec section 2): spec section 8's "payment failed" with repay and
 * view more (screens/checkout/PaymentFailed.tsx).
 */
import { useTranslation } from 'react-i18next';
import { PaymentFailed } from './PaymentFailed';
import { PageTitle, Waiting } from './StepStates';
import { useCheckout } from './useCheckout';

export default function BundleResultErrorScreen() {
  const { t } = useTranslation('checkout');
  const { snapshot, view } = useCheckout();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10" data-testid="checkout" data-state={JSON.stringify(snapshot.value)}>
      {view.step !== 'paymentFailed' ? <Waiting /> : (
        <div className="space-y-6">
          <PageTitle>{t('failed.title')}</PageTitle>
          <PaymentFailed view={view} />
        </div>
      )}
    </div>
  );
}
