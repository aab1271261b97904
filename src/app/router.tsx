import { createBrowserRouter, matchRoutes, redirect, type HydrationState, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { ensureNamespaces } from '../../i18n';
import { guardRedirect } from './guards';
import { loadHome, loadPersonal, loadPlanDetail, loadPlans, loadPortal, loadRates, loadUsage } from './loaders';
import { AppFallback, RootLayout } from './layout/RootLayout';
import { RouteError } from './layout/RouteError';
import { loginPath } from './navigation';
import { RouteLookupContext } from './routeLookup';
import type { AppRoute, FlowName } from './routeModel';
import { FLOW_LAYOUTS, FLOW_NAMESPACES, FLOW_STAGES, NOT_FOUND_PATH, ROUTES, findRoute } from './routes';
import { getPersonalData, isLoggedIn, refreshPersonalData } from './session';

const Nothing = () => null;

/** A task boundary: what follows runs after the browser has handled what is waiting (input, paint). */
export const yieldToBrowser = () => new Promise<void>((resolve) => { setTimeout(resolve, 0); });

/** A screen's code and its i18n namespaces load together, so it never renders a key. */
const withNamespaces = async <M,>(module: Promise<M>, namespaces: readonly string[] | 'all'): Promise<M> =>
  (await Promise.all([module, ensureNamespaces(namespaces)]))[0];

async function runGuards(route: AppRoute, url: URL) {
  const path = `${url.pathname}${url.search}`;
  const loggedIn = isLoggedIn();
  let personal = getPersonalData();
  if (route.flags.hasIsSmsUser && loggedIn && !personal) {
    await refreshPersonalData();
    personal = getPersonalData();
  }
  const to = guardRedirect({ route, path, loggedIn, personal });
  if (to) throw redirect(to);
}

export function toRouteObject(route: AppRoute): RouteObject {
  const screen = route.screen;
  return {
    path: route.path,
    handle: { route },
    loader: async ({ request, params }: LoaderFunctionArgs) => {
      const url = new URL(request.url);
      await runGuards(route, url);
      if (route.redirect) throw redirect(`${route.redirect}${url.search}`);
      if (route.loader === 'home') return loadHome();
      if (route.loader === 'plans') return loadPlans();
      if (route.loader === 'rates') return loadRates();
      if (route.loader === 'planDetail') {
        const data = await loadPlanDetail(params.plan ?? '');
        if (data === 'notFound') throw redirect(NOT_FOUND_PATH);
        return data;
      }
      if (route.loader === 'bills' || route.loader === 'orders' || route.loader === 'globalOrders') {
        const { loadBills, loadOrders } = await import('./money');
        const data = route.loader === 'bills' ? await loadBills(url) : await loadOrders(url, route.loader === 'orders' ? 'plan' : 'global');
        if (data === 'login') throw redirect(loginPath(`${url.pathname}${url.search}`));
        return data;
      }
      if (route.loader === 'payTest') {
        // Spec: "a test page" of payments, absent in production: served only while payments go to the sandbox.
        const { sandboxPayments } = await import('./money');
        if (!(await sandboxPayments())) throw redirect(NOT_FOUND_PATH);
        return null;
      }
      if (route.loader === 'studio') {
        // Issue 17: the chart studio is a sandbox tool (its data come from the sandbox, loopback only, off in production).
        const { studioAvailable } = await import('./studioApi');
        if (!(await studioAvailable())) throw redirect(NOT_FOUND_PATH);
        return null;
      }
      if (route.loader === 'personal') {
        const data = await loadPersonal();
        if (data === 'login') throw redirect(loginPath(`${url.pathname}${url.search}`));
        return data;
      }
      if (route.loader === 'portal') {
        const data = await loadPortal();
        if (data === 'login') throw redirect(loginPath(`${url.pathname}${url.search}`));
        return data;
      }
      if (route.loader === 'usage') {
        const data = await loadUsage(url);
        if (data === 'login') throw redirect(loginPath(`${url.pathname}${url.search}`));
        return data;
      }
      return null;
    },
    ...(screen ? { lazy: async () => ({ Component: (await withNamespaces(screen(), route.namespaces ?? 'all')).default }) } : { Component: Nothing }),
  };
}

/**
 * The route table as route objects: the steps of a wizard (routes sharing `flow`) become children of one pathless
 * layout route (its screen from FLOW_LAYOUTS), placed where the flow's first step stands in the table.
 */
export function toRouteObjects(routes: AppRoute[]): RouteObject[] {
  const out: RouteObject[] = [];
  const flows = new Map<FlowName, RouteObject>();
  for (const route of routes) {
    const layout = route.flow ? FLOW_LAYOUTS[route.flow] : undefined;
    if (!route.flow || !layout) { out.push(toRouteObject(route)); continue; }
    const flow = route.flow;
    let group = flows.get(flow);
    if (!group) {
      group = { id: `flow:${flow}`, lazy: async () => ({ Component: (await withNamespaces(layout(), FLOW_NAMESPACES[flow] ?? 'all')).default }), children: [] };
      flows.set(flow, group);
      out.push(group);
    }
    group.children!.push(toRouteObject(route));
  }
  return out;
}

/** The shell, with the route table's lookup handed down to the screens (they never import the table: it imports them). */
function AppRoot() {
  return (
    <RouteLookupContext.Provider value={findRoute}>
      <RootLayout />
    </RouteLookupContext.Provider>
  );
}

export const routeObjects: RouteObject[] = [
  {
    path: '/',
    Component: AppRoot,
    HydrateFallback: AppFallback,
    ErrorBoundary: RouteError,
    children: [
      ...toRouteObjects(ROUTES),
      // Spec section 2: "Unknown paths redirect to /404."
      { path: '*', loader: () => redirect(NOT_FOUND_PATH) },
    ],
  },
];

/** The browser's router; `hydrationData`: the loaders' data the server rendered the page with (decision 0022). */
export const createAppRouter = (hydrationData?: HydrationState) =>
  createBrowserRouter(routeObjects, hydrationData ? { hydrationData } : undefined);

/** The route of the table a path shows, when the server renders its first HTML (flag `prerender`, decision 0022). */
export function prerenderedRoute(pathname: string): AppRoute | null {
  const leaf = matchRoutes(routeObjects, pathname)?.at(-1);
  const route = (leaf?.route.handle as { route?: AppRoute } | undefined)?.route;
  return route?.prerender ? route : null;
}

/**
 * Loads the code (and the i18n namespaces) of the lazy routes a path matches, so the first render shows the page and
 * not the fallback: hydration must render what the server did. Call it once i18n is initialized.
 */
export async function loadMatchedRoutes(pathname: string): Promise<void> {
  const matched = matchRoutes(routeObjects, pathname) ?? [];
  // A wizard's layout runs its chart: what it imports (FLOW_STAGES) is evaluated first, a task each, with the browser
  // answering in between.
  for (const { route } of matched) {
    const flow = route.id?.startsWith('flow:') && typeof route.lazy === 'function' ? route.id.slice('flow:'.length) as FlowName : null;
    for (const stage of (flow && FLOW_STAGES[flow]) || []) {
      await stage();
      await yieldToBrowser();
    }
  }
  await Promise.all(matched.map(async ({ route }) => {
    if (typeof route.lazy !== 'function') return;
    const loaded = await route.lazy();
    Object.assign(route, { ...loaded, lazy: undefined });
  }));
}
