import { useTranslation } from 'react-i18next';
import { AppLink } from '../../src/app/forScreens';
import { formatMoney } from '../../i18n';
import { buttonSecondary } from '../ui/Section';

export function Hero({ fromCents }: { fromCents: number | null }) {
  const { t, i18n } = useTranslation('home');
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-gradient-to-br from-blue-800 via-blue-700 to-indigo-800 text-white">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:py-20 md:grid-cols-[3fr_2fr]">
        <div>
          <p className="text-sm font-semibold tracking-wide text-amber-300">{t('hero.eyebrow')}</p>
          <h1 id="hero-title" className="mt-3 text-3xl font-bold leading-tight tracking-tight sm:text-5xl">{t('hero.title')}</h1>
          <p className="mt-4 max-w-xl text-base text-blue-50 sm:text-lg">{t('hero.subtitle')}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <AppLink to="/plans" className="inline-flex items-center justify-center rounded-full bg-amber-400 px-6 py-3 text-sm font-semibold text-slate-900 shadow hover:bg-amber-300">
              {t('hero.ctaPlans')}
            </AppLink>
            <AppLink to="/activation" className={buttonSecondary}>{t('hero.ctaActivate')}</AppLink>
          </div>
          <ul className="mt-8 grid gap-2 text-sm text-blue-50 sm:grid-cols-3">
            {fromCents !== null && <li>{t('hero.factFrom', { price: formatMoney(fromCents, i18n.language) })}</li>}
            <li>{t('hero.factNoContract')}</li>
            <li>{t('hero.factSupport')}</li>
          </ul>
        </div>
        <div className="hidden md:block" aria-hidden="true">
          <div className="relative mx-auto aspect-[3/4] w-64 rotate-3 rounded-3xl bg-white/10 p-5 shadow-2xl ring-1 ring-white/20 backdrop-blur">
            <div className="h-12 w-16 rounded-md bg-gradient-to-br from-amber-200 to-amber-400" />
            <div className="mt-8 space-y-3">
              <div className="h-3 w-3/4 rounded bg-white/60" />
              <div className="h-3 w-1/2 rounded bg-white/40" />
              <div className="h-3 w-2/3 rounded bg-white/30" />
            </div>
            <div className="absolute right-5 bottom-5 left-5 flex items-end justify-between">
              <div className="flex gap-1">
                <span className="h-3 w-1.5 rounded bg-white/70" /><span className="h-5 w-1.5 rounded bg-white/70" />
                <span className="h-7 w-1.5 rounded bg-white/70" /><span className="h-9 w-1.5 rounded bg-amber-300" />
              </div>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
