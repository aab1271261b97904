/** What is being topped up: account, number and amount. */
import { useTranslation } from 'react-i18next';
import type { TopUpData } from '../../src/contract/money';
import { formatPhone } from '../../src/domain/phone';
import { formatMoney } from '../../i18n';

export function TopUpSummary({ topUp }: { topUp: TopUpData }) {
  const { t, i18n } = useTranslation('portalMoney');
  const rows: [string, string][] = [
    [t('topUp.summaryAccount'), t(`account.${topUp.account}`)],
    [t('topUp.summaryPhone'), formatPhone(topUp.phone)],
    [t('topUp.summaryAmount'), formatMoney(topUp.amountCents, i18n.language)],
  ];
  return (
    <section aria-labelledby="top-up-summary" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="top-up-summary" className="text-lg font-semibold text-slate-900">{t('topUp.summaryTitle')}</h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-700">{label}</dt>
            <dd className="font-semibold text-slate-900" data-testid={`summary-${label}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-slate-600">{t('topUp.orderNo', { orderNo: topUp.orderNo })}</p>
    </section>
  );
}
