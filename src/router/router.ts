/**
 * The data router with react-router 7's semantics for what the product uses (decision 0050): a navigation matches
 * the route table, loads the lazy routes' code and runs the loaders that must run (new routes, changed params, a
 * changed query or the same URL again, all on revalidation), keeps the page shown with `navigation.state` 'loading'
 * meanwhile, then commits the location, matches and data at once; a redirect (a 3xx Response with a Location, thrown
 * or returned) starts a navigation to it; an error shows the nearest error boundary; a newer navigation aborts the one
 * pending. The server's static handler runs the same loaders for one request.
 */
import type { ComponentType, ReactNode } from 'react';
import { createPath, matchBranches, parsePath, rankedBranches, resolveTo, resolveToMatches, type Params, type Path, type RouteMatch, type To } from './paths';

export interface LoaderFunctionArgs {
  request: Request;
  params: Params;
  context?: unknown;
}

export interface RouteObject {
  id?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteObject[];
  loader?: (args: LoaderFunctionArgs) => unknown;
  lazy?: () => Promise<Partial<RouteObject>>;
  Component?: ComponentType | null;
  element?: ReactNode;
  ErrorBoundary?: ComponentType | null;
  errorElement?: ReactNode;
  HydrateFallback?: ComponentType | null;
  hydrateFallbackElement?: ReactNode;
  handle?: unknown;
}

export interface DataRoute extends RouteObject {
  id: string;
  children?: DataRoute[];
}

export type DataMatch = RouteMatch<DataRoute>;

export interface Location extends Path {
  state: unknown;
  key: string;
}

export type HistoryAction = 'POP' | 'PUSH' | 'REPLACE';

export interface Navigation {
  state: 'idle' | 'loading';
  location?: Location;
}

export interface RouterState {
  historyAction: HistoryAction;
  location: Location;
  matches: DataMatch[];
  initialized: boolean;
  renderFallback: boolean;
  navigation: Navigation;
  revalidation: 'idle' | 'loading';
  loaderData: Record<string, unknown>;
  actionData: Record<string, unknown> | null;
  errors: Record<string, unknown> | null;
}

export interface HydrationState {
  loaderData?: Record<string, unknown>;
  actionData?: Record<string, unknown> | null;
  errors?: Record<string, unknown> | null;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
  fromRouteId?: string;
}

export interface Router {
  readonly state: RouterState;
  readonly routes: DataRoute[];
  navigate(to: To | number, opts?: NavigateOptions): Promise<void>;
  revalidate(): Promise<void>;
  subscribe(fn: (state: RouterState) => void): () => void;
  createHref(location: Partial<Path>): string;
  dispose(): void;
}

interface History {
  readonly location: Location;
  push(location: Location): void;
  replace(location: Location): void;
  go(delta: number): void;
  listen(fn: (location: Location) => void): () => void;
  createURL(location: Partial<Path>): URL;
}

const IDLE: Navigation = { state: 'idle' };
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** react-router's `redirect`: a 302 (or the given status) with the Location header. */
export function redirect(url: string, init: number | ResponseInit = 302): Response {
  const responseInit = typeof init === 'number' ? { status: init } : { status: 302, ...init };
  const headers = new Headers(responseInit.headers);
  headers.set('Location', url);
  return new Response(null, { ...responseInit, headers });
}

const isRedirect = (value: unknown): value is Response =>
  value instanceof Response && REDIRECT_STATUSES.has(value.status) && value.headers.has('Location');

const createKey = () => Math.random().toString(36).substring(2, 10);

function createLocation(current: string | Location, to: To, state: unknown = null, key?: string): Location {
  return {
    pathname: typeof current === 'string' ? current : current.pathname,
    search: '',
    hash: '',
    ...(typeof to === 'string' ? parsePath(to) : to),
    state,
    key: (to && typeof to !== 'string' && (to as Partial<Location>).key) || key || createKey(),
  };
}

