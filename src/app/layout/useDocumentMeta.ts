import { useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppRoute, MetaInfo } from '../routeModel';

type Translate = (key: string, values?: Record<string, string>) => string;

/** A matched route as react-router describes it (useMatches, or the server's static handler). */
export interface MatchLike {
  handle?: unknown;
  params: Record<string, string | undefined>;
  data?: unknown;
  loaderData?: unknown;
}

/** The deepest matched route's metadata: its metaFor (params, query, loader data) when it has one, else its metaInfo. */
export function metaOfMatches(matches: readonly MatchLike[], search: URLSearchParams): MetaInfo | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i]!;
    const route = (match.handle as { route?: AppRoute } | undefined)?.route;
    if (route) return route.metaFor?.({ params: match.params, search, data: match.data ?? match.loaderData }) ?? route.metaInfo;
  }
  return undefined;
}

/** "<page> | <brand>" and the meta description, in the language of `t` (the browser's tab and the server's HTML). */
export function documentMeta(t: Translate, metaInfo: MetaInfo | undefined): { title: string; description: string } {
  const title = metaInfo ? t(metaInfo.title, metaInfo.values) : '';
  const description = metaInfo ? t(metaInfo.description, metaInfo.values) : t('meta:home.description');
  const brand = t('common:brand');
  return { title: title && title !== brand ? `${title} | ${brand}` : brand, description };
}

/** The address and language of the page the server rendered, while the document still holds its title (main.tsx). */
let serverDocument: { at: string; language: string } | null = null;

/** Set when the page hydrates the server's HTML: its title and description are the page's, in its language. */
export function keepServerDocument(at: string, language: string) {
  serverDocument = { at, language };
}

/**
 * The document's title and meta description from the route's metaInfo, in the active language. The page titles
 * (`meta`) are not part of the page and are not loaded with it (decision 0048): a page hydrated from the server's HTML
 * has its title already, so they load when the visitor goes to another page or switches language; a page rendered here
 * keeps the document's title until they are in. `at` is the page's address (path and query).
 */
export function useDocumentMeta(metaInfo: MetaInfo | undefined, at: string) {
  const { t, i18n } = useTranslation('common');
  const [, loadedNow] = useReducer((n: number) => n + 1, 0);
  const fromServer = serverDocument !== null && serverDocument.at === at && serverDocument.language === i18n.language;
  const ready = !fromServer && i18n.hasLoadedNamespace('meta');
  useEffect(() => {
    // Once the visitor has left the server's page (or its language), coming back to it needs its title set again.
    if (!fromServer) serverDocument = null;
    if (fromServer || ready) return undefined;
    let live = true;
    void i18n.loadNamespaces('meta').then(() => { if (live) loadedNow(); });
    return () => { live = false; };
  }, [i18n, i18n.language, fromServer, ready]);
  const { title, description } = documentMeta(t as Translate, metaInfo);
  useEffect(() => {
    if (!ready) return;
    document.title = title;
    let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.appendChild(tag);
    }
    tag.content = description;
  }, [ready, title, description, i18n.language]);
}
