/** One US plan: data, the price for the chosen months, what it includes (spec section 1), and the buy link. */
import { useTranslation } from 'react-i18next';
import { usePlanName } from '../../src/app/forScreens';
import { Link } from 'react-router-dom';
import { formatMoney } from '../../i18n';
import type { BundleList, Plan } from '../../src/contract/catalog';
import { Check, buttonPrimary, buttonSecondary } from '../ui/Section';
import { formatDataMb } from '../ui/format';
import { inclusionKeys, planBuyHref, priceFor, type PlanChoice } from './plans.connect';

export function PlanData({ plan }: { plan: Plan }) {
  const { t, i18n } = useTranslation('plans');
  return <>{plan.highSpeedDataMb === null ? t('plan.unlimitedData') : t('plan.data', { amount: formatDataMb(plan.highSpeedDataMb, i18n.language) })}</>;
}

export function PlanPrice({ plan, choice, offers }: { plan: Plan; choice: PlanChoice; offers: BundleList['multiMonth'] }) {
  const { t, i18n } = useTranslation('plans');
  const lang = i18n.language;
  const price = priceFor(plan, choice.months, offers);
  return (
    <div data-testid={`price-${plan.slug}`}>
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="text-3xl font-bold text-slate-900 xl:text-2xl" data-testid="per-month">{formatMoney(price.perMonthCents, lang)}</span>
        <span className="text-sm text-slate-600">{t('price.perMonth')}</span>
        {price.percent > 0 && (
          <>
            <s className="text-sm text-slate-500" aria-hidden="true">{formatMoney(plan.monthlyPriceCents, lang)}</s>
            <span className="sr-only">{t('price.wasLabel', { price: formatMoney(plan.monthlyPriceCents, lang) })}</span>
          </>
        )}
      </p>
      {choice.months > 1 && (
        <p className="mt-1 text-sm text-slate-700" data-testid="total">{t('price.total', { total: formatMoney(price.totalCents, lang), count: choice.months })}</p>
      )}
      {price.savedCents > 0 && (
        <p className="mt-1 text-sm font-semibold text-emerald-800">{t('price.saved', { amount: formatMoney(price.savedCents, lang), percent: price.percent })}</p>
      )}
      {choice.months > 1 && !plan.promotionEligible && <p className="mt-1 text-xs text-slate-600">{t('price.noMultiMonth')}</p>}
    </div>
  );
}

/** The inclusions of spec section 1; `withData` leads with the high-speed data where no heading says it already. */
export function Inclusions({ plan, withData = false }: { plan: Plan; withData?: boolean }) {
  const { t } = useTranslation('plans');
  const named = inclusionKeys(plan).map((key) => t(key, { defaultValue: '' })).filter(Boolean);
  const items = withData ? [<PlanData key="data" plan={plan} />, ...named] : named;
  return (
    <ul className="space-y-2 text-sm text-slate-700">
      {items.map((item, i) => <li key={i} className="flex gap-2"><Check />{item}</li>)}
    </ul>
  );
}

/** `buyHref` says where the plan is bought (activation buys it for the card being activated, without a details link). */
export function PlanCard({ plan, choice, offers, heading: Heading = 'h2', buyHref = planBuyHref, details = true }: {
  plan: Plan; choice: PlanChoice; offers: BundleList['multiMonth']; heading?: 'h2' | 'h3'; buyHref?: (plan: Plan, choice: PlanChoice) => string; details?: boolean;
}) {
  const { t } = useTranslation('plans');
  const planName = usePlanName();
  const available = plan.simTypes.includes(choice.simType);
  return (
    <li className={`relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm ${plan.featured ? 'border-blue-600 ring-2 ring-blue-600' : 'border-slate-200'}`}
      aria-labelledby={`plan-${plan.slug}`} data-testid={`plan-${plan.slug}`}>
      {plan.featured && <p className="absolute -top-3 left-6 rounded-full bg-blue-700 px-3 py-0.5 text-xs font-semibold text-white">{t('plan.popular')}</p>}
      <Heading id={`plan-${plan.slug}`} className="text-xl font-semibold text-slate-900"><span translate="no">{planName(plan.name)}</span></Heading>
      <p className="mt-1 text-sm text-slate-700"><PlanData plan={plan} /></p>
      <div className="mt-4"><PlanPrice plan={plan} choice={choice} offers={offers} /></div>
      <div className="mt-5 flex-1"><Inclusions plan={plan} /></div>
      {!plan.promotionEligible && <p className="mt-4 rounded-lg bg-amber-50 p-3 text-xs text-amber-900">{t('plan.noPromotions')}</p>}
      <div className="mt-6 flex flex-col gap-2">
        {available ? (
          <Link to={buyHref(plan, choice)} className={buttonPrimary} aria-label={t('plan.buyNamed', { name: planName(plan.name), sim: t(`simType.${choice.simType}`), count: choice.months })}>
            {t('plan.buy')}
          </Link>
        ) : (
          <p className="text-sm text-slate-700">{t('plan.simTypeUnavailable', { sim: t(`simType.${choice.simType}`) })}</p>
        )}
        {details && (
          <Link to={`/plans/${plan.slug}?months=${choice.months}&simType=${choice.simType}`} className={buttonSecondary}
            aria-label={t('plan.detailsNamed', { name: planName(plan.name) })}>
            {t('plan.details')}
          </Link>
        )}
      </div>
    </li>
  );
}