/** Route ids as react-router gives them (the tree path, "0-3-1", unless the route names its own). */
function toDataRoutes(routes: RouteObject[], parentPath: string[] = []): DataRoute[] {
  return routes.map((route, index) => {
    const treePath = [...parentPath, String(index)];
    const id = typeof route.id === 'string' ? route.id : treePath.join('-');
    return { ...route, id, children: route.children ? toDataRoutes(route.children, treePath) : undefined };
  });
}

const hasLoader = (route: DataRoute) => typeof route.loader === 'function';

async function loadLazy(route: DataRoute): Promise<void> {
  if (!route.lazy) return;
  const lazy = route.lazy;
  const loaded = await lazy();
  // Another navigation may have loaded it meanwhile; the route's own properties are kept, as react-router does.
  if (route.lazy !== lazy) return;
  for (const [key, value] of Object.entries(loaded)) {
    if ((route as unknown as Record<string, unknown>)[key] === undefined) (route as unknown as Record<string, unknown>)[key] = value;
  }
  route.lazy = undefined;
}

type Result = { type: 'data'; data: unknown } | { type: 'error'; error: unknown } | { type: 'redirect'; response: Response } | undefined;

/** Loads a match's code and runs its loader (both at once); what the loader answered, threw or redirected to. */
async function runMatch(match: DataMatch, request: Request): Promise<Result> {
  try {
    const [, value] = await Promise.all([loadLazy(match.route), match.route.loader?.({ request, params: match.params, context: undefined })]);
    return isRedirect(value) ? { type: 'redirect', response: value } : { type: 'data', data: value };
  } catch (error) {
    return isRedirect(error) ? { type: 'redirect', response: error } : { type: 'error', error };
  }
}

/** The route whose error boundary shows an error thrown at `index`: the nearest at or above with one, else the root. */
function boundaryOf(matches: DataMatch[], index: number): DataMatch {
  for (let i = index; i >= 0; i--) if (matches[i]!.route.ErrorBoundary || matches[i]!.route.errorElement) return matches[i]!;
  return matches[0]!;
}

/** The loaders' answers as loaderData and errors (react-router's processLoaderData). */
function processResults(matches: DataMatch[], results: Result[]): { loaderData: Record<string, unknown>; errors: Record<string, unknown> | null } {
  const loaderData: Record<string, unknown> = {};
  let errors: Record<string, unknown> | null = null;
  results.forEach((result, i) => {
    const id = matches[i]!.route.id;
    if (!result) return;
    if (result.type === 'error') {
      const boundary = boundaryOf(matches, i);
      errors ??= {};
      if (errors[boundary.route.id] === undefined) errors[boundary.route.id] = result.error;
    } else if (result.type === 'data') {
      loaderData[id] = result.data;
    }
  });
  return { loaderData, errors };
}

class NotFound extends Error {
  readonly status = 404;
  readonly statusText = 'Not Found';
  constructor(pathname: string) {
    super(`No route matches URL "${pathname}"`);
  }
}

/** What shows when nothing matches: the 404 error at the root (or first layout) route. */
function notFoundMatches(routes: DataRoute[], pathname: string): { matches: DataMatch[]; errors: Record<string, unknown> } {
  const route = routes.find((r) => r.index || !r.path || r.path === '/') ?? { id: '__shim-error-route__' };
  return { matches: [{ params: {}, pathname: '', pathnameBase: '', route }], errors: { [route.id]: new NotFound(pathname) } };
}

