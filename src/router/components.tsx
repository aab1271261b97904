/**
 * The router's React side (decision 0050): the providers, the rendering of the matched routes with their outlets,
 * error boundaries and hydration fallback, the hooks, <Link>, <Navigate> and <Outlet>. It imports only types from
 * router.ts, so the screens' shared chunk never imports the entry chunk that holds the browser's router.
 */
import {
  Component, createContext, createElement, forwardRef, startTransition, useCallback, useContext, useEffect, useLayoutEffect,
  useMemo, useRef, useState,
  type AnchorHTMLAttributes, type ErrorInfo, type MouseEvent, type ReactNode,
} from 'react';
import { createPath, resolveTo, resolveToMatches, type Params, type Path, type To } from './paths';
import type { DataMatch, Location, NavigateOptions, Navigation, Router, RouterState, StaticHandlerContext } from './router';

export interface RouteContextValue {
  outlet: ReactNode;
  matches: DataMatch[];
}

const RouterContext = createContext<Router | null>(null);
const StateContext = createContext<RouterState | null>(null);
const LocationContext = createContext<Location | null>(null);
export const RouteContext = createContext<RouteContextValue>({ outlet: null, matches: [] });

function useRouter(): [Router, RouterState, Location] {
  const router = useContext(RouterContext);
  const state = useContext(StateContext);
  const location = useContext(LocationContext);
  if (!router || !state || !location) throw new Error('The router hooks are used inside a <RouterProvider> or <MemoryRouter>.');
  return [router, state, location];
}

// ---- Rendering the matches (react-router's _renderMatches) ----

class RenderErrorBoundary extends Component<
  { location: Location; revalidation: RouterState['revalidation']; errorElement: ReactNode; error: unknown; routeContext: RouteContextValue; children: ReactNode },
  { error: unknown; location: Location; revalidation: RouterState['revalidation'] }
> {
  constructor(props: RenderErrorBoundary['props']) {
    super(props);
    this.state = { error: props.error, location: props.location, revalidation: props.revalidation };
  }

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: RenderErrorBoundary['props'], state: RenderErrorBoundary['state']) {
    // A new location, or a revalidation done, clears an error the render threw.
    if (state.location !== props.location || (state.revalidation !== 'idle' && props.revalidation === 'idle')) {
      return { error: props.error, location: props.location, revalidation: props.revalidation };
    }
    return { error: props.error !== undefined ? props.error : state.error, location: state.location, revalidation: props.revalidation || state.revalidation };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('React Router caught the following error during render', error, info);
  }

  override render() {
    return this.state.error !== undefined
      ? <RouteContext.Provider value={this.props.routeContext}>{this.props.errorElement}</RouteContext.Provider>
      : this.props.children;
  }
}

function DefaultError() {
  return <h2>Unexpected Application Error!</h2>;
}

