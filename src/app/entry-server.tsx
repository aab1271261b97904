/**
 * The server's rendering of the public pages (decision 0022), built by Vite into dist/ssr/entry-server.js and
 * imported by the gateway (src/server/http/html.ts). It renders the app's own route table, loaders and screens: the
 * loaders call the gateway they run in, over loopback, as the browser would; the page is rendered in the visitor's
 * language with whether a session is open (the `Logged-In` cookie), and answers what the browser needs to hydrate it
 * (src/app/main.tsx): the loaders' data, the language, the session flag and the i18n namespaces the page used.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type HydrationState } from 'react-router-dom';
import { i18n, initI18n, LANGUAGES, type Language } from '../../i18n';
import { configureClient, setBaseURL } from '../api/client';
import { documentMeta, metaOfMatches } from './layout/useDocumentMeta';
import { prerenderedRoute, routeObjects } from './router';
import { setRenderedSession } from './session';

export interface PageRequest {
  /** Path and query. */
  url: string;
  language: Language;
  loggedIn: boolean;
}

/** What the browser reads before it hydrates (script#prerendered, src/app/main.tsx). */
export interface PrerenderedState {
  language: Language;
  loggedIn: boolean;
  /** The i18n namespaces the page used: loaded before hydrating, so no text differs. */
  namespaces: string[];
  router: HydrationState;
}

export type PageAnswer =
  | { kind: 'page'; status: number; language: Language; title: string; description: string; html: string; state: PrerenderedState }
  | { kind: 'redirect'; status: number; location: string }
  /** Not a prerendered page, or its loaders failed: the browser renders it (the app's index.html as it is). */
  | { kind: 'browser' };

export interface PageRenderer {
  render(request: PageRequest): Promise<PageAnswer>;
}

/** Rendered pages kept for requests that would render them again (each some 10 to 50 KB). */
const RENDERED_PAGES_KEPT = 200;

/** The namespaces useTranslation asked for during one render (react-i18next reports them on the instance). */
function recordNamespaces(): () => string[] {
  const used = new Set<string>();
  (i18n as unknown as { reportNamespaces: unknown }).reportNamespaces = {
    addUsedNamespaces: (namespaces: readonly string[]) => { for (const ns of namespaces) used.add(ns); },
    getUsedNamespaces: () => [...used],
  };
  return () => [...used];
}

/**
 * `gatewayOrigin`: where the loaders reach the gateway (its own listening address). Every language's every namespace is
 * loaded once here, so rendering never waits for one.
 */
export async function createPageRenderer({ gatewayOrigin }: { gatewayOrigin: string }): Promise<PageRenderer> {
  await initI18n('en');
  await i18n.loadLanguages([...LANGUAGES]);
  setBaseURL(gatewayOrigin);
  // The catalogue the loaders read does not depend on the language; errors are the loaders' to answer (all silent).
  configureClient({ getLanguage: () => i18n.language || 'en' });
  const handler = createStaticHandler(routeObjects);

  // A page is rendered again only when what it shows changes: its URL, language, session flag or its loaders' data
  // (read anew for every request, so a catalogue change shows at once), or the day. The most recent pages are kept.
  const rendered = new Map<string, PageAnswer>();
  const remember = (key: string, page: PageAnswer) => {
    rendered.delete(key);
    rendered.set(key, page);
    if (rendered.size > RENDERED_PAGES_KEPT) rendered.delete(rendered.keys().next().value!);
    return page;
  };

  // The i18n instance and the session flag are the app's singletons: one render at a time sets them, then renders
  // synchronously (renderToString), so no other request's language or session can slip in between.
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T,>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };

  return {
    async render({ url, language, loggedIn }) {
      const location = new URL(url, 'http://localhost');
      if (!prerenderedRoute(location.pathname)) return { kind: 'browser' };
      const context = await handler.query(new Request(location.href, { headers: { Language: language } }));
      if (context instanceof Response) {
        const to = context.headers.get('Location');
        return context.status >= 300 && context.status < 400 && to ? { kind: 'redirect', status: context.status, location: to } : { kind: 'browser' };
      }
      if (context.errors) return { kind: 'browser' };
      // The day too: nothing a page shows may stay older than that (the footer's year).
      const key = JSON.stringify([new Date().toISOString().slice(0, 10), location.pathname, location.search, language, loggedIn, context.statusCode, context.loaderData]);
      const known = rendered.get(key);
      if (known) return remember(key, known);

      return exclusive(async () => {
        await i18n.changeLanguage(language);
        setRenderedSession(loggedIn);
        const usedNamespaces = recordNamespaces();
        const router = createStaticRouter(handler.dataRoutes, context);
        const html = renderToString(
          <StrictMode>
            <I18nextProvider i18n={i18n}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </I18nextProvider>
          </StrictMode>,
        );
        const matches = context.matches.map((m) => ({ handle: m.route.handle, params: m.params, data: context.loaderData[m.route.id] }));
        const { title, description } = documentMeta((key, values) => i18n.t(key, values), metaOfMatches(matches, location.searchParams));
        return remember(key, {
          kind: 'page' as const,
          status: context.statusCode,
          language,
          title,
          description,
          html,
          state: {
            language,
            loggedIn,
            namespaces: usedNamespaces(),
            router: { loaderData: context.loaderData, actionData: context.actionData },
          },
        });
      });
    },
  };
}
