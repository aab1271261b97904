/**
 * What other areas compose of the plan pages: /activation/propagate offers the card being activated the plan pages'
 * own cards, choices and data-pack regions.
 */
export { CatalogUnavailable } from './CatalogUnavailable';
export { RegionSection } from './GlobalScreen';
export { PlanCard } from './PlanCard';
export { PlanChoices } from './PlanChoices';
export { regionViews } from './global.connect';
export { usPlans, type PlanChoice } from './plans.connect';
export { usePlanChoice } from './usePlanChoice';
