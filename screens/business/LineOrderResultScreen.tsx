/**
 * result/{orderNo} of a line order (spec section 2; /global/renewalpackage/result): paid, and what the line got: a
 * changed plan "starts when the current one expires", shown with its date.
 */
import { useTranslation } from 'react-i18next';
import { formatPacificDate } from '../../i18n';
import { AppLink, usePlanName } from '../../src/app/forScreens';
import { formatDataMb } from '../ui/format';
import { Notice, secondaryButton } from '../ui/fields';
import { OrderFacts } from './OrderFacts';
import LineOrderResultErrorScreen from './LineOrderResultErrorScreen';
import { useLineOrder } from './useLineOrder';

export default function LineOrderResultScreen() {
  const { t, i18n } = useTranslation('business');
  const planName = usePlanName();
  const { snapshot, send, kind } = useLineOrder();
  const order = snapshot.context.order;
  const lang = i18n.language;
  if (snapshot.matches('orderFailed') || snapshot.matches('failed')) return <LineOrderResultErrorScreen />;
  if (!order || !snapshot.matches('paid')) return <p role="status" className="text-sm text-slate-700">{t('loading')}</p>;
  const start = formatPacificDate(order.startsAt, lang);
  const end = formatPacificDate(order.expiresAt, lang);
  const what = kind === 'planChange' ? t('result.planChange', { name: planName(order.offer.name), date: start })
    : kind === 'addOn' ? t('result.addOn', { data: formatDataMb(order.offer.dataMb ?? 0, lang), date: end })
      : t(`result.${kind}`, { start, end });
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">{t('result.title')}</h1>
      <Notice tone="success">
        <p className="font-semibold">{t('result.paid')}</p>
        <p data-testid="line-order-result">{what}</p>
      </Notice>
      <OrderFacts kind={kind} order={order} />
      <div className="flex flex-wrap gap-3">
        <button type="button" className={secondaryButton} onClick={() => send({ type: 'lineOrder.again' })}>{t('again')}</button>
        <AppLink to={kind === 'globalRenewal' ? '/global/personal/myinfo' : '/personal'} className={secondaryButton}>{t('toAccount')}</AppLink>
        <AppLink to="/mybill" className={secondaryButton}>{t('bills')}</AppLink>
      </div>
    </div>
  );
}
