/** Newer / older pages of a list whose page lives in the URL (?page=). */
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { secondaryButton } from '../ui/fields';

export function Pager({ page, pageSize, total }: { page: number; pageSize: number; total: number }) {
  const { t } = useTranslation('portalMoney');
  const [params] = useSearchParams();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const to = (p: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(p));
    next.delete('month');
    next.delete('order');
    return `?${next.toString()}`;
  };
  return (
    <nav aria-label={t('bill.page', { page, pages })} className="flex items-center justify-between gap-3 text-sm">
      {page > 1 ? <Link to={to(page - 1)} className={secondaryButton}>{t('bill.prev')}</Link> : <span />}
      <span className="text-slate-700">{t('bill.page', { page, pages })}</span>
      {page < pages ? <Link to={to(page + 1)} className={secondaryButton}>{t('bill.next')}</Link> : <span />}
    </nav>
  );
}