export function renderMatches(matches: DataMatch[], state: RouterState | null, parentMatches: DataMatch[] = []): ReactNode {
  let rendered = matches;
  const errors = state?.errors;
  if (errors) rendered = rendered.slice(0, rendered.findIndex((m) => errors[m.route.id] !== undefined) + 1 || rendered.length);
  let renderFallback = false;
  let fallbackIndex = -1;
  if (state) {
    renderFallback = state.renderFallback;
    for (let i = 0; i < rendered.length; i++) {
      const route = rendered[i]!.route;
      if (route.HydrateFallback || route.hydrateFallbackElement) fallbackIndex = i;
      const needsLoader = route.loader && !(route.id in state.loaderData) && (!errors || errors[route.id] === undefined);
      if (route.lazy || needsLoader) {
        rendered = fallbackIndex >= 0 ? rendered.slice(0, fallbackIndex + 1) : [rendered[0]!];
        break;
      }
    }
  }
  return rendered.reduceRight<ReactNode>((outlet, match, index) => {
    const route = match.route;
    const error = state && errors ? errors[route.id] : undefined;
    const errorElement = route.ErrorBoundary ? createElement(route.ErrorBoundary) : route.errorElement || <DefaultError />;
    const fallback = renderFallback && (fallbackIndex === index || (fallbackIndex < 0 && index === 0));
    const routeContext = { outlet, matches: parentMatches.concat(rendered.slice(0, index + 1)) };
    const children = error !== undefined ? errorElement
      : fallback ? (route.HydrateFallback ? createElement(route.HydrateFallback) : route.hydrateFallbackElement ?? null)
        : route.Component ? createElement(route.Component)
          : route.element ? route.element : outlet;
    const content = <RouteContext.Provider value={routeContext}>{children}</RouteContext.Provider>;
    return state && (route.ErrorBoundary || route.errorElement || index === 0)
      ? <RenderErrorBoundary location={state.location} revalidation={state.revalidation} errorElement={errorElement} error={error}
        routeContext={{ outlet: null, matches: routeContext.matches }}>{content}</RenderErrorBoundary>
      : content;
  }, null);
}

function RouterView({ router, state }: { router: Router; state: RouterState }) {
  return (
    <RouterContext.Provider value={router}>
      <StateContext.Provider value={state}>
        <LocationContext.Provider value={state.location}>
          {renderMatches(state.matches, state)}
        </LocationContext.Provider>
      </StateContext.Provider>
    </RouterContext.Provider>
  );
}

/** The browser's (or a test's) router; its state changes render in a transition, as react-router 7 does. */
export function RouterProvider({ router }: { router: Router }) {
  const [state, setState] = useState(router.state);
  useLayoutEffect(() => {
    const off = router.subscribe((next) => { startTransition(() => setState(next)); });
    // A change between the first render and this subscription (react-router buffers it for its first subscriber).
    setState(router.state);
    return off;
  }, [router]);
  return <RouterView router={router} state={state} />;
}

/** The server's render of what the static handler found (`hydrate` false only: the product writes its own state). */
export function StaticRouterProvider({ router }: { router: Router; context: StaticHandlerContext; hydrate?: boolean }) {
  return <RouterView router={router} state={router.state} />;
}

// ---- Hooks ----

export function useLocation(): Location {
  const location = useContext(LocationContext);
  if (!location) throw new Error('useLocation() is used inside a router.');
  return location;
}

export const useParams = (): Params => {
  const { matches } = useContext(RouteContext);
  return matches[matches.length - 1]?.params ?? {};
};

export function useLoaderData<T = unknown>(): T {
  const [, state] = useRouter();
  const { matches } = useContext(RouteContext);
  return state.loaderData[matches[matches.length - 1]?.route.id ?? ''] as T;
}

export function useMatches() {
  const [, state] = useRouter();
  const { matches, loaderData } = state;
  return useMemo(() => matches.map(({ route, pathname, params }) =>
    ({ id: route.id, pathname, params, data: loaderData[route.id], loaderData: loaderData[route.id], handle: route.handle })), [matches, loaderData]);
}

export const useNavigation = (): Navigation => useRouter()[1].navigation;

export function useRevalidator() {
  const [router, state] = useRouter();
  const revalidate = useCallback(() => router.revalidate(), [router]);
  return { revalidate, state: state.revalidation };
}

export function useResolvedPath(to: To): Path {
  const { matches } = useContext(RouteContext);
  const { pathname } = useLocation();
  const bases = JSON.stringify(resolveToMatches(matches));
  return useMemo(() => resolveTo(to, JSON.parse(bases) as string[], pathname), [to, bases, pathname]);
}

export type NavigateFunction = (to: To | number, options?: Omit<NavigateOptions, 'fromRouteId'>) => Promise<void>;

