/**
 * The bank card points programme's editions (decision 0043): configuration (src/domain/welfare.ts; the spec dates none),
 * and in the sandbox a current edition around the day its gateway first answers for it (its clock), so a person trying
 * the product can join. A production gateway has only the configured editions.
 */
import { sandboxWelfare, WELFARE_EDITIONS, welfareOpen, type WelfareEdition } from '../../domain/welfare';
import type { Deps } from '../context';

const sandboxEditions = new WeakMap<object, WelfareEdition>();

export function welfareEditions(deps: Deps): WelfareEdition[] {
  if (!deps.config.sandbox) return [...WELFARE_EDITIONS];
  let current = sandboxEditions.get(deps.config);
  if (!current) sandboxEditions.set(deps.config, (current = sandboxWelfare(deps.clock.now())));
  return [...WELFARE_EDITIONS, current];
}

export const currentWelfareEdition = (deps: Deps, now = deps.clock.now()): WelfareEdition | null =>
  welfareEditions(deps).find((e) => welfareOpen(e, now)) ?? null;
