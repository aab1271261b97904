import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AppLink } from '../../src/app/forScreens';

/** Spec section 2: "/404: not-found page; it returns home after a countdown in seconds." */
export const COUNTDOWN_SECONDS = 5;

export default function NotFoundScreen() {
  const { t } = useTranslation('notFound');
  const navigate = useNavigate();
  const [seconds, setSeconds] = useState(COUNTDOWN_SECONDS);
  useEffect(() => {
    if (seconds <= 0) {
      void navigate('/', { replace: true });
      return;
    }
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds, navigate]);
  return (
    <section aria-labelledby="nf-title" className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <p className="text-6xl font-bold text-blue-700" aria-hidden="true">404</p>
      <h1 id="nf-title" className="mt-4 text-2xl font-bold text-slate-900">{t('title')}</h1>
      <p className="mt-3 text-slate-700">{t('body')}</p>
      <p className="mt-6 text-sm text-slate-700" data-testid="countdown">{t('countdown', { count: seconds })}</p>
      <AppLink to="/" replace className="mt-6 inline-flex items-center justify-center rounded-full bg-blue-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-blue-800">
        {t('homeNow')}
      </AppLink>
    </section>
  );
}
