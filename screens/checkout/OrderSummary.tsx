/**
 * Issue 3: the summary "shows plan cost, multi-month discount, code discount, shipping ..., tax per state ... and
 * total, recomputed by the server, never trusted from the client": every amount here is the gateway's quote.
 */
import { useTranslation } from 'react-i18next';
import { formatMoney, localeOf } from '../../i18n';
import type { BundleList } from '../../src/contract/catalog';
import type { QuoteData } from '../../src/contract/orders';
import { useProductLabel } from './productLabel';
import type { CheckoutView } from './checkout.connect';
import { useText } from '../ui/text';

function Line({ label, cents, negative, strong }: { label: string; cents: number; negative?: boolean; strong?: boolean }) {
  const { i18n } = useTranslation();
  return (
    <div className={`flex justify-between gap-4 ${strong ? 'border-t border-slate-200 pt-3 text-base font-bold text-slate-900' : 'text-sm text-slate-800'}`}>
      <dt>{label}</dt>
      <dd className={negative && cents > 0 ? 'text-emerald-800' : undefined}>{negative && cents > 0 ? `−${formatMoney(cents, i18n.language)}` : formatMoney(cents, i18n.language)}</dd>
    </div>
  );
}

/** `posted`: a SIM is shipped, so the shipping line shows (activation's plan purchase ships nothing). */
export function QuoteLines({ quote, hasTax, catalog, posted = true }: { quote: QuoteData; hasTax: boolean; catalog: BundleList | null; posted?: boolean }) {
  const { t, i18n } = useTranslation('checkout');
  const product = useProductLabel(catalog);
  return (
    <dl className="space-y-2">
      <Line label={product(quote)} cents={quote.planCostCents} />
      {quote.multiMonthDiscountCents > 0 && <Line label={t('summary.multiMonth', { percent: quote.multiMonthPercent })} cents={quote.multiMonthDiscountCents} negative />}
      {quote.codeDiscountCents > 0 && <Line label={t('summary.codeDiscount', { code: quote.couponCode ?? quote.referralCode ?? '' })} cents={quote.codeDiscountCents} negative />}
      {quote.referralCode && quote.codeDiscountCents === 0 && <p className="text-sm text-emerald-800">{t('summary.referralApplied', { code: quote.referralCode })}</p>}
      {posted && <Line label={t(quote.shippingMethod === 'express' ? 'summary.shippingExpress' : 'summary.shipping')} cents={quote.shippingCents} />}
      {hasTax
        ? <Line label={t('summary.tax', { rate: (quote.taxRateBps / 100).toLocaleString(localeOf(i18n.language), { maximumFractionDigits: 3 }) })} cents={quote.taxCents} />
        : <div className="flex justify-between gap-4 text-sm text-slate-700"><dt>{t('summary.taxLabel')}</dt><dd>{t('summary.taxLater')}</dd></div>}
      <Line label={t('summary.total')} cents={quote.totalCents} strong />
    </dl>
  );
}

export function OrderSummary({ view }: { view: CheckoutView }) {
  const { t } = useTranslation('checkout');
  const text = useText();
  const { summary } = view;
  return (
    <section aria-labelledby="checkout-summary-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6 lg:sticky lg:top-4">
      <h2 id="checkout-summary-title" className="text-lg font-semibold text-slate-900">{t('summary.title')}</h2>
      <div className="mt-4" aria-live="polite" aria-busy={summary.updating}>
        {summary.quote && (summary.state === 'quoted' || summary.updating) ? (
          <div className={summary.updating ? 'opacity-60' : undefined}><QuoteLines quote={summary.quote} hasTax={summary.hasTax} catalog={view.catalog} posted={!view.activation} /></div>
        ) : summary.state === 'failed' ? (
          <p role="alert" className="rounded-lg bg-rose-50 p-3 text-sm text-rose-900 ring-1 ring-rose-200">{summary.problem ? text(summary.problem) : t('summary.checkFields')}</p>
        ) : (
          <p className="text-sm text-slate-700">{t(summary.state === 'incomplete' ? 'summary.incomplete' : 'summary.loading')}</p>
        )}
        {summary.updating && summary.quote && <p className="mt-2 text-xs text-slate-600">{t('summary.updating')}</p>}
      </div>
      <p className="mt-4 text-xs text-slate-600">{t('summary.note')}</p>
    </section>
  );
}
