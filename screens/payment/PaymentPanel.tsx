/**
 * The payment chart's actor as a panel: the methods the gateway allows and the chosen method's pane. Reused by
 * every flow that pays; the flow owns the actor (checkout invokes it as its child `payment`).
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { formatMoney } from '../../i18n';
import type { PaymentMachine } from '../../machines/payment.machine';
import { Notice } from '../ui/fields';
import { useText } from '../ui/text';
import { MethodPicker } from './MethodPicker';
import { BalancePane, NewCardPane, SavedCardPane, WechatPane } from './Panes';
import { connect } from './payment.connect';

/** `billingZip`: the billing ZIP the buyer gave for this payment, which the card form's ZIP must match. */
export function PaymentPanel({ actor, billingZip }: { actor: ActorRefFrom<PaymentMachine>; billingZip?: string | null }) {
  const { t, i18n } = useTranslation('payment');
  const text = useText();
  const headingId = useId();
  const snapshot = useSelector(actor, (s) => s);
  const view = connect(snapshot, actor.send);
  return (
    <section aria-labelledby={headingId} data-testid="payment" data-state={JSON.stringify(snapshot.value)}
      className="space-y-5 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">{t('title')}</h2>
        <p className="text-base font-bold text-slate-900">{t('amount', { amount: formatMoney(view.amountCents, i18n.language) })}</p>
      </div>
      {view.area === null && view.step === 'loading' && <p className="text-sm text-slate-700" role="status">{t('pay.checking')}</p>}
      {view.area !== null && <MethodPicker view={view} />}
      {view.problem && <Notice tone="error">{text(view.problem)}</Notice>}
      {view.step === 'confirming' && <Notice tone="info">{t('pay.confirming')}</Notice>}
      {view.area === 'account' && <BalancePane view={view} />}
      {view.area === 'savedCard' && <SavedCardPane view={view} />}
      {view.area === 'newCard' && <NewCardPane view={view} billingZip={billingZip ?? null} />}
      {view.area === 'wechat' && <WechatPane view={view} />}
    </section>
  );
}