function createRouter(history: History, routes: RouteObject[], hydrationData?: HydrationState): Router {
  const dataRoutes = toDataRoutes(routes);
  const branches = rankedBranches(dataRoutes);
  const subscribers = new Set<(state: RouterState) => void>();

  let matches = matchBranches(branches, history.location);
  let initialErrors: Record<string, unknown> | null = null;
  let initialized: boolean;
  let renderFallback: boolean;
  if (!matches) {
    ({ matches, errors: initialErrors } = notFoundMatches(dataRoutes, history.location.pathname));
    initialized = true;
    renderFallback = false;
  } else if (matches.some((m) => m.route.lazy)) {
    initialized = false;
    renderFallback = true;
  } else {
    const loaderData = hydrationData?.loaderData;
    const errors = hydrationData?.errors;
    let relevant = matches;
    if (errors) relevant = matches.slice(0, matches.findIndex((m) => errors[m.route.id] !== undefined) + 1);
    initialized = !relevant.some((m) => hasLoader(m.route) && !(loaderData && m.route.id in loaderData) && !(errors && errors[m.route.id] !== undefined));
    renderFallback = !initialized;
  }

  let state: RouterState = {
    historyAction: 'POP',
    location: history.location,
    matches,
    initialized,
    renderFallback,
    navigation: IDLE,
    revalidation: 'idle',
    loaderData: hydrationData?.loaderData ?? {},
    actionData: hydrationData?.actionData ?? null,
    errors: hydrationData?.errors ?? initialErrors,
  };
  let pendingAction: HistoryAction = 'POP';
  let pendingController: AbortController | null = null;
  let uninterruptedRevalidation = false;
  let revalidationRequired = false;
  let settleRevalidation: (() => void) | null = null;
  let revalidationDone: Promise<void> | null = null;

  const update = (next: Partial<RouterState>) => {
    state = { ...state, ...next };
    for (const fn of [...subscribers]) fn(state);
  };

  function complete(location: Location, next: { matches: DataMatch[]; loaderData?: Record<string, unknown>; errors?: Record<string, unknown> | null }) {
    let loaderData = state.loaderData;
    if (next.loaderData) {
      // react-router's mergeLoaderData: data kept for the routes still shown whose loaders did not run.
      loaderData = { ...next.loaderData };
      for (const match of next.matches) {
        const id = match.route.id;
        if (!(id in next.loaderData) && id in state.loaderData && match.route.loader) loaderData[id] = state.loaderData[id];
        if (next.errors && id in next.errors) break;
      }
    }
    if (!uninterruptedRevalidation) {
      if (pendingAction === 'PUSH') history.push(location);
      else if (pendingAction === 'REPLACE') history.replace(location);
    }
    update({ ...next, actionData: null, loaderData, historyAction: pendingAction, location, initialized: true, renderFallback: false, navigation: IDLE, revalidation: 'idle' });
    pendingAction = 'POP';
    uninterruptedRevalidation = false;
    revalidationRequired = false;
    settleRevalidation?.();
    settleRevalidation = null;
    revalidationDone = null;
  }

  async function startNavigation(action: HistoryAction, location: Location, opts: { replace?: boolean; overrideNavigation?: Navigation; initialHydration?: boolean; uninterrupted?: boolean } = {}): Promise<void> {
    pendingController?.abort();
    pendingController = null;
    pendingAction = action;
    uninterruptedRevalidation = opts.uninterrupted === true;
    const found = opts.initialHydration && state.matches.length > 0 ? state.matches : matchBranches(branches, location);
    if (found && state.initialized && !revalidationRequired && location.hash && location.pathname === state.location.pathname && location.search === state.location.search && location.hash !== state.location.hash) {
      complete(location, { matches: found });
      return;
    }
    if (!found) {
      complete(location, { ...notFoundMatches(dataRoutes, location.pathname), loaderData: {} });
      return;
    }
    const controller = new AbortController();
    pendingController = controller;
    const url = history.createURL(location);
    const request = new Request(url.href, { signal: controller.signal });
    const current = new URL(history.createURL(state.location).href);
    const sameUrl = current.pathname + current.search === url.pathname + url.search;
    const toLoad = found.map((match, i) => {
      const route = match.route;
      if (route.lazy) return true;
      if (!hasLoader(route)) return false;
      if (opts.initialHydration) return !(route.id in state.loaderData) && !(state.errors && state.errors[route.id] !== undefined);
      const before = state.matches[i];
      if (!before || before.route.id !== route.id || !(route.id in state.loaderData)) return true;
      const path = before.route.path;
      const newInstance = before.pathname !== match.pathname || (path != null && path.endsWith('*') && before.params['*'] !== match.params['*']);
      return revalidationRequired || sameUrl || current.search !== url.search || newInstance;
    });
    if (!toLoad.some(Boolean)) {
      pendingController = null;
      complete(location, { matches: found, loaderData: {}, errors: null });
      return;
    }
    if (!uninterruptedRevalidation && !opts.initialHydration) update({ navigation: opts.overrideNavigation ?? { state: 'loading', location } });
    const results = await Promise.all(found.map((match, i) => (toLoad[i] ? runMatch(match, request) : undefined)));
    if (controller.signal.aborted) return;
    pendingController = null;
    const redirected = results.find((r) => r?.type === 'redirect');
    if (redirected?.type === 'redirect') {
      await startRedirect(redirected.response, url, opts.replace);
      return;
    }
    const { loaderData, errors } = processResults(found, results);
    complete(location, { matches: found, loaderData, errors: opts.initialHydration && state.errors ? { ...state.errors, ...errors } : errors });
  }

  async function startRedirect(response: Response, from: URL, replace: boolean | undefined) {
    let to = response.headers.get('Location')!;
    if (ABSOLUTE_URL.test(to)) {
      const target = new URL(to.startsWith('//') ? from.protocol + to : to);
      if (target.origin !== from.origin) {
        if (typeof window !== 'undefined') { if (replace) window.location.replace(to); else window.location.assign(to); }
        return;
      }
      to = createPath(target);
    }
    const location = createLocation(state.location, to, { _isRedirect: true });
    await startNavigation(replace === true ? 'REPLACE' : 'PUSH', location, { overrideNavigation: { state: 'loading', location } });
  }

  const router: Router = {
    get state() { return state; },
    routes: dataRoutes,
    async navigate(to, opts = {}) {
      if (typeof to === 'number') { history.go(to); return; }
      const index = opts.fromRouteId ? state.matches.findIndex((m) => m.route.id === opts.fromRouteId) : -1;
      const base = index >= 0 ? state.matches.slice(0, index + 1) : state.matches;
      const path = resolveTo(to, resolveToMatches(base), state.location.pathname);
      const location = createLocation(state.location, path, opts.state);
      await startNavigation(opts.replace === true ? 'REPLACE' : 'PUSH', location, { replace: opts.replace });
    },
    revalidate() {
      revalidationDone ??= new Promise<void>((resolve) => { settleRevalidation = resolve; });
      const done = revalidationDone;
      revalidationRequired = true;
      update({ revalidation: 'loading' });
      if (state.navigation.state === 'idle') void startNavigation(state.historyAction, state.location, { uninterrupted: true });
      else void startNavigation(pendingAction, state.navigation.location!, { overrideNavigation: state.navigation });
      return done;
    },
    subscribe(fn) {
      subscribers.add(fn);
      return () => { subscribers.delete(fn); };
    },
    createHref: (location) => createPath(location),
    dispose() {
      unlisten();
      subscribers.clear();
      pendingController?.abort();
    },
  };
  const unlisten = history.listen((location) => { void startNavigation('POP', location); });
  if (!state.initialized) void startNavigation('POP', state.location, { initialHydration: true });
  return router;
}

