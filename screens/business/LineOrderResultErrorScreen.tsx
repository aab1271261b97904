/** resultError of a line order (spec section 2; section 8: "payment failed ... buttons repay or view more"). */
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../i18n';
import { AppLink } from '../../src/app/forScreens';
import { buttonPrimary } from '../ui/Section';
import { Notice, secondaryButton } from '../ui/fields';
import { OrderFacts } from './OrderFacts';
import { useLineOrder } from './useLineOrder';

export function ResultErrorView() {
  const { t, i18n } = useTranslation('business');
  const { t: te } = useTranslation('errors');
  const { snapshot, send, kind } = useLineOrder();
  const order = snapshot.context.order;
  if (!order || !snapshot.matches('failed')) return <p role="status" className="text-sm text-slate-700">{t('loading')}</p>;
  const closed = order.status === 'cancelled';
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">{t('result.title')}</h1>
      <Notice tone="error">
        <p className="font-semibold">{closed ? t('closed') : t('failed')}</p>
        <p>{closed ? t('closedText') : t('failedText')}</p>
        {closed && order.failureCode && <p className="mt-1">{te(`code.${order.failureCode}`, { defaultValue: '' })}</p>}
        {!closed && <p className="mt-1">{t('amountDue', { amount: formatMoney(order.amountCents, i18n.language) })}</p>}
      </Notice>
      <OrderFacts kind={kind} order={order} />
      <div className="flex flex-wrap gap-3">
        {snapshot.can({ type: 'lineOrder.retry' }) && <button type="button" className={buttonPrimary} onClick={() => send({ type: 'lineOrder.retry' })}>{t('tryAgain')}</button>}
        <button type="button" className={secondaryButton} onClick={() => send({ type: 'lineOrder.edit' })}>{t('edit')}</button>
        <AppLink to="/personal" className={secondaryButton}>{t('toAccount')}</AppLink>
      </div>
    </div>
  );
}

export default function LineOrderResultErrorScreen() {
  const { t } = useTranslation('business');
  const { snapshot, send } = useLineOrder();
  if (snapshot.matches('orderFailed')) {
    return (
      <div className="space-y-4">
        <Notice tone="error">{t('orderLoadFailed')}</Notice>
        <div className="flex gap-3">
          <button type="button" className={secondaryButton} onClick={() => send({ type: 'lineOrder.reload' })}>{t('retry')}</button>
          <button type="button" className={secondaryButton} onClick={() => send({ type: 'lineOrder.again' })}>{t('again')}</button>
        </div>
      </div>
    );
  }
  return <ResultErrorView />;
}
