import { useEffect } from 'react';
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

/** The document's title and meta description from the route's metaInfo, in the active language. */
export function useDocumentMeta(metaInfo: MetaInfo | undefined) {
  const { t, i18n } = useTranslation(['meta', 'common']);
  const { title, description } = documentMeta(t as Translate, metaInfo);
  useEffect(() => {
    document.title = title;
    let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.appendChild(tag);
    }
    tag.content = description;
  }, [title, description, i18n.language]);
}
