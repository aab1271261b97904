/** Newer / older pages of a list whose page lives in the URL (?page=), as the customer's bills and orders and the staff inbox page. */
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { secondaryButton } from './fields';

/** `drop`: parameters that name something on the page left (an open order, a month shown), not kept on another page. */
export function Pager({ page, pageSize, total, drop = [] }: { page: number; pageSize: number; total: number; drop?: readonly string[] }) {
  const { t } = useTranslation('common');
  const [params] = useSearchParams();
  const to = (p: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(p));
    for (const name of drop) next.delete(name);
    return `?${next.toString()}`;
  };
  const pages = Math.max(1, Math.ceil(total / pageSize));
  // A page past the end (an old link, a list that shrank): the way back is to its last page.
  if (page > pages) {
    if (total === 0) return null;
    return (
      <nav aria-label={t('pager.past')} className="flex flex-wrap items-center gap-3 text-sm">
        <span className="text-slate-700">{t('pager.past')}</span>
        <Link to={to(pages)} className={secondaryButton}>{t('pager.last')}</Link>
      </nav>
    );
  }
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('pager.page', { page, pages })} className="flex items-center justify-between gap-3 text-sm">
      {page > 1 ? <Link to={to(page - 1)} className={secondaryButton}>{t('pager.newer')}</Link> : <span />}
      <span className="text-slate-700">{t('pager.page', { page, pages })}</span>
      {page < pages ? <Link to={to(page + 1)} className={secondaryButton}>{t('pager.older')}</Link> : <span />}
    </nav>
  );
}
