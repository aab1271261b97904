/**
 * /activation/propagate (spec section 2; spec section 8 "current ICCID has no plan"): the card step 1 proved has no
 * plan, so the customer chooses one here, with the plan pages' own cards: US plans for a US card (its SIM type fixed),
 * the data packs for the global SIM. Buying leads to /activation/bundleForm, the checkout for this one card.
 */
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router-dom';
import { countryName } from '../../i18n';
import type { PlansData } from '../../src/contract/pageData';
import type { Plan } from '../../src/contract/catalog';
import { setItem } from '../../src/storage';
import { ActivationCardInfo, activationKey } from '../checkout';
import { CatalogUnavailable, PlanCard, PlanChoices, RegionSection, regionViews, usePlanChoice, usPlans, type PlanChoice } from '../plans';
import { VerbatimText } from '../ui/Verbatim';
import { useActivation } from './useActivation';

/** The checkout of activation reads the plan or pack, and the months, from its link (screens/checkout/checkoutUrls.ts). */
export const activationPlanHref = (plan: Pick<Plan, 'slug'>, choice: PlanChoice): string =>
  `/activation/bundleForm?${new URLSearchParams({ plan: plan.slug, months: String(choice.months) })}`;
export const activationPackHref = (packId: number): string => `/activation/bundleForm?${new URLSearchParams({ pack: String(packId) })}`;

export default function PropagateScreen() {
  const { t, i18n } = useTranslation(['checkout', 'plans']);
  const { catalog } = useLoaderData() as PlansData;
  const { snapshot, send } = useActivation();
  const { card, activationToken } = snapshot.context;
  const [choice, setChoice] = usePlanChoice();
  const regions = useMemo(() => (catalog ? regionViews(catalog.global, i18n.language, countryName) : []), [catalog, i18n.language]);

  // The checkout of this card (another layout) reads the card and its token from this tab's session.
  useEffect(() => {
    if (card && activationToken) setItem('activation/card', { activationToken, card });
  }, [card, activationToken]);

  if (!card) return null;
  const global = card.kind === 'global';
  const fixedChoice: PlanChoice = { ...choice, simType: card.simType };
  const plans = usPlans(catalog).filter((p) => p.simTypes.includes(card.simType));

  return (
    <div className="space-y-8" data-testid="activation-propagate">
      {/* The activation layout holds the page's h1; this step is a section of it. */}
      <div>
        <h2 className="text-xl font-semibold text-slate-900">{t(activationKey('propagateTitle', card.kind))}</h2>
        <p className="mt-2 text-base text-slate-700">
          <VerbatimText k={global ? 'checkout:activationPlan.propagateIntroGlobal' : 'checkout:activationPlan.propagateIntro'} values={{ last4: card.iccid.slice(-4) }} />
        </p>
        <div className="mt-4"><ActivationCardInfo card={card} /></div>
      </div>
      {!catalog ? <CatalogUnavailable /> : global ? (
        <div className="space-y-6">
          {regions.map((region) => <RegionSection key={region.code} region={region} simType={card.simType} buyHref={activationPackHref} />)}
        </div>
      ) : (
        <>
          <PlanChoices offers={catalog.multiMonth} choice={fixedChoice} onChange={setChoice} simTypeFixed />
          <ul className="grid gap-6 pt-2 sm:grid-cols-2" aria-label={t('activationPlan.plansLabel')}>
            {plans.map((plan) => (
              <PlanCard key={plan.id} plan={plan} choice={fixedChoice} offers={catalog.multiMonth} buyHref={activationPlanHref} details={false} heading="h3" />
            ))}
          </ul>
        </>
      )}
      <button type="button" onClick={() => send({ type: 'sim.forget' })}
        className="text-sm font-semibold text-blue-800 underline hover:text-blue-900">
        {t('activationPlan.otherCard')}
      </button>
    </div>
  );
}
