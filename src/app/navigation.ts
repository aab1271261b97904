/**
 * Navigation for code outside React (the API error handler): the router registers itself here, so
 * src/app/api.ts never imports the router (which imports the loaders, which import the API).
 */
type Navigate = (to: string, opts?: { replace?: boolean }) => void;

let navigator: Navigate = (to) => { window.location.assign(to); };
export const setNavigator = (n: Navigate) => { navigator = n; };
export const navigateTo: Navigate = (to, opts) => navigator(to, opts);

/** The current path and query, as /login?redirect= wants it. */
export const currentPath = (): string =>
  typeof window === 'undefined' ? '/' : `${window.location.pathname}${window.location.search}`;

export const loginPath = (redirectTo: string): string =>
  redirectTo && redirectTo !== '/login' && !redirectTo.startsWith('/login?')
    ? `/login?redirect=${encodeURIComponent(redirectTo)}`
    : '/login';
