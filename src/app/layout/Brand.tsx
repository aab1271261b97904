import { useTranslation } from 'react-i18next';
import { AppLink } from './AppLink';

export function Brand({ className = '' }: { className?: string }) {
  const { t } = useTranslation('common');
  return (
    <AppLink to="/" className={`flex items-center gap-2 rounded-md font-semibold text-slate-900 ${className}`} aria-label={t('homeLink')}>
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" className="shrink-0">
        <rect width="32" height="32" rx="8" className="fill-blue-700" />
        <path d="M9 21c3-7 11-7 14 0" stroke="white" strokeWidth="2.5" fill="none" strokeLinecap="round" />
        <circle cx="9" cy="21" r="2.2" fill="white" />
        <circle cx="23" cy="21" r="2.2" fill="white" />
        <circle cx="16" cy="11" r="2.2" className="fill-amber-300" />
      </svg>
      <span className="text-lg tracking-tight whitespace-nowrap">{t('brand')}</span>
    </AppLink>
  );
}
