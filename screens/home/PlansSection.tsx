import { useTranslation } from 'react-i18next';
import { usePlanName, AppLink } from '../../src/app/forScreens';
import type { BundleList, Plan } from '../../src/contract/catalog';
import { formatMoney } from '../../i18n';
import { formatDataMb } from '../ui/format';
import { Check, Section, buttonPrimary, buttonSecondary } from '../ui/Section';

function PlanCard({ plan }: { plan: Plan }) {
  const { t, i18n } = useTranslation('home');
  const planName = usePlanName();
  const lang = i18n.language;
  const data = plan.highSpeedDataMb === null ? t('plans.unlimitedData') : t('plans.data', { amount: formatDataMb(plan.highSpeedDataMb, lang) });
  const features = [
    plan.usMinutes === null ? t('plans.features.unlimitedCalls') : t('plans.features.minutes', { count: plan.usMinutes }),
    t('plans.features.chinaLandlines'),
    t('plans.features.globalTexting'),
    t('plans.features.wifiCalling'),
    t('plans.features.hotspot'),
    t('plans.features.basicData'),
  ];
  return (
    <li className={`relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm ${plan.featured ? 'border-blue-600 ring-2 ring-blue-600' : 'border-slate-200'}`}>
      {plan.featured && (
        <p className="absolute -top-3 left-6 rounded-full bg-blue-700 px-3 py-0.5 text-xs font-semibold text-white">{t('plans.popular')}</p>
      )}
      <h3 className="text-lg font-semibold text-slate-900">{planName(plan.name)}</h3>
      <p className="mt-1 text-sm text-slate-700">{data}</p>
      <p className="mt-4 flex items-baseline gap-1">
        <span className="text-3xl font-bold text-slate-900">{formatMoney(plan.monthlyPriceCents, lang)}</span>
        <span className="text-sm text-slate-600">{t('plans.perMonth')}</span>
      </p>
      <ul className="mt-5 flex-1 space-y-2 text-sm text-slate-700">
        {features.map((f) => <li key={f} className="flex gap-2"><Check />{f}</li>)}
      </ul>
      {!plan.promotionEligible && <p className="mt-4 text-xs text-slate-600">{t('plans.noPromotions')}</p>}
      <AppLink to={`/plans/${plan.slug}`} className={`mt-6 ${plan.featured ? buttonPrimary : buttonSecondary}`} aria-label={t('plans.chooseNamed', { name: planName(plan.name) })}>
        {t('plans.choose')}
      </AppLink>
    </li>
  );
}

function MultiMonth({ catalog }: { catalog: BundleList }) {
  const { t, i18n } = useTranslation('home');
  const sample = catalog.plans.find((p) => p.featured && p.promotionEligible) ?? catalog.plans.find((p) => p.promotionEligible);
  const offers = catalog.multiMonth.filter((m) => m.discountPercent > 0);
  if (!sample || offers.length === 0) return null;
  return (
    <div className="mt-12 rounded-2xl bg-blue-50 p-6 sm:p-8">
      <h3 className="text-xl font-semibold text-slate-900">{t('multiMonth.title')}</h3>
      <p className="mt-2 text-sm text-slate-700">{t('multiMonth.intro', { plan: sample.name })}</p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-3">
        {offers.map((m) => {
          const perMonth = Math.round(sample.monthlyPriceCents * (1 - m.discountPercent / 100));
          return (
            <li key={m.months} className="rounded-xl bg-white p-5 shadow-sm">
              <p className="text-sm font-medium text-slate-700">{t('multiMonth.months', { count: m.months })}</p>
              <p className="mt-1 text-2xl font-bold text-blue-800">{t('multiMonth.save', { percent: m.discountPercent })}</p>
              <p className="mt-1 text-sm text-slate-700">{t('multiMonth.perMonth', { price: formatMoney(perMonth, i18n.language) })}</p>
            </li>
          );
        })}
      </ul>
      <p className="mt-4 text-xs text-slate-600">{t('multiMonth.note')}</p>
    </div>
  );
}

export function PlansSection({ catalog, failed }: { catalog: BundleList | null; failed: boolean }) {
  const { t } = useTranslation('home');
  const plans = (catalog?.plans ?? []).filter((p) => p.kind === 'us').sort((a, b) => a.monthlyPriceCents - b.monthlyPriceCents);
  return (
    <Section id="plans" title={t('plans.title')} intro={t('plans.intro')}>
      {failed || !catalog ? (
        <div role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-5 text-sm text-slate-800">
          <p className="font-semibold">{t('plans.unavailableTitle')}</p>
          <p className="mt-1">{t('plans.unavailableBody')}</p>
          <AppLink to="/plans" className="mt-3 inline-block font-semibold text-blue-800 underline">{t('plans.seeAll')}</AppLink>
        </div>
      ) : (
        <>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
            {plans.map((p) => <PlanCard key={p.id} plan={p} />)}
          </ul>
          <MultiMonth catalog={catalog} />
        </>
      )}
    </Section>
  );
}