export interface MemoryRouterOptions {
  initialEntries?: (string | Partial<Location>)[];
  initialIndex?: number;
  hydrationData?: HydrationState;
}

function memoryHistory({ initialEntries = ['/'], initialIndex }: MemoryRouterOptions): History {
  const entries = initialEntries.map((entry, i) =>
    createLocation('/', entry, typeof entry === 'string' ? null : entry.state, i === 0 ? 'default' : undefined));
  let index = Math.min(Math.max(initialIndex ?? entries.length - 1, 0), entries.length - 1);
  let listener: ((location: Location) => void) | null = null;
  return {
    get location() { return entries[index]!; },
    push(location) { index += 1; entries.splice(index, entries.length, location); },
    replace(location) { entries[index] = location; },
    go(delta) {
      index = Math.min(Math.max(index + delta, 0), entries.length - 1);
      listener?.(entries[index]!);
    },
    listen(fn) { listener = fn; return () => { listener = null; }; },
    createURL: (location) => new URL(createPath(location), 'http://localhost'),
  };
}

interface BrowserEntry { usr?: unknown; key?: string; idx?: number }

function browserHistory(): History {
  const entry = () => (window.history.state ?? {}) as BrowserEntry;
  if (entry().idx == null) window.history.replaceState({ ...entry(), idx: 0 }, '');
  const read = (): Location => {
    const { pathname, search, hash } = window.location;
    return createLocation('', { pathname, search, hash }, entry().usr ?? null, entry().key ?? 'default');
  };
  let location = read();
  const write = (next: Location, idx: number): [BrowserEntry, string] => {
    location = next;
    return [{ usr: next.state, key: next.key, idx }, createPath(next)];
  };
  return {
    get location() { return location; },
    push(next) {
      const [historyState, url] = write(next, (entry().idx ?? 0) + 1);
      try {
        window.history.pushState(historyState, '', url);
      } catch {
        window.location.assign(url);
      }
    },
    replace(next) {
      const [historyState, url] = write(next, entry().idx ?? 0);
      window.history.replaceState(historyState, '', url);
    },
    go: (delta) => { window.history.go(delta); },
    listen(fn) {
      const onPop = () => { location = read(); fn(location); };
      window.addEventListener('popstate', onPop);
      return () => window.removeEventListener('popstate', onPop);
    },
    createURL: (next) => new URL(createPath(next), window.location.origin),
  };
}

