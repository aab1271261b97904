import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage } from '../../../i18n';
import { LANGUAGE_LABELS, LANGUAGE_NAMES } from './navItems';

/** EN / 简体 / 繁體: changes the language in place; the page stays. */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation('layout');
  return (
    <div role="group" aria-label={t('header.language')} className={`flex items-center rounded-full border border-slate-300 p-0.5 text-sm ${className}`}>
      {LANGUAGES.map((lang) => {
        const active = i18n.language === lang;
        return (
          <button
            key={lang}
            type="button"
            lang={lang}
            aria-pressed={active}
            aria-label={LANGUAGE_NAMES[lang]}
            onClick={() => { void setLanguage(lang); }}
            className={`rounded-full px-2.5 py-1 font-medium transition-colors ${active ? 'bg-blue-700 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
          >
            {LANGUAGE_LABELS[lang]}
          </button>
        );
      })}
    </div>
  );
}
