/** The catalogue could not be loaded: the page says so, and how to try again, instead of breaking. */
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router-dom';
import { buttonSecondary } from '../ui/Section';

export function CatalogUnavailable() {
  const { t } = useTranslation('plans');
  const revalidator = useRevalidator();
  return (
    <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-5 text-sm text-slate-800">
      <p className="font-semibold">{t('unavailable.title')}</p>
      <p className="mt-1">{t('unavailable.body')}</p>
      <button type="button" className={`mt-3 ${buttonSecondary}`} onClick={() => void revalidator.revalidate()} disabled={revalidator.state === 'loading'}>
        {t(revalidator.state === 'loading' ? 'unavailable.retrying' : 'unavailable.retry')}
      </button>
    </div>
  );
}
