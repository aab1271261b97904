/** The studio's own frame: its name, the way back to the list, the language switch; no customer navigation. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink, LanguageSwitch } from '../../src/app/forScreens';

export function StudioFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('studio');
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-[96rem] flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div className="flex items-baseline gap-3">
            <AppLink to="/studio" className="text-lg font-bold text-slate-900 hover:text-blue-800">{t('name')}</AppLink>
            <span className="text-sm text-slate-600">{t('tagline')}</span>
          </div>
          <div className="flex items-center gap-3">
            <AppLink to="/" className="text-sm text-blue-800 underline-offset-2 hover:underline">{t('backToSite')}</AppLink>
            <LanguageSwitch />
          </div>
        </div>
      </header>
      <div className="mx-auto max-w-[96rem] px-4 py-6">{children}</div>
    </div>
  );
}

/** `2026-11-28 14:05` in the studio's language's conventions, local time. */
export const when = (iso: string, lang: string): string =>
  new Date(iso).toLocaleString(lang, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
