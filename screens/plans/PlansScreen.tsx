/**
 * /plans/propagate (spec section 2, the /plans default): the US plans with their inclusions as spec section 1 states,
 * the months (1, 3, 6, 12) with the multi-month discount, SIM or eSIM, and a buy link per plan to the checkout.
 */
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData } from 'react-router-dom';
import type { PlansData } from '../../src/contract/pageData';
import { CatalogUnavailable } from './CatalogUnavailable';
import { PageHeader } from './PageHeader';
import { PlanCard } from './PlanCard';
import { PlanChoices } from './PlanChoices';
import { StudentOffer } from './StudentOffer';
import { globalDestinationCount } from './global.connect';
import { usPlans } from './plans.connect';
import { usePlanChoice } from './usePlanChoice';

export default function PlansScreen() {
  const { t } = useTranslation('plans');
  const { catalog } = useLoaderData() as PlansData;
  const [choice, setChoice] = usePlanChoice();
  const plans = usPlans(catalog);

  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-10 sm:py-14">
      <PageHeader title={t('us.title')} intro={t('us.intro')} />
      {!catalog ? <CatalogUnavailable /> : (
        <>
          <PlanChoices offers={catalog.multiMonth} choice={choice} onChange={setChoice} />
          <ul className="grid gap-6 pt-2 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5" aria-label={t('us.listLabel')}>
            {plans.map((plan) => <PlanCard key={plan.id} plan={plan} choice={choice} offers={catalog.multiMonth} />)}
          </ul>
        </>
      )}
      <StudentOffer />
      <section className="grid gap-4 rounded-2xl bg-white p-6 text-sm text-slate-700 shadow-sm ring-1 ring-slate-200 md:grid-cols-3" aria-labelledby="plans-notes">
        <h2 id="plans-notes" className="text-base font-semibold text-slate-900 md:col-span-3">{t('notes.title')}</h2>
        <p>{t('notes.multiMonth')}</p>
        <p>{t('notes.shipping')}</p>
        <p>
          {t('notes.esim')}{' '}
          <Link to="/esim" className="font-semibold text-blue-800 underline">{t('notes.esimLink')}</Link>
        </p>
        <p>{t('notes.taxes')}</p>
        <p>{t('notes.personalUse')}</p>
        <p>
          {catalog ? t('notes.global', { count: globalDestinationCount(catalog.global) }) : t('notes.globalNoCount')}{' '}
          <Link to="/plans/global" className="font-semibold text-blue-800 underline">{t('notes.globalLink')}</Link>
        </p>
      </section>
    </div>
  );
}
