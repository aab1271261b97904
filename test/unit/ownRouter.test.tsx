// @vitest-environment jsdom
/**
 * The product's router (src/router, decision 0050) against react-router 7 itself: `react-router-dom` resolves to ours
 * (vite.config.ts ROUTER_ALIAS), `react-router` (not aliased) is the library, still installed for this test. The same
 * route tables and navigations go through both, and what they answer is compared: matches and params, locations and
 * history actions, loader calls and data, redirects (thrown, returned, chained, same-origin absolute), errors, lazy
 * routes, navigation state while loaders run, a superseded navigation, revalidation, what renders (hooks, links,
 * outlets, <Navigate>, search params), the server's static handler and its render, and hydration. The product's own
 * route table goes through both for every route of spec section 2.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createElement, type ComponentType, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import * as real from 'react-router';
import * as ours from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as direct from '../../src/router';
import { initI18n } from '../../i18n';
import { routeObjects } from '../../src/app/router';
import { ROUTES } from '../../src/app/routes';
import { clearSession } from '../../src/app/session';
import { setItem } from '../../src/storage';
import { markLoggedIn } from '../support/browserCookies';

/** The part of both libraries this test drives (their types differ; their behaviour is what is compared). */
interface Lib {
  createMemoryRouter(routes: unknown[], opts?: { initialEntries?: string[]; hydrationData?: unknown }): AnyRouter;
  createBrowserRouter(routes: unknown[], opts?: { hydrationData?: unknown }): AnyRouter;
  RouterProvider: ComponentType<{ router: never }>;
  createStaticHandler(routes: unknown[]): { dataRoutes: unknown[]; query(request: Request): Promise<unknown> };
  createStaticRouter(routes: unknown[], context: never): unknown;
  StaticRouterProvider: ComponentType<{ router: never; context: never; hydrate?: boolean }>;
  matchRoutes(routes: unknown[], location: string): { route: unknown; params: Record<string, string | undefined>; pathname: string; pathnameBase: string }[] | null;
  redirect(url: string): Response;
  Link: ComponentType<{ to: string; replace?: boolean; state?: unknown; children?: ReactNode }>;
  Navigate: ComponentType<{ to: string; replace?: boolean }>;
  Outlet: ComponentType;
  useLocation(): { pathname: string; search: string; hash: string; state: unknown };
  useParams(): Record<string, string | undefined>;
  useLoaderData(): unknown;
  useMatches(): { id: string; pathname: string; data: unknown; handle: unknown }[];
  useNavigation(): { state: string };
  useNavigate(): (to: string | number, opts?: { replace?: boolean; state?: unknown }) => unknown;
  useResolvedPath(to: string): { pathname: string; search: string; hash: string };
  useRevalidator(): { revalidate(): unknown; state: string };
  useSearchParams(): [URLSearchParams, (next: Record<string, string> | ((prev: URLSearchParams) => URLSearchParams), opts?: { replace?: boolean }) => void];
}

interface AnyState {
  historyAction: string;
  location: { pathname: string; search: string; hash: string; state: unknown };
  matches: { route: { id: string }; pathname: string; pathnameBase: string; params: Record<string, string | undefined> }[];
  initialized: boolean;
  navigation: { state: string; location?: { pathname: string; search: string } };
  revalidation: string;
  loaderData: Record<string, unknown>;
  errors: Record<string, unknown> | null;
}

interface AnyRouter {
  state: AnyState;
  navigate(to: string | number, opts?: { replace?: boolean; state?: unknown }): Promise<void>;
  revalidate(): Promise<void>;
  subscribe(fn: (state: AnyState) => void): () => void;
  dispose(): void;
}

const LIBS = { real: real as unknown as Lib, ours: ours as unknown as Lib };

