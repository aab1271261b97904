/**
 * The Lunar New Year campaign's editions (decision 0042): the spec's dated edition is configuration kept as a past one;
 * the sandbox adds a current edition around the day the gateway first answers for it (its clock), so a person trying
 * the product can take part. A production gateway has only the configured editions.
 */
import { endsAt, isOpen, LUNAR_NEW_YEAR_EDITIONS, sandboxLunarNewYear, type CampaignEdition } from '../../domain/campaigns';
import type { Deps } from '../context';

const sandboxEditions = new WeakMap<object, CampaignEdition>();

export function lunarNewYearEditions(deps: Deps): CampaignEdition[] {
  if (!deps.config.sandbox) return [...LUNAR_NEW_YEAR_EDITIONS];
  let current = sandboxEditions.get(deps.config);
  if (!current) sandboxEditions.set(deps.config, (current = sandboxLunarNewYear(deps.clock.now())));
  return [...LUNAR_NEW_YEAR_EDITIONS, current];
}

export const currentEdition = (deps: Deps, now = deps.clock.now()): CampaignEdition | null =>
  lunarNewYearEditions(deps).find((e) => isOpen(e, now)) ?? null;

export const pastEditions = (deps: Deps, now = deps.clock.now()): CampaignEdition[] =>
  lunarNewYearEditions(deps).filter((e) => endsAt(e) <= now).sort((a, b) => b.starts.localeCompare(a.starts));

export const editionById = (deps: Deps, id: string): CampaignEdition | null => lunarNewYearEditions(deps).find((e) => e.id === id) ?? null;
