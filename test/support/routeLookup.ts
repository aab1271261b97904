/** Route lookups for layout tests: which pages exist decides which links the header, footer and menus offer. */
import type { FindRoute } from '../../src/app/routeLookup';
import type { AppRoute } from '../../src/app/routeModel';
import { findRoute } from '../../src/app/routes';

const screen = async () => ({ default: () => null });

/** The route table with every page built except `missing` (each goes to /404 as a later issue's page does). */
export const servedExcept = (missing: readonly string[]): FindRoute => (path) => {
  const route = findRoute(path);
  if (!route) return undefined;
  if (missing.includes(path)) return { ...route, screen: undefined, redirect: undefined, empty: undefined, servedBy: 'later' } satisfies AppRoute;
  return route.screen || route.redirect || route.empty ? route : { ...route, screen, servedBy: undefined };
};
