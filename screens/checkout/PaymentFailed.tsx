/**
 * Spec section 8: "payment failed (bank refusal, wrong card, address or postcode, insufficient balance; check card
 * number, name, expiry, CVV, billing address; contact support with email and ICCID; buttons repay or view more)".
 * Shown by /plans/bundleResultError and, for activation's plan purchase (which has no error page of its own), on
 * /activation/bundleForm: there it names the card being activated, so the customer sees the plan is still for it.
 * The order number and the amount due come first; support is told what the customer actually has: the order number
 * and the email ordered with, and an ICCID only for an order that has one (the card a plan is bought for): an unpaid
 * order of new SIMs has none yet.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORT_EMAIL, SUPPORT_PHONE } from '../../src/app/forScreens';
import { paymentFailure } from '../../src/contract/payments';
import type { CheckoutView } from './checkout.connect';
import { Notice, primaryButton, secondaryButton } from '../ui/fields';
import { OrderAmounts } from './OrderReview';
import { activationKey, groupedIccid } from './activationCard';
import { ActivationCardInfo } from './ProductSection';
import { formatMoney } from '../../i18n';
import { VerbatimText } from '../ui/Verbatim';

/** Reasons with their own explanation (the contract's payment failures); anything else reads as the general refusal. */
const KNOWN_REASONS: ReadonlySet<string> = new Set(paymentFailure.options);

export function PaymentFailed({ view }: { view: CheckoutView }) {
  const { t, i18n } = useTranslation(['checkout', 'errors']);
  const order = view.order;
  // What the customer has to name the order: an ICCID only when the order is for a card they hold.
  const iccid = order?.activationIccid ?? view.activation?.iccid ?? null;
  const [more, setMore] = useState(false);
  const reason = view.failure && KNOWN_REASONS.has(String(view.failure)) ? String(view.failure) : 'other';
  return (
    <div className="space-y-6" data-testid="payment-failed">
      <Notice tone="error">
        <p className="font-semibold">{t(`failed.reasons.${reason}`)}</p>
        <p className="mt-2">{t('errors:other.paymentFailed')}</p>
      </Notice>
      {order && (
        <dl className="grid gap-x-6 gap-y-1 rounded-xl bg-white p-4 text-sm ring-1 ring-slate-200 sm:grid-cols-[auto_1fr]" data-testid="failed-order">
          <dt className="font-medium text-slate-700">{t('result.info.orderNo')}</dt><dd className="font-semibold text-slate-900" translate="no">{order.orderNo}</dd>
          <dt className="font-medium text-slate-700">{t('failed.amountDue')}</dt><dd className="font-semibold text-slate-900">{formatMoney(order.payAmountCents, i18n.language)}</dd>
        </dl>
      )}
      {view.activation && <ActivationCardInfo card={view.activation} note={t(`checkout:${activationKey('failedNote', view.activation.kind)}`)} />}
      <div className="space-y-2 text-sm text-slate-800">
        <p>{t('errors:other.paymentCheck')}</p>
        {order && <p data-testid="failed-contact"><VerbatimText k={iccid ? 'checkout:failed.contactWithCard' : 'checkout:failed.contact'} values={{ orderNo: order.orderNo, email: order.email, iccid: iccid ? groupedIccid(iccid) : '' }} /></p>}
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <button type="button" className={`${primaryButton} sm:w-auto`} onClick={view.repay}>{t('errors:other.repay')}</button>
        <button type="button" className={secondaryButton} aria-expanded={more} aria-controls="failure-more" onClick={() => setMore(!more)}>
          {t('errors:other.viewMore')}
        </button>
      </div>
      {more && (
        <section id="failure-more" aria-label={t('failed.moreTitle')} className="space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="font-medium text-slate-700">{t('result.info.orderNo')}</dt><dd translate="no">{view.order?.orderNo ?? ''}</dd>
            {view.activation && <><dt className="font-medium text-slate-700">{t('activationPlan.iccid')}</dt><dd className="font-mono" translate="no">{groupedIccid(view.activation.iccid)}</dd></>}
            {view.order?.email && <><dt className="font-medium text-slate-700">{t('result.info.email')}</dt><dd translate="no">{view.order.email}</dd></>}
            <dt className="font-medium text-slate-700">{t('failed.code')}</dt><dd className="font-mono" translate="no">{view.failure ?? '—'}</dd>
          </dl>
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
            <li>{t('failed.tips.bank')}</li>
            <li>{t('failed.tips.details')}</li>
            <li>{t('failed.tips.postcode')}</li>
            <li>{t('failed.tips.otherMethod')}</li>
          </ul>
          <p className="text-sm text-slate-800">{t('failed.support', { email: SUPPORT_EMAIL, phone: SUPPORT_PHONE })}</p>
          {view.order && <div className="border-t border-slate-200 pt-4"><OrderAmounts order={view.order} catalog={view.catalog} /></div>}
        </section>
      )}
    </div>
  );
}
