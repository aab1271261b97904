/**
 * Route guards of spec section 2, as a pure decision so tests can check them without a router.
 * - hasPermission: "Without login the user is redirected to /login" (with the page to come back to).
 * - hasIsSmsUser: "A user with isSmsUser equal to 1 is redirected to /personal" (decision 0002).
 * - A route a later issue builds goes to /404 until its screen exists.
 * - A global data SIM customer lands on the global pages (issue 14): a US page with a global twin sends there.
 */
import type { PersonalData } from '../storage';
import { loginPath } from './navigation';
import { isServed, type AppRoute } from './routeModel';
import { NOT_FOUND_PATH } from './routes';

export interface GuardInput {
  route: Pick<AppRoute, 'flags' | 'screen' | 'redirect' | 'empty' | 'servedBy'>;
  /** pathname + search of the requested page */
  path: string;
  loggedIn: boolean;
  personal: PersonalData | null;
}

/** The account pages that have a global data SIM's own page (spec section 2, global-card pages). */
export const GLOBAL_TWINS: Readonly<Record<string, string>> = {
  '/personal/myinfo': '/global/personal/myinfo',
  '/person/scanInstall': '/global/scanInstall',
};

/** Where to send the user instead, or null to let the route render. */
export function guardRedirect({ route, path, loggedIn, personal }: GuardInput): string | null {
  if (!isServed(route as AppRoute)) return NOT_FOUND_PATH;
  if (route.flags.hasPermission && !loggedIn) return loginPath(path);
  if (route.flags.hasIsSmsUser && personal?.isSmsUser === 1) return '/personal';
  const twin = personal?.global ? GLOBAL_TWINS[path.split('?')[0]!] : undefined;
  return twin ?? null;
}
