/** One table of /rates: country, dialling code, landline and mobile per minute, "Included" where the plans include it. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../i18n';
import type { RateView } from './rates.connect';

function Price({ cents }: { cents: number }) {
  const { t, i18n } = useTranslation('rates');
  if (cents === 0) return <span className="inline-flex rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">{t('free')}</span>;
  return <span className="tabular-nums">{t('perMinute', { price: formatMoney(cents, i18n.language) })}</span>;
}

export function RatesTable({ title, rows, testId }: { title: string; rows: readonly RateView[]; testId: string }) {
  const { t } = useTranslation('rates');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">{title}</h2>
      <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
        <table className="w-full text-left text-sm" data-testid={testId} aria-labelledby={headingId}>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-3 font-semibold sm:px-4">{t('columns.country')}</th>
              <th scope="col" className="hidden px-4 py-3 font-semibold sm:table-cell">{t('columns.dial')}</th>
              <th scope="col" className="px-3 py-3 text-right font-semibold sm:px-4">{t('columns.landline')}</th>
              <th scope="col" className="px-3 py-3 text-right font-semibold sm:px-4">{t('columns.mobile')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((r) => (
              <tr key={r.code} data-country={r.code}>
                <th scope="row" className="px-3 py-2.5 font-medium text-slate-900 sm:px-4">
                  {r.name}
                  {/* On a narrow screen the dialling code goes under the name, its column hidden. */}
                  <span className="block text-xs font-normal tabular-nums text-slate-600 sm:hidden" aria-hidden="true">{r.dial}</span>
                </th>
                <td className="hidden px-4 py-2.5 tabular-nums text-slate-700 sm:table-cell">{r.dial}</td>
                <td className="whitespace-nowrap px-3 py-2.5 text-right text-slate-900 sm:px-4"><Price cents={r.landlineCents} /></td>
                <td className="whitespace-nowrap px-3 py-2.5 text-right text-slate-900 sm:px-4"><Price cents={r.mobileCents} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