afterEach(() => {
  cleanup();
  clearSession();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

/** Both libraries give the same answer: run `fn` with each, in turn (the route tables' loaders log into shared arrays). */
async function both<T>(fn: (lib: Lib, name: 'real' | 'ours') => Promise<T> | T): Promise<[T, T]> {
  const a = await fn(LIBS.real, 'real');
  const b = await fn(LIBS.ours, 'ours');
  return [a, b];
}

const errorOf = (e: unknown) => (e && typeof e === 'object' && 'status' in e ? `status ${(e as { status: number }).status}` : e instanceof Error ? e.message : String(e));

function snapshot(s: AnyState) {
  return {
    action: s.historyAction,
    location: { pathname: s.location.pathname, search: s.location.search, hash: s.location.hash, state: s.location.state },
    matches: s.matches.map((m) => ({ id: m.route.id, pathname: m.pathname, pathnameBase: m.pathnameBase, params: { ...m.params } })),
    initialized: s.initialized,
    navigation: s.navigation.state === 'idle' ? 'idle' : `${s.navigation.state} ${s.navigation.location?.pathname}${s.navigation.location?.search}`,
    revalidation: s.revalidation,
    loaderData: JSON.parse(JSON.stringify(s.loaderData)) as unknown,
    errors: s.errors && Object.fromEntries(Object.entries(s.errors).map(([k, v]) => [k, errorOf(v)])),
  };
}

/** Resolves once nothing is pending: no navigation, no revalidation. */
function settled(router: AnyRouter): Promise<void> {
  return new Promise((resolve) => {
    const idle = (s: AnyState) => s.initialized && s.navigation.state === 'idle' && s.revalidation === 'idle';
    if (idle(router.state)) { resolve(); return; }
    const off = router.subscribe((s) => { if (idle(s)) { off(); setTimeout(resolve, 0); } });
  });
}

const tick = () => new Promise((resolve) => { setTimeout(resolve, 5); });

// ---- A table with every feature the product uses ----

const log: string[] = [];
const gates: (() => void)[] = [];
const where = (request: Request) => { const u = new URL(request.url); return `${u.pathname}${u.search}`; };
const logged = <T,>(name: string, answer: (args: { request: Request; params: Record<string, string | undefined> }) => T) =>
  (args: { request: Request; params: Record<string, string | undefined> }) => { log.push(`${name} ${where(args.request)} ${JSON.stringify(args.params)}`); return answer(args); };

function tableFor(lib: Lib, options: { splat?: boolean } = { splat: true }): unknown[] {
  const Shell = () => {
    const location = lib.useLocation();
    const navigation = lib.useNavigation();
    const matches = lib.useMatches();
    return (
      <div>
        <p data-testid="where">{`${location.pathname}${location.search}${location.hash} ${JSON.stringify(location.state)} ${navigation.state}`}</p>
        <p data-testid="matches">{matches.map((m) => `${m.id}@${m.pathname}=${JSON.stringify(m.data)}:${JSON.stringify(m.handle)}`).join(' | ')}</p>
        <nav>
          <lib.Link to="/items">items</lib.Link>
          <lib.Link to="items/7">relative item</lib.Link>
          <lib.Link to="?page=3">page three</lib.Link>
          <lib.Link to="/items/7" state={{ from: 'nav' }}>item with state</lib.Link>
          <lib.Link to="/old">old</lib.Link>
          <lib.Link to="/flow/one">flow</lib.Link>
          <lib.Link to="/navigate-away">navigate away</lib.Link>
          <lib.Link to="/ITEMS/8#top">shouting</lib.Link>
        </nav>
        <lib.Outlet />
      </div>
    );
  };
  const Items = () => {
    const [params, setParams] = lib.useSearchParams();
    const data = lib.useLoaderData();
    const resolved = lib.useResolvedPath('new');
    return (
      <section>
        <p data-testid="items">{`items ${JSON.stringify(data)} page=${params.get('page')} new=${resolved.pathname}`}</p>
        <button type="button" onClick={() => setParams((prev) => { const next = new URLSearchParams(prev); next.set('page', String(Number(next.get('page') ?? 1) + 1)); return next; }, { replace: true })}>next page</button>
        <button type="button" onClick={() => setParams({ sort: 'name', page: '1' })}>sort</button>
        <lib.Link to="new">new item</lib.Link>
        <lib.Link to="..">up</lib.Link>
        <lib.Outlet />
      </section>
    );
  };
  const Item = () => {
    const params = lib.useParams();
    const navigate = lib.useNavigate();
    const revalidator = lib.useRevalidator();
    return (
      <article>
        <p data-testid="item">{`item ${params.id} ${JSON.stringify(lib.useLoaderData())} ${revalidator.state}`}</p>
        <button type="button" onClick={() => { void navigate('../9'); }}>sibling</button>
        <button type="button" onClick={() => { void navigate(-1); }}>back</button>
        <button type="button" onClick={() => { void revalidator.revalidate(); }}>reload</button>
      </article>
    );
  };
  const page = (name: string) => () => <p data-testid="page">{`${name} ${JSON.stringify(lib.useParams())} ${JSON.stringify(lib.useLoaderData() ?? null)}`}</p>;
  const FlowLayout = () => <div data-testid="flow"><lib.Outlet /></div>;
  const Away = () => <lib.Navigate to="/items?page=5" replace />;
  const root = {
    path: '/',
    id: 'root',
    Component: Shell,
    HydrateFallback: () => <p>loading the app</p>,
    ErrorBoundary: () => <p>something failed</p>,
    handle: { name: 'root' },
    loader: logged('root', () => ({ root: true })),
    children: [
      { index: true, Component: page('home'), loader: logged('home', () => 'home data') },
      {
        path: 'items',
        Component: Items,
        handle: { name: 'items' },
        loader: logged('items', ({ request }) => `page ${new URL(request.url).searchParams.get('page') ?? 1}`),
        children: [
          { path: 'new', Component: page('new item') },
          { path: ':id', Component: Item, loader: logged('item', ({ params }) => `item data ${params.id}`) },
        ],
      },
      { path: 'files/*', Component: page('files') },
      { path: 'conversion/:orderNo?', Component: page('conversion') },
      { path: 'Case/:Name', Component: page('case'), caseSensitive: true },
      { path: '/absolute/child', Component: page('absolute') },
      { path: 'old', loader: logged('old', () => lib.redirect('/items?page=2')) },
      { path: 'thrown', loader: logged('thrown', () => { throw lib.redirect('/old'); }) },
      { path: 'same-origin', loader: () => lib.redirect('http://localhost/items/4') },
      { path: 'guarded', loader: ({ request }: { request: Request }) => { throw lib.redirect(`/login?redirect=${encodeURIComponent(where(request))}`); } },
      { path: 'login', Component: page('login') },
      { path: 'boom', Component: page('never'), loader: logged('boom', () => { throw new Error('the loader failed'); }) },
      { path: 'render-error', Component: () => { throw new Error('the screen failed'); } },
      { path: 'lazy', lazy: async () => ({ Component: page('lazy') }), loader: logged('lazy', () => 'lazy data') },
      {
        path: 'slow/:n',
        Component: page('slow'),
        loader: ({ request, params }: { request: Request; params: Record<string, string | undefined> }) => new Promise((resolve) => {
          log.push(`slow ${params.n}`);
          request.signal.addEventListener('abort', () => { log.push(`slow ${params.n} aborted`); });
          gates.push(() => { resolve(`slow data ${params.n}`); });
        }),
      },
      { id: 'flow', lazy: async () => ({ Component: FlowLayout }), children: [{ path: '/flow/one', Component: page('one') }, { path: '/flow/two', Component: page('two') }] },
      { path: 'navigate-away', Component: Away },
      { path: '404', Component: page('not found') },
      ...(options.splat ? [{ path: '*', loader: () => lib.redirect('/404') }] : []),
    ],
  };
  return [root];
}

type Step = string | number | [string, { replace?: boolean; state?: unknown }] | 'revalidate';

async function drive(lib: Lib, start: string, steps: Step[], options?: { splat?: boolean }) {
  log.length = 0;
  const router = lib.createMemoryRouter(tableFor(lib, options), { initialEntries: [start] });
  const seen: string[] = [];
  router.subscribe((s) => {
    const n = s.navigation.state === 'idle' ? 'idle' : `loading ${s.navigation.location?.pathname}${s.navigation.location?.search}`;
    if (seen.at(-1) !== n) seen.push(n);
  });
  await settled(router);
  const out = [{ step: start, state: snapshot(router.state), log: [...log] }];
  for (const step of steps) {
    log.length = 0;
    seen.length = 0;
    if (step === 'revalidate') void router.revalidate();
    else if (Array.isArray(step)) void router.navigate(step[0], step[1]);
    else void router.navigate(step);
    await tick();
    await settled(router);
    out.push({ step: JSON.stringify(step), state: snapshot(router.state), log: [...log, ...seen] });
  }
  router.dispose();
  return out;
}

describe('own router: the alias', () => {
  it('resolves react-router-dom to src/router, and react-router to the library', () => {
    expect(ours.createMemoryRouter).toBe(direct.createMemoryRouter);
    expect(ours.createMemoryRouter).not.toBe(real.createMemoryRouter as unknown);
  });
});

describe('own router: matching', () => {
  const routes = tableFor(LIBS.real);
  const paths = [
    '/', '', '/items', '/items/', '/items//', '/ITEMS', '/items/7', '/items/7/', '/items/new', '/items/NEW', '/items/a%20b', '/items/a%2Fb',
    '/files', '/files/', '/files/a/b.txt', '/FILES/x', '/conversion', '/conversion/', '/conversion/A1', '/conversion/A1/extra',
    '/Case/X', '/case/x', '/absolute/child', '/ABSOLUTE/CHILD/', '/flow/one', '/flow/two', '/flow', '/nope', '/nope/deep', '/404',
    '/items/%E4%B8%AD', '/items/%zz', '/items?x=1', '/items#h',
  ];
  it('finds the same routes, params and pathnames as react-router for a table of every feature', () => {
    for (const path of paths) {
      const [a, b] = [LIBS.real.matchRoutes(routes, path), LIBS.ours.matchRoutes(routes, path)];
      expect(b, path).toEqual(a);
    }
  });

  it('matches every path of the product route table (spec section 2) the same way, in any case and with a trailing slash', () => {
    const concrete = ROUTES.flatMap(({ path }) => {
      const filled = path.replace(/:plan\b/, 'unlimited-plan').replace(/:orderNo\?/, 'NO123').replace(/:(\w+)/g, (_, name: string) => `${name}-1`);
      const withoutOptional = path.includes('?') ? [path.replace(/\/:\w+\?/, '')] : [];
      return [filled, ...withoutOptional].flatMap((p) => [p, `${p}/`, p.toUpperCase(), p.toLowerCase(), `${p}/extra`]);
    });
    expect(concrete.length).toBeGreaterThan(ROUTES.length * 5);
    for (const path of [...concrete, '/plans/5gb', '/plans/a%20b-plan', '/staff/inbox/open/12', '/no/such/page', '/personal/doubleNumber/openDouble']) {
      const [a, b] = [LIBS.real.matchRoutes(routeObjects, path), LIBS.ours.matchRoutes(routeObjects, path)];
      expect(b, path).toEqual(a);
    }
  }, 60_000);
});

describe('own router: navigations, loaders and redirects', () => {
  it('loads, revalidates, redirects and fails as react-router does', async () => {
    const steps: Step[] = [
      '/items', '/items/7', '/items/7?x=1', '/items/7?x=1', '/items/8?x=1', '/ITEMS/9', '/items/new', 'revalidate',
      '/old', '/thrown', '/same-origin', '/guarded?a=1&b=%2F', '/boom', '/items', '/lazy', '/lazy', '/nope/deep', '/conversion',
      '/conversion/A1', '/files/a/b.txt', '/files/c', -1, -2, 1, ['/items', { replace: true }], ['/items/5', { state: { from: 'test' } }],
      'items/6', '..', '?page=4', '#here', '/items/5#there', '/flow/one', '/flow/two', '/',
    ];
    const [a, b] = await both((lib) => drive(lib, '/', steps));
    for (let i = 0; i < a.length; i++) expect(b[i], a[i]!.step).toEqual(a[i]);
  }, 60_000);

  it('starts on a redirect, on an error and on a lazy route the same way', async () => {
    for (const start of ['/old', '/guarded', '/boom', '/lazy', '/flow/two', '/nope', '/items/3?page=2#x']) {
      const [a, b] = await both((lib) => drive(lib, start, []));
      expect(b, start).toEqual(a);
    }
  });

  it('keeps the browser\'s address and history as react-router does (push, replace, redirects, back and forward)', async () => {
    const steps: Step[] = ['/items/7', ['/items/8', { replace: true }], '?page=2', '/old', -1, -1, 1, ['/items/5', { state: { from: 'test' } }], '/guarded?a=1', -1];
    const [a, b] = await both(async (lib) => {
      window.history.replaceState(null, '', '/items');
      log.length = 0;
      const router = lib.createBrowserRouter(tableFor(lib));
      await settled(router);
      const address = () => {
        const entry = window.history.state as { usr?: unknown; idx?: number } | null;
        return { url: `${window.location.pathname}${window.location.search}${window.location.hash}`, usr: entry?.usr ?? null, idx: entry?.idx ?? null };
      };
      const out = [{ step: 'start', address: address(), state: snapshot(router.state), log: [...log] }];
      for (const step of steps) {
        log.length = 0;
        if (Array.isArray(step)) void router.navigate(step[0], step[1]);
        else void router.navigate(step as string | number);
        await new Promise((resolve) => { setTimeout(resolve, 50); });
        await settled(router);
        out.push({ step: JSON.stringify(step), address: address(), state: snapshot(router.state), log: [...log] });
      }
      router.dispose();
      return out;
    });
    for (let i = 0; i < a.length; i++) expect(b[i], a[i]!.step).toEqual(a[i]);
  }, 60_000);

  it('answers an unmatched path with a 404 at the root when the table has no splat', async () => {
    const [a, b] = await both((lib) => drive(lib, '/nope', ['/items', '/still/nope'], { splat: false }));
    expect(b).toEqual(a);
  });

  it('shows the page while loaders run, and a newer navigation supersedes a pending one (its loader aborted, its data dropped)', async () => {
    const [a, b] = await both(async (lib) => {
      log.length = 0;
      gates.length = 0;
      const router = lib.createMemoryRouter(tableFor(lib), { initialEntries: ['/items'] });
      await settled(router);
      const states: unknown[] = [];
      void router.navigate('/slow/1');
      await tick();
      states.push(snapshot(router.state));
      void router.navigate('/slow/2');
      await tick();
      states.push(snapshot(router.state));
      gates.splice(0).forEach((open) => { open(); });
      await settled(router);
      states.push(snapshot(router.state));
      // A revalidation while a navigation is pending joins it.
      void router.navigate('/slow/3');
      await tick();
      void router.revalidate();
      await tick();
      states.push(snapshot(router.state));
      gates.splice(0).forEach((open) => { open(); });
      await tick();
      gates.splice(0).forEach((open) => { open(); });
      await settled(router);
      states.push(snapshot(router.state));
      router.dispose();
      return { states, log: [...log] };
    });
    expect(b).toEqual(a);
  });

  it('hydrates from the loaders\' data without running them again, and loads what the data lacks', async () => {
    const [a, b] = await both(async (lib) => {
      log.length = 0;
      const full = lib.createMemoryRouter(tableFor(lib), { initialEntries: ['/items/7'], hydrationData: { loaderData: { root: { root: true }, '0-1': 'page 1', '0-1-1': 'item data 7' } } });
      const fullState = snapshot(full.state);
      await settled(full);
      const fullLog = [...log];
      full.dispose();
      log.length = 0;
      const partial = lib.createMemoryRouter(tableFor(lib), { initialEntries: ['/items/7'], hydrationData: { loaderData: { root: { root: true } } } });
      const partialState = snapshot(partial.state);
      await settled(partial);
      const partialLog = [...log];
      const after = snapshot(partial.state);
      partial.dispose();
      return { fullState, fullLog, partialState, partialLog, after };
    });
    expect(b).toEqual(a);
  });
});

// ---- What renders ----

const normalizeHtml = (html: string) => html.replace(/ data-discover="true"/g, '');

/** Clicks: a button's text, [role, name], or { go } for a navigation of the router's own (no link on an error page). */
async function shown(lib: Lib, start: string, actions: (string | [string, string] | { go: string })[]) {
  log.length = 0;
  const router = lib.createMemoryRouter(tableFor(lib), { initialEntries: [start] });
  const { container, unmount } = render(createElement(lib.RouterProvider, { router: router as never }));
  const out: { action: string; html: string; state: unknown }[] = [];
  const record = async (action: string) => {
    await settled(router);
    await act(tick);
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    out.push({ action, html: normalizeHtml(container.innerHTML), state: snapshot(router.state) });
  };
  await record(start);
  for (const action of actions) {
    if (Array.isArray(action)) fireEvent.click(screen.getByRole(action[0] as 'link', { name: action[1] }));
    else if (typeof action === 'object') await act(async () => { void router.navigate(action.go); await tick(); });
    else fireEvent.click(screen.getByText(action));
    await record(JSON.stringify(action));
  }
  unmount();
  router.dispose();
  return { out, log: [...log] };
}

describe('own router: what renders', () => {
  beforeAll(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it('renders the same page, hooks and links through every click', async () => {
    const clicks: (string | [string, string])[] = [
      ['link', 'items'], ['link', 'items'], ['link', 'relative item'], 'sibling', ['link', 'page three'], 'next page', 'next page', 'sort',
      ['link', 'new item'], ['link', 'up'], ['link', 'item with state'], 'reload', 'back', ['link', 'old'], ['link', 'shouting'],
      ['link', 'flow'], ['link', 'navigate away'],
    ];
    const [a, b] = await both((lib) => shown(lib, '/', clicks));
    for (let i = 0; i < a.out.length; i++) expect(b.out[i], a.out[i]!.action).toEqual(a.out[i]);
    expect(b.log).toEqual(a.log);
  }, 60_000);

  it('shows the error boundary for a failing loader or screen, and the fallback until the first data is in', async () => {
    for (const start of ['/boom', '/render-error', '/nope']) {
      const [a, b] = await both((lib) => shown(lib, start, [{ go: '/items' }, ['link', 'relative item'], { go: '/render-error' }, { go: '/items/3' }]));
      expect(b, start).toEqual(a);
    }
    const [a, b] = await both(async (lib) => {
      gates.length = 0;
      const router = lib.createMemoryRouter(tableFor(lib), { initialEntries: ['/slow/1'] });
      const { container, unmount } = render(createElement(lib.RouterProvider, { router: router as never }));
      await act(tick);
      const before = normalizeHtml(container.innerHTML);
      gates.splice(0).forEach((open) => { open(); });
      await settled(router);
      await act(tick);
      const after = normalizeHtml(container.innerHTML);
      unmount();
      router.dispose();
      return { before, after };
    });
    expect(b).toEqual(a);
    expect(a.before).toContain('loading the app');
  }, 60_000);
});

describe('own router: the server\'s static handler', () => {
  it('answers the same data, redirects and HTML, and a router hydrated from it renders that HTML', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const url of ['/', '/items/7?page=2', '/items/new', '/old', '/thrown', '/guarded?x=1', '/boom', '/lazy', '/flow/one', '/nope', '/conversion/Z9']) {
      const [a, b] = await both(async (lib) => {
        log.length = 0;
        const handler = lib.createStaticHandler(tableFor(lib));
        const context = await handler.query(new Request(`http://localhost${url}`));
        if (context instanceof Response) return { redirect: [context.status, context.headers.get('Location')], log: [...log] };
        const c = context as { statusCode: number; loaderData: Record<string, unknown>; errors: Record<string, unknown> | null; matches: { route: { id: string }; params: unknown }[] };
        const router = lib.createStaticRouter(handler.dataRoutes, context as never);
        const html = normalizeHtml(renderToString(createElement(lib.StaticRouterProvider, { router: router as never, context: context as never, hydrate: false })));
        // The browser's router from the same data shows the same HTML, without running a loader.
        const serverLog = [...log];
        log.length = 0;
        const browser = lib.createMemoryRouter(tableFor(lib), { initialEntries: [url], hydrationData: { loaderData: c.loaderData, errors: c.errors } });
        const { container, unmount } = render(createElement(lib.RouterProvider, { router: browser as never }));
        const hydrated = normalizeHtml(container.innerHTML);
        const initialized = browser.state.initialized;
        unmount();
        browser.dispose();
        return {
          status: c.statusCode,
          loaderData: JSON.parse(JSON.stringify(c.loaderData)) as unknown,
          errors: c.errors && Object.fromEntries(Object.entries(c.errors).map(([k, v]) => [k, errorOf(v)])),
          matches: c.matches.map((m) => [m.route.id, m.params]),
          html,
          serverLog,
          hydrated: hydrated === html,
          initialized,
          browserLog: [...log],
        };
      });
      expect(b, url).toEqual(a);
    }
  }, 60_000);
});

// ---- The product's route table ----

describe('own router: the product route table', () => {
  beforeAll(async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    await initI18n('en');
  });

  const concretePaths = () => ROUTES.flatMap(({ path }) => {
    const filled = path.replace(/:plan\b/, 'unlimited-plan').replace(/:orderNo\?/, 'NO123').replace(/:(\w+)/g, (_, name: string) => `${name}-1`);
    return path.includes('?') ? [filled, path.replace(/\/:\w+\?/, '')] : [filled];
  });

  async function settleProduct(lib: Lib, path: string) {
    const router = lib.createMemoryRouter(routeObjects, { initialEntries: [path] });
    await settled(router);
    const s = snapshot(router.state);
    router.dispose();
    return { location: s.location, action: s.action, matches: s.matches.map((m) => m.id), errors: s.errors };
  }

  it('settles every route of spec section 2 at the same place, through the same routes, for a visitor and for a customer', async () => {
    // The gateway is not there: every loader's call fails at once, as offline.
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    for (const path of [...concretePaths(), '/no/such/page', '/PLANS/propagate', '/promotion?recommendCode=AB12']) {
      const [a, b] = await both((lib) => settleProduct(lib, path));
      expect(b, path).toEqual(a);
    }
    markLoggedIn();
    setItem('personalData', { msisdn: '6265550100', showAutonewSetBtn: 1, supportPayMethods: [], isSmsUser: 1, session: 'test-session' });
    for (const path of ['/personal/doubleNumber/openDouble', '/personal/protect', '/login', '/personal/myinfo', '/staff/reviews/3']) {
      const [a, b] = await both((lib) => settleProduct(lib, path));
      expect(b, path).toEqual(a);
    }
  }, 120_000);
});
