import { useSearchParams } from 'react-router-dom';
import { choiceFrom, withChoice, type PlanChoice } from './plans.connect';

/** Months and SIM type live in the query: a reload, the back button or a shared link shows the same prices. */
export function usePlanChoice(fallback?: PlanChoice): [PlanChoice, (change: Partial<PlanChoice>) => void] {
  const [params, setParams] = useSearchParams();
  const choice = choiceFrom(params, fallback);
  const change = (next: Partial<PlanChoice>) => setParams((current) => withChoice(current, next), { replace: true, preventScrollReset: true });
  return [choice, change];
}
