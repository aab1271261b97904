import { useTranslation } from 'react-i18next';
import { AppLink } from '../../src/app/forScreens';
import { formatMoney } from '../../i18n';
import { Check, Section, buttonPrimary, buttonSecondary } from '../ui/Section';

/** Spec section 9: dual number $1.99 per 30 days, first month free; referral $15, port-in $25 / $20. */
export const DUAL_NUMBER_CENTS = 199;
export const REFERRAL_CENTS = 1500;
export const PORT_IN_REFERRER_CENTS = 2500;
export const PORT_IN_REFEREE_CENTS = 2000;

function Points({ items }: { items: string[] }) {
  return (
    <ul className="space-y-2 text-sm text-slate-700">
      {items.map((item) => <li key={item} className="flex gap-2"><Check />{item}</li>)}
    </ul>
  );
}

export function DualNumberAndEsim() {
  const { t, i18n } = useTranslation('home');
  const price = formatMoney(DUAL_NUMBER_CENTS, i18n.language);
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-14 md:grid-cols-2">
      <section aria-labelledby="dual-title" className="flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h2 id="dual-title" className="text-2xl font-bold text-slate-900">{t('dual.title')}</h2>
        <p className="mt-3 text-slate-700">{t('dual.intro')}</p>
        <p className="mt-4 text-lg font-semibold text-blue-800">{t('dual.price', { price })}</p>
        <div className="mt-4 flex-1"><Points items={[t('dual.point1'), t('dual.point2'), t('dual.point3')]} /></div>
        <AppLink to="/personal/doubleNumber/publicity" className={`mt-6 self-start ${buttonSecondary}`}>{t('dual.cta')}</AppLink>
      </section>
      <section aria-labelledby="esim-title" className="flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h2 id="esim-title" className="text-2xl font-bold text-slate-900">{t('esim.title')}</h2>
        <p className="mt-3 text-slate-700">{t('esim.intro')}</p>
        <div className="mt-4 flex-1"><Points items={[t('esim.point1'), t('esim.point2'), t('esim.point3')]} /></div>
        <p className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-slate-800 ring-1 ring-amber-200">{t('esim.chinaNote')}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <AppLink to="/esim" className={buttonPrimary}>{t('esim.cta')}</AppLink>
          <AppLink to="/phone-detection" className={buttonSecondary}>{t('esim.check')}</AppLink>
        </div>
      </section>
    </div>
  );
}

export function ReferralSection() {
  const { t, i18n } = useTranslation('home');
  const money = (c: number) => formatMoney(c, i18n.language);
  return (
    <section aria-labelledby="referral-title" className="bg-gradient-to-r from-indigo-800 to-blue-700 text-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-14 md:grid-cols-[3fr_2fr] md:items-center">
        <div>
          <h2 id="referral-title" className="text-2xl font-bold sm:text-3xl">{t('referral.title', { amount: money(REFERRAL_CENTS) })}</h2>
          <p className="mt-3 text-blue-50">{t('referral.intro', { amount: money(REFERRAL_CENTS) })}</p>
          <p className="mt-3 text-blue-50">{t('referral.portIn', { referrer: money(PORT_IN_REFERRER_CENTS), referee: money(PORT_IN_REFEREE_CENTS) })}</p>
          <p className="mt-3 text-sm text-blue-100">{t('referral.fineprint')}</p>
        </div>
        <div className="md:text-right">
          <AppLink to="/ReferAFriend" className="inline-flex items-center justify-center rounded-full bg-amber-400 px-6 py-3 text-sm font-semibold text-slate-900 hover:bg-amber-300">
            {t('referral.cta')}
          </AppLink>
        </div>
      </div>
    </section>
  );
}

export function ActivationSection() {
  const { t } = useTranslation('home');
  const steps = [1, 2, 3] as const;
  return (
    <Section id="activation" title={t('activation.title')} intro={t('activation.intro')}>
      <ol className="grid gap-6 md:grid-cols-3">
        {steps.map((n) => (
          <li key={n} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <span className="flex h-9 w-9 items-center justify-center rounded-full bg-blue-700 text-sm font-bold text-white" aria-hidden="true">{n}</span>
            <h3 className="mt-4 font-semibold text-slate-900">{t(`activation.step${n}.title`)}</h3>
            <p className="mt-2 text-sm text-slate-700">{t(`activation.step${n}.body`)}</p>
          </li>
        ))}
      </ol>
      <dl className="mt-8 grid gap-4 rounded-2xl bg-white p-6 text-sm ring-1 ring-slate-200 sm:grid-cols-3">
        <div><dt className="font-semibold text-slate-900">{t('activation.timing.simTitle')}</dt><dd className="mt-1 text-slate-700">{t('activation.timing.sim')}</dd></div>
        <div><dt className="font-semibold text-slate-900">{t('activation.timing.esimTitle')}</dt><dd className="mt-1 text-slate-700">{t('activation.timing.esim')}</dd></div>
        <div><dt className="font-semibold text-slate-900">{t('activation.timing.portTitle')}</dt><dd className="mt-1 text-slate-700">{t('activation.timing.port')}</dd></div>
      </dl>
      <AppLink to="/activation" className={`mt-8 ${buttonPrimary}`}>{t('activation.cta')}</AppLink>
    </Section>
  );
}
