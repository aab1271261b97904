/**
 * /esim/cardPurchase/index (spec section 2, the /esim default): buying an eSIM. Spec section 4: "eSIM QR by email in
 * about 5 minutes ... eSIM QR valid 30 days"; spec section 5: "A CN-made phone cannot use eSIM". The phone check
 * (/phone-detection) is linked once that route is served, below the list of what to check.
 */
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData } from 'react-router-dom';
import type { PlansData } from '../../src/contract/pageData';
import { isServed, useFindRoute } from '../../src/app/forScreens';
import { buttonSecondary } from '../ui/Section';
import { CatalogUnavailable } from './CatalogUnavailable';
import { PageHeader } from './PageHeader';
import { PlanCard } from './PlanCard';
import { PlanChoices } from './PlanChoices';
import { usPlans } from './plans.connect';
import { usePlanChoice } from './usePlanChoice';

const PHONE_CHECK = '/phone-detection';
const STEPS = ['choose', 'email', 'scan', 'activate'] as const;
const CHECKLIST = ['esimCapable', 'notChina', 'unlocked', 'wifi'] as const;

function Compatibility() {
  const { t } = useTranslation('plans');
  const findRoute = useFindRoute();
  const phoneCheck = findRoute(PHONE_CHECK);
  return (
    <section aria-labelledby="esim-compat" className="rounded-2xl border border-amber-300 bg-amber-50 p-6">
      <h2 id="esim-compat" className="text-xl font-semibold text-slate-900">{t('esim.compatTitle')}</h2>
      <p className="mt-2 text-sm font-semibold text-amber-950">{t('esim.chinaPhones')}</p>
      <p className="mt-3 text-sm text-slate-800">{t('esim.checklistIntro')}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-800">
        {CHECKLIST.map((item) => <li key={item}>{t(`esim.checklist.${item}`)}</li>)}
      </ul>
      {/* The phone check answers by the IMEI once it is served (issue 18). */}
      {phoneCheck && isServed(phoneCheck) && <Link to={PHONE_CHECK} className={`mt-4 ${buttonSecondary}`}>{t('esim.phoneCheck')}</Link>}
    </section>
  );
}

export default function EsimScreen() {
  const { t } = useTranslation('plans');
  const { catalog } = useLoaderData() as PlansData;
  const [choice, setChoice] = usePlanChoice({ months: 1, simType: 'esim' });
  const esim = { ...choice, simType: 'esim' as const };
  const plans = usPlans(catalog).filter((p) => p.simTypes.includes('esim'));

  return (
    <div className="mx-auto max-w-6xl space-y-10 px-4 py-10 sm:py-14">
      <PageHeader title={t('esim.title')} intro={t('esim.intro')} />
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="esim-how" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h2 id="esim-how" className="text-xl font-semibold text-slate-900">{t('esim.howTitle')}</h2>
          <ol className="mt-4 space-y-4">
            {STEPS.map((step, i) => (
              <li key={step} className="flex gap-3">
                <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-blue-700 text-sm font-bold text-white" aria-hidden="true">{i + 1}</span>
                <div>
                  <p className="font-semibold text-slate-900">{t(`esim.steps.${step}.title`)}</p>
                  <p className="text-sm text-slate-700">{t(`esim.steps.${step}.body`)}</p>
                </div>
              </li>
            ))}
          </ol>
          <p className="mt-4 text-sm text-slate-700">{t('esim.validity')}</p>
        </section>
        <Compatibility />
      </div>

      <section aria-labelledby="esim-plans" className="space-y-6">
        <div>
          <h2 id="esim-plans" className="text-2xl font-bold text-slate-900">{t('esim.plansTitle')}</h2>
          <p className="mt-2 text-sm text-slate-700">{t('esim.plansIntro')}</p>
        </div>
        {!catalog ? <CatalogUnavailable /> : (
          <>
            <PlanChoices offers={catalog.multiMonth} choice={esim} onChange={setChoice} simTypeFixed />
            <ul className="grid gap-6 pt-2 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5" aria-label={t('esim.plansTitle')}>
              {plans.map((plan) => <PlanCard key={plan.id} plan={plan} choice={esim} offers={catalog.multiMonth} heading="h3" />)}
            </ul>
            <p className="text-sm text-slate-700">
              {t('esim.globalNote')}{' '}
              <Link to="/plans/global?simType=esim" className="font-semibold text-blue-800 underline">{t('esim.globalLink')}</Link>
            </p>
          </>
        )}
      </section>
    </div>
  );
}