export function useNavigate(): NavigateFunction {
  const [router] = useRouter();
  const { matches } = useContext(RouteContext);
  const id = matches[matches.length - 1]?.route.id;
  const active = useRef(false);
  useLayoutEffect(() => { active.current = true; });
  return useCallback(async (to, options = {}) => {
    // react-router ignores a navigation asked for while rendering (before the component's first effect).
    if (!active.current) return;
    if (typeof to === 'number') await router.navigate(to);
    else await router.navigate(to, { ...(id && router.state.matches.some((m) => m.route.id === id) ? { fromRouteId: id } : {}), ...options });
  }, [router, id]);
}

export function Navigate({ to, replace, state }: { to: To; replace?: boolean; state?: unknown }): null {
  const { matches } = useContext(RouteContext);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const path = JSON.stringify(resolveTo(to, resolveToMatches(matches), pathname));
  useEffect(() => { void navigate(JSON.parse(path) as Path, { replace, state }); }, [navigate, path, replace, state]);
  return null;
}

export function Outlet(): ReactNode {
  return useContext(RouteContext).outlet;
}

type SearchParamsInit = string | string[][] | Record<string, string | string[]> | URLSearchParams;

export function createSearchParams(init: SearchParamsInit = ''): URLSearchParams {
  return new URLSearchParams(typeof init === 'string' || Array.isArray(init) || init instanceof URLSearchParams ? init
    : Object.entries(init).flatMap(([key, value]) => (Array.isArray(value) ? value.map((v) => [key, v]) : [[key, value]])));
}

export function useSearchParams(defaultInit?: SearchParamsInit): [URLSearchParams, (next: SearchParamsInit | ((prev: URLSearchParams) => SearchParamsInit), options?: Omit<NavigateOptions, 'fromRouteId'>) => void] {
  const defaults = useRef(createSearchParams(defaultInit));
  const changed = useRef(false);
  const { search } = useLocation();
  const searchParams = useMemo(() => {
    const params = createSearchParams(search);
    // The defaults fill only the keys the URL lacks, until the page sets the query itself.
    if (!changed.current) for (const key of new Set(defaults.current.keys())) if (!params.has(key)) for (const v of defaults.current.getAll(key)) params.append(key, v);
    return params;
  }, [search]);
  const navigate = useNavigate();
  const setSearchParams = useCallback((next: SearchParamsInit | ((prev: URLSearchParams) => SearchParamsInit), options?: Omit<NavigateOptions, 'fromRouteId'>) => {
    const params = createSearchParams(typeof next === 'function' ? next(new URLSearchParams(searchParams)) : next);
    changed.current = true;
    void navigate(`?${params}`, options);
  }, [navigate, searchParams]);
  return [searchParams, setSearchParams];
}

// ---- Links ----

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
  reloadDocument?: boolean;
}

const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** An absolute URL of this origin is a path of the app; of another, a plain link (react-router's parseToInfo). */
function parseTo(to: To): { to: To; external: string | null } {
  if (typeof to !== 'string' || !ABSOLUTE_URL.test(to)) return { to, external: null };
  if (typeof window === 'undefined') return { to, external: to };
  try {
    const url = new URL(to.startsWith('//') ? window.location.protocol + to : to);
    if (url.origin === window.location.origin) return { to: url.pathname + url.search + url.hash, external: null };
  } catch { /* not a URL: left as the link's address */ }
  return { to, external: to };
}

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ onClick, replace, state, preventScrollReset, reloadDocument, target, to: toProp, ...rest }, ref) {
  const { to, external } = parseTo(toProp);
  const path = useResolvedPath(to);
  const location = useLocation();
  const navigate = useNavigate();
  const href = external ?? createPath(path);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self') || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    // A link to the page shown replaces its history entry, as react-router's does.
    void navigate(to, { replace: replace ?? createPath(location) === createPath(path), state, preventScrollReset });
  };
  return <a {...rest} href={href} onClick={external || reloadDocument ? onClick : handleClick} ref={ref} target={target} />;
});
