/**
 * /mybill (spec section 2: "billing history with preview and download"): the months with charges or credits, the bill
 * of the month chosen previewed in the page (every entry, tax, totals, bill number), and its PDF made by the gateway.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, useRevalidator, useSearchParams } from 'react-router-dom';
import type { BillEntry } from '../../src/contract/money';
import type { BillsData } from '../../src/contract/pageData';
import { downloadBill } from '../../src/app/forScreens';
import { formatMoney, formatPacificDate } from '../../i18n';
import { buttonPrimary } from '../ui/Section';
import { Notice, secondaryButton } from '../ui/fields';
import { VerbatimText } from '../ui/Verbatim';
import { Pager } from '../ui/Pager';
import { Colon } from '../ui/Colon';

function entryText(t: (k: string, v?: Record<string, unknown>) => string, e: BillEntry): string {
  if (e.kind === 'topup') return t(`bill.kind.topup.${e.direction}`, { account: t(`account.${e.account ?? 'general'}`) });
  if (e.kind === 'order') return t('bill.kind.order', { name: e.label });
  return t(`bill.kind.${e.kind}`);
}

export default function BillsScreen() {
  const { t, i18n } = useTranslation('portalMoney');
  const data = useLoaderData() as BillsData;
  const revalidator = useRevalidator();
  const [params] = useSearchParams();
  const [downloading, setDownloading] = useState(false);
  const money = (c: number) => formatMoney(c, i18n.language);
  const monthName = (m: string) => new Intl.DateTimeFormat(i18n.language, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${m}-15T00:00:00Z`));
  const bill = data.bill;
  const download = async () => {
    if (!bill) return;
    setDownloading(true);
    try { await downloadBill(bill.month, bill.billNo); } catch { /* the app's error toast already told the customer */ } finally { setDownloading(false); }
  };
  const monthLink = (m: string) => {
    const next = new URLSearchParams(params);
    next.set('month', m);
    return `?${next.toString()}`;
  };
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{t('bill.title')}</h1>
        <p className="mt-2 text-sm text-slate-700">{t('bill.intro')}</p>
      </div>
      {data.loadError && (
        <Notice tone="error">
          <p>{t('bill.loadFailed')}</p>
          <button type="button" className={`${secondaryButton} mt-2`} onClick={() => revalidator.revalidate()}>{t('bill.retry')}</button>
        </Notice>
      )}
      {data.list && data.list.total === 0 && <p className="rounded-2xl bg-white p-6 text-sm text-slate-700 ring-1 ring-slate-200">{t('bill.empty')}</p>}
      {data.list && data.list.months.length > 0 && (
        <div className="grid gap-6 md:grid-cols-[14rem_1fr]">
          <nav aria-labelledby="bill-months">
            <h2 id="bill-months" className="text-sm font-semibold text-slate-900">{t('bill.monthsTitle')}</h2>
            <ul className="mt-2 space-y-2">
              {data.list.months.map((m) => (
                <li key={m.month}>
                  <Link to={monthLink(m.month)} aria-current={bill?.month === m.month ? 'page' : undefined}
                    className="block rounded-xl bg-white p-3 text-sm ring-1 ring-slate-200 hover:ring-blue-600 aria-[current=page]:ring-2 aria-[current=page]:ring-blue-700">
                    <span className="block font-semibold text-slate-900">{monthName(m.month)}</span>
                    <span className="block text-slate-700">{t('bill.charges')}<Colon />{money(m.chargesCents)}</span>
                    <span className="block text-slate-700">{t('bill.credits')}<Colon />{money(m.creditsCents)}</span>
                  </Link>
                </li>
              ))}
            </ul>
            <div className="mt-3"><Pager page={data.list.page} pageSize={data.list.pageSize} total={data.list.total} drop={['month', 'order']} /></div>
          </nav>
          {bill && (
            <section aria-labelledby="bill-preview" className="space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div>
                  <h2 id="bill-preview" className="text-lg font-semibold text-slate-900">{t('bill.previewTitle', { month: monthName(bill.month) })}</h2>
                  <p className="text-sm text-slate-700" data-testid="bill-number"><VerbatimText k="portalMoney:bill.number" values={{ billNo: bill.billNo }} /></p>
                  <p className="text-xs text-slate-600">{t('bill.company.name')} · {t('bill.company.address')}</p>
                </div>
                <button type="button" className={buttonPrimary} onClick={() => { void download(); }} disabled={downloading}>{t('bill.download')}</button>
              </div>
              <div className="overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <thead className="text-slate-800">
                    <tr className="border-b border-slate-200">
                      <th scope="col" className="py-2 pr-3">{t('bill.col.date')}</th>
                      <th scope="col" className="py-2 pr-3">{t('bill.col.item')}</th>
                      <th scope="col" className="py-2 pr-3 text-right">{t('bill.col.amount')}</th>
                      <th scope="col" className="py-2 pr-3 text-right">{t('bill.col.tax')}</th>
                      <th scope="col" className="py-2 text-right">{t('bill.col.total')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {bill.entries.map((e) => {
                      const sign = e.direction === 'credit' ? '+' : '';
                      return (
                        <tr key={e.ref} className="border-b border-slate-100 align-top">
                          <td className="py-2 pr-3 whitespace-nowrap">{formatPacificDate(e.at, i18n.language)}</td>
                          <td className="py-2 pr-3">
                            <span className="block text-slate-900">{entryText(t, e)}</span>
                            {e.orderNo && <span className="block text-xs text-slate-600"><VerbatimText k={e.kind === 'topup' ? 'portalMoney:bill.topUpNo' : 'portalMoney:bill.orderNo'} values={{ orderNo: e.orderNo }} /></span>}
                          </td>
                          <td className="py-2 pr-3 text-right">{sign}{money(e.amountCents)}</td>
                          <td className="py-2 pr-3 text-right">{money(e.taxCents)}</td>
                          <td className={`py-2 text-right font-semibold ${e.direction === 'credit' ? 'text-emerald-800' : 'text-slate-900'}`}>{sign}{money(e.totalCents)}</td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
              <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
                <dt className="text-slate-700">{t('bill.charges')}</dt><dd className="text-right font-semibold" data-testid="bill-charges">{money(bill.chargesCents)}</dd>
                <dt className="text-slate-700">{t('bill.tax')}</dt><dd className="text-right">{money(bill.taxCents)}</dd>
                <dt className="text-slate-700">{t('bill.credits')}</dt><dd className="text-right font-semibold text-emerald-800">{money(bill.creditsCents)}</dd>
              </dl>
              <p className="text-xs text-slate-600">{t('bill.note')}</p>
            </section>
          )}
        </div>
      )}
    </div>
  );
}