export const createMemoryRouter = (routes: RouteObject[], opts: MemoryRouterOptions = {}): Router =>
  createRouter(memoryHistory(opts), routes, opts.hydrationData);

export const createBrowserRouter = (routes: RouteObject[], opts: { hydrationData?: HydrationState } = {}): Router =>
  createRouter(browserHistory(), routes, opts.hydrationData);

/** What the server's handler answers for a page: react-router's StaticHandlerContext, as far as the product reads it. */
export interface StaticHandlerContext {
  basename: string;
  location: Location;
  matches: DataMatch[];
  loaderData: Record<string, unknown>;
  actionData: Record<string, unknown> | null;
  errors: Record<string, unknown> | null;
  statusCode: number;
}

/** The server's handler: one request's matches, code and loaders, or the redirect a loader answered. */
export function createStaticHandler(routes: RouteObject[]) {
  const dataRoutes = toDataRoutes(routes);
  const branches = rankedBranches(dataRoutes);
  return {
    dataRoutes,
    async query(request: Request): Promise<StaticHandlerContext | Response> {
      const url = new URL(request.url);
      const location = createLocation('', { pathname: url.pathname, search: url.search, hash: url.hash }, null, 'default');
      const found = matchBranches(branches, location);
      if (!found) {
        const { matches, errors } = notFoundMatches(dataRoutes, location.pathname);
        return { basename: '/', location, matches, loaderData: {}, actionData: null, errors, statusCode: 404 };
      }
      const results = await Promise.all(found.map((match) => runMatch(match, request)));
      const redirected = results.find((r) => r?.type === 'redirect');
      if (redirected?.type === 'redirect') return redirected.response;
      const { loaderData, errors } = processResults(found, results);
      for (const match of found) if (!hasLoader(match.route)) delete loaderData[match.route.id];
      return { basename: '/', location, matches: found, loaderData, actionData: null, errors, statusCode: errors ? 500 : 200 };
    },
  };
}

/** A router frozen at what the static handler found, for the server's one render. */
export function createStaticRouter(routes: DataRoute[], context: StaticHandlerContext): Router {
  const fail = () => { throw new Error('A static router cannot navigate'); };
  return {
    state: {
      historyAction: 'POP',
      location: context.location,
      matches: context.matches,
      initialized: true,
      renderFallback: false,
      navigation: IDLE,
      revalidation: 'idle',
      loaderData: context.loaderData,
      actionData: context.actionData,
      errors: context.errors,
    },
    routes,
    navigate: fail,
    revalidate: fail,
    subscribe: () => () => undefined,
    createHref: (location) => createPath(location),
    dispose: () => undefined,
  };
}
