/** /personal/protect/result/{orderNo} (spec section 2): paid; the number is kept until the date shown. */
import { useTranslation } from 'react-i18next';
import { formatPacificDateTime } from '../../i18n';
import { AppLink } from '../../src/app/forScreens';
import { Notice, secondaryButton } from '../ui/fields';
import { OrderFacts } from './OrderFacts';
import ProtectPaymentScreen from './ProtectPaymentScreen';
import { useProtect } from './useProtect';

export default function ProtectResultScreen() {
  const { t, i18n } = useTranslation('protect');
  const { snapshot, send } = useProtect();
  const order = snapshot.context.order;
  if (snapshot.matches('orderFailed') || snapshot.matches('failed') || snapshot.matches('paying')) return <ProtectPaymentScreen />;
  if (!order || !snapshot.matches('paid')) return <p role="status" className="text-sm text-slate-700">{t('page.loading')}</p>;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">{t('result.title')}</h1>
      <Notice tone="success">
        <p className="font-semibold">{t('result.paid')}</p>
        <p data-testid="protect-result">{t(order.extended ? 'result.extended' : 'result.started', { date: formatPacificDateTime(order.endsAt, i18n.language) })}</p>
      </Notice>
      <OrderFacts order={order} />
      <div className="flex flex-wrap gap-3">
        <button type="button" className={secondaryButton} onClick={() => send({ type: 'protect.done' })} data-testid="protect-back">{t('result.back')}</button>
        <AppLink to="/mybill" className={secondaryButton}>{t('result.bills')}</AppLink>
      </div>
    </div>
  );
}
