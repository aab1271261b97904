/** /personal/pay/confirmPay: the top-up confirmed and paid through the payment panel (the `payment` chart). */
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { PaymentMachine } from '../../machines/payment.machine';
import { PaymentPanel } from '../payment';
import { secondaryButton } from '../ui/fields';
import { TopUpSummary } from './TopUpSummary';
import { useTopUp } from './useTopUp';

export default function ConfirmPayScreen() {
  const { t } = useTranslation('portalMoney');
  const { snapshot, send } = useTopUp();
  const payment = snapshot.children.payment as ActorRefFrom<PaymentMachine> | undefined;
  const topUp = snapshot.context.topUp;
  if (!snapshot.matches('paying') || !topUp) return <p role="status" className="text-sm text-slate-700">{t('topUp.pending')}</p>;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">{t('topUp.confirmTitle')}</h1>
      <TopUpSummary topUp={topUp} />
      {snapshot.matches({ paying: 'open' }) && (
        <button type="button" className={secondaryButton} onClick={() => send({ type: 'topUp.edit' })}>{t('topUp.change')}</button>
      )}
      {payment && <PaymentPanel actor={payment} />}
      <p className="text-xs text-slate-600">{t('topUp.noRefund')}</p>
    </div>
  );
}
