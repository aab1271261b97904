/**
 * /personal's auto-renewal and service card (issue 15): the line's planLife, read in the background, and the
 * recovery from the balance ("Pay now"), which answers the new planLife.
 */
import { useCallback, useEffect, useState } from 'react';
import { call } from '../api/client';
import { planLife as planLifeEndpoint, serviceRecover as serviceRecoverEndpoint } from '../contract/planLife';
import type { PlanLife } from '../contract/planLife';

export type PlanLifeState = { status: 'loading' } | { status: 'ready'; life: PlanLife } | { status: 'error' };

export function usePlanLife(enabled: boolean): { state: PlanLifeState; recover: () => Promise<void>; recoverProblem: string | null } {
  const [state, setState] = useState<PlanLifeState>({ status: 'loading' });
  const [recoverProblem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled) return undefined;
    let live = true;
    call(planLifeEndpoint, { silent: true, background: true })
      .then((life) => { if (live) setState({ status: 'ready', life }); })
      .catch(() => { if (live) setState({ status: 'error' }); });
    return () => { live = false; };
  }, [enabled]);
  const recover = useCallback(async () => {
    try {
      setProblem(null);
      setState({ status: 'ready', life: await call(serviceRecoverEndpoint, { body: { method: 'balance' }, silent: true }) });
    } catch (e) {
      setProblem((e as { code?: string }).code ?? 'serverError');
    }
  }, []);
  return { state, recover, recoverProblem };
}
