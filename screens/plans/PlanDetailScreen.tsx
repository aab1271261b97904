/**
 * /plans/{slug} (spec section 2: "slug ending in -plan, plan detail"): everything about one plan, its price for 1, 3,
 * 6 and 12 months, SIM or eSIM, and the buy link. An unknown slug never reaches this screen (the loader sends it to /404).
 */
import { useTranslation } from 'react-i18next';
import { usePlanName } from '../../src/app/forScreens';
import { Link, useLoaderData } from 'react-router-dom';
import { formatMoney } from '../../i18n';
import type { PlanDetailData } from '../../src/contract/pageData';
import type { BundleList, Plan } from '../../src/contract/catalog';
import { buttonPrimary } from '../ui/Section';
import { CatalogUnavailable } from './CatalogUnavailable';
import { Inclusions, PlanData, PlanPrice } from './PlanCard';
import { PlanChoices } from './PlanChoices';
import { StudentOffer } from './StudentOffer';
import { monthOptions, planBuyHref, priceFor, usPlans, type PlanChoice } from './plans.connect';
import { usePlanChoice } from './usePlanChoice';

function PriceTable({ plan, offers, months }: { plan: Plan; offers: BundleList['multiMonth']; months: number }) {
  const { t, i18n } = useTranslation('plans');
  const lang = i18n.language;
  return (
    <table className="w-full text-left text-sm">
      <caption className="pb-2 text-left text-base font-semibold text-slate-900">{t('detail.byMonths')}</caption>
      <thead className="text-slate-600">
        <tr>
          <th scope="col" className="py-2 pr-3 font-medium">{t('detail.colMonths')}</th>
          <th scope="col" className="py-2 pr-3 font-medium">{t('detail.colPerMonth')}</th>
          <th scope="col" className="py-2 pr-3 font-medium">{t('detail.colTotal')}</th>
          <th scope="col" className="py-2 font-medium">{t('detail.colSaving')}</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {monthOptions(offers).map((o) => {
          const price = priceFor(plan, o.months, offers);
          return (
            <tr key={o.months} className={o.months === months ? 'bg-blue-50' : ''} aria-current={o.months === months ? 'true' : undefined}>
              <th scope="row" className="whitespace-nowrap py-2 pr-3 font-semibold text-slate-900">{t('choice.monthsOption', { count: o.months })}</th>
              <td className="whitespace-nowrap py-2 pr-3">{formatMoney(price.perMonthCents, lang)}</td>
              <td className="whitespace-nowrap py-2 pr-3">{formatMoney(price.totalCents, lang)}</td>
              <td className="py-2">{price.savedCents > 0 ? t('detail.saving', { amount: formatMoney(price.savedCents, lang), percent: price.percent }) : '—'}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function OtherPlans({ catalog, current, choice }: { catalog: BundleList; current: Plan; choice: PlanChoice }) {
  const { t, i18n } = useTranslation('plans');
  const planName = usePlanName();
  const others = usPlans(catalog).filter((p) => p.id !== current.id);
  return (
    <nav aria-labelledby="other-plans" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="other-plans" className="text-lg font-semibold text-slate-900">{t('detail.otherPlans')}</h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {others.map((p) => (
          <li key={p.id}>
            <Link to={`/plans/${p.slug}?months=${choice.months}&simType=${choice.simType}`} className="block rounded-xl border border-slate-200 p-4 hover:border-blue-600">
              <span className="block font-semibold text-slate-900" translate="no">{planName(p.name)}</span>
              <span className="block text-sm text-slate-700"><PlanData plan={p} /></span>
              <span className="mt-1 block text-sm text-slate-900">{t('detail.from', { price: formatMoney(p.monthlyPriceCents, i18n.language) })}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function PlanDetailScreen() {
  const { t } = useTranslation('plans');
  const planName = usePlanName();
  const { catalog, plan } = useLoaderData() as PlanDetailData;
  const [choice, setChoice] = usePlanChoice();

  if (!catalog || !plan) {
    return (
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-10">
        <h1 className="text-3xl font-bold text-slate-900">{t('detail.fallbackTitle')}</h1>
        <CatalogUnavailable />
        <Link to="/plans" className="font-semibold text-blue-800 underline">{t('detail.allPlans')}</Link>
      </div>
    );
  }

  const available = plan.simTypes.includes(choice.simType);
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-10 sm:py-14">
      <nav aria-label={t('detail.breadcrumb')} className="text-sm text-slate-600">
        <ol className="flex flex-wrap gap-2">
          <li><Link to="/plans" className="text-blue-800 underline">{t('detail.allPlans')}</Link></li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" translate="no">{planName(plan.name)}</li>
        </ol>
      </nav>
      <div className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t('detail.title', { name: planName(plan.name) })}</h1>
        <p className="mt-2 text-lg text-slate-700"><PlanData plan={plan} /></p>
        <p className="mt-3 text-base text-slate-700">{t(plan.usMinutes === null ? 'detail.intro' : 'detail.introReduced', { count: plan.usMinutes ?? 0 })}</p>
      </div>
      <div className="grid gap-8 lg:grid-cols-5">
        <div className="space-y-6 lg:col-span-3">
          <section aria-labelledby="includes" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <h2 id="includes" className="mb-4 text-lg font-semibold text-slate-900">{t('detail.includes')}</h2>
            <Inclusions plan={plan} withData />
            {!plan.promotionEligible && <p className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{t('plan.noPromotions')}</p>}
          </section>
          <section className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 overflow-x-auto">
            <PriceTable plan={plan} offers={catalog.multiMonth} months={choice.months} />
          </section>
        </div>
        <aside className="order-first space-y-5 lg:order-none lg:col-span-2" aria-label={t('detail.buyBox')}>
          <div className="space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-blue-200 lg:sticky lg:top-4">
            <PlanChoices offers={catalog.multiMonth} choice={choice} onChange={setChoice} framed={false} discounts={plan.promotionEligible} />
            <PlanPrice plan={plan} choice={choice} offers={catalog.multiMonth} />
            {available ? (
              <Link to={planBuyHref(plan, choice)} className={`${buttonPrimary} w-full`}
                aria-label={t('plan.buyNamed', { name: planName(plan.name), sim: t(`simType.${choice.simType}`), count: choice.months })}>
                {t('plan.buy')}
              </Link>
            ) : <p className="text-sm text-slate-700">{t('plan.simTypeUnavailable', { sim: t(`simType.${choice.simType}`) })}</p>}
            <p className="text-xs text-slate-600">{t('notes.taxes')}</p>
            {available && <StudentOffer compact buyHref={planBuyHref(plan, choice)} />}
          </div>
        </aside>
      </div>
      <OtherPlans catalog={catalog} current={plan} choice={choice} />
    </div>
  );
}
