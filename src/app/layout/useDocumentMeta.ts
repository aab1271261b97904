import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { MetaInfo } from '../routeModel';

/** "<page> | <brand>" and the meta description from the route's metaInfo, in the active language. */
export function useDocumentMeta(metaInfo: MetaInfo | undefined) {
  const { t, i18n } = useTranslation(['meta', 'common']);
  const title = metaInfo ? t(metaInfo.title, metaInfo.values) : '';
  const description = metaInfo ? t(metaInfo.description, metaInfo.values) : t('meta:home.description');
  const brand = t('common:brand');
  useEffect(() => {
    document.title = title && title !== brand ? `${title} | ${brand}` : brand;
    let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.appendChild(tag);
    }
    tag.content = description;
  }, [title, description, brand, i18n.language]);
}
