/** /personal/pay/payStatus/{orderNo}: paid (the account credited), failed (pay again), or being read. */
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../src/app/forScreens';
import { formatPhone } from '../../src/domain/phone';
import { formatMoney } from '../../i18n';
import { buttonPrimary } from '../ui/Section';
import { Notice, secondaryButton } from '../ui/fields';
import { TopUpSummary } from './TopUpSummary';
import { useTopUp } from './useTopUp';

export default function PayStatusScreen() {
  const { t, i18n } = useTranslation('portalMoney');
  const { snapshot, send } = useTopUp();
  const topUp = snapshot.context.topUp;
  const again = <button type="button" className={secondaryButton} onClick={() => send({ type: 'topUp.edit' })}>{t('topUp.again')}</button>;
  if (snapshot.matches('loadFailed')) {
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-bold text-slate-900">{t('topUp.statusTitle')}</h1>
        <Notice tone="error">{t('topUp.loadFailed')}</Notice>
        <div className="flex flex-wrap gap-3">
          <button type="button" className={secondaryButton} onClick={() => send({ type: 'topUp.reload' })}>{t('topUp.retry')}</button>
          {again}
        </div>
      </div>
    );
  }
  if (!topUp || !(snapshot.matches('paid') || snapshot.matches('failed') || snapshot.matches('expired'))) {
    return <p role="status" className="text-sm text-slate-700">{t('topUp.pending')}</p>;
  }
  const paid = snapshot.matches('paid');
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">{t('topUp.statusTitle')}</h1>
      {paid ? (
        <Notice tone="success">
          <p className="font-semibold">{t('topUp.paid')}</p>
          <p>{t('topUp.paidText', { amount: formatMoney(topUp.amountCents, i18n.language), account: t(`account.${topUp.account}`), phone: formatPhone(topUp.phone) })}</p>
        </Notice>
      ) : snapshot.matches('expired') ? (
        <Notice tone="error"><p className="font-semibold">{t('topUp.expired')}</p><p>{t('topUp.expiredText')}</p></Notice>
      ) : (
        <Notice tone="error"><p className="font-semibold">{t('topUp.failed')}</p><p>{t('topUp.failedText')}</p></Notice>
      )}
      <TopUpSummary topUp={topUp} />
      <div className="flex flex-wrap gap-3">
        {snapshot.matches('failed') && <button type="button" className={buttonPrimary} onClick={() => send({ type: 'topUp.retry' })}>{t('topUp.tryAgain')}</button>}
        {again}
        <AppLink to="/personal" className={secondaryButton}>{t('topUp.toAccount')}</AppLink>
        {paid && <AppLink to="/mybill" className={secondaryButton}>{t('topUp.bills')}</AppLink>}
      </div>
    </div>
  );
}
