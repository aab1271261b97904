/**
 * /personal/protect/payment (spec section 2): the keeping order and its payment by the `payment` chart (card, saved
 * card, the General balance, WeChat Pay); a failed payment keeps the order, with "pay again" (spec section 8: "payment
 * failed ... buttons repay or view more"), and the periods can be changed while nothing is being paid.
 */
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { formatMoney } from '../../i18n';
import type { PaymentMachine } from '../../machines/payment.machine';
import { AppLink } from '../../src/app/forScreens';
import { PaymentPanel } from '../payment';
import { Notice, primaryButton, secondaryButton } from '../ui/fields';
import { problemText, useText } from '../ui/text';
import { OrderFacts } from './OrderFacts';
import { useProtect } from './useProtect';

export default function ProtectPaymentScreen() {
  const { t, i18n } = useTranslation('protect');
  const { t: te } = useTranslation('errors');
  const show = useText();
  const { snapshot, send } = useProtect();
  const { order, problem } = snapshot.context;
  if (snapshot.matches('orderFailed')) {
    return (
      <div className="space-y-4">
        {problem && <Notice tone="error">{show(problemText(problem))}</Notice>}
        <div className="flex flex-wrap gap-3">
          <button type="button" className={secondaryButton} onClick={() => send({ type: 'protect.reload' })}>{t('page.retry')}</button>
          <button type="button" className={secondaryButton} onClick={() => send({ type: 'protect.done' })}>{t('order.back')}</button>
        </div>
      </div>
    );
  }
  if (!order || !(snapshot.matches('paying') || snapshot.matches('failed'))) return <p role="status" className="text-sm text-slate-700">{t('page.loading')}</p>;
  const payment = snapshot.children.payment as ActorRefFrom<PaymentMachine> | undefined;
  const closed = order.status === 'cancelled';
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">{t('order.title')}</h1>
      <OrderFacts order={order} />
      {snapshot.matches('failed') && (
        <>
          <Notice tone="error">
            <p className="font-semibold">{closed ? t('order.closed') : t('order.failed')}</p>
            {closed && order.failureCode && <p className="mt-1">{te(`code.${order.failureCode}`, { defaultValue: '' })}</p>}
            {!closed && <p className="mt-1">{t('order.due', { amount: formatMoney(order.amountCents, i18n.language) })}</p>}
          </Notice>
          <div className="flex flex-wrap gap-3">
            {snapshot.can({ type: 'protect.retry' }) && <button type="button" className={`${primaryButton} sm:w-auto`} onClick={() => send({ type: 'protect.retry' })}>{t('order.retry')}</button>}
            <button type="button" className={secondaryButton} onClick={() => send({ type: 'protect.change' })}>{t('order.change')}</button>
            <AppLink to="/personal" className={secondaryButton}>{t('toAccount')}</AppLink>
          </div>
        </>
      )}
      {snapshot.matches('paying') && (
        <>
          {snapshot.matches({ paying: 'open' }) && (
            <button type="button" className={secondaryButton} onClick={() => send({ type: 'protect.change' })}>{t('order.change')}</button>
          )}
          {payment && <PaymentPanel actor={payment} />}
        </>
      )}
      {problem && snapshot.matches('paying') && <Notice tone="error">{show(problemText(problem))}</Notice>}
      <p className="text-xs text-slate-600">{t('buy.noRefund')}</p>
    </div>
  );
}
