import { useTranslation } from 'react-i18next';

/** Last resort when a screen fails to load or throws: say so and offer a way on. */
export function RouteError() {
  const { t } = useTranslation('common');
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">{t('routeError.title')}</h1>
      <p className="text-slate-700">{t('routeError.body')}</p>
      <div className="flex gap-3">
        <button type="button" onClick={() => window.location.reload()} className="rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800">{t('routeError.reload')}</button>
        <a href="/" className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-800 hover:bg-white">{t('routeError.home')}</a>
      </div>
    </main>
  );
}
