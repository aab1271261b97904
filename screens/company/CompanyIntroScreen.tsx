/**
 * /aboutUs/companyIntro (spec section 2: "/aboutUs (default /aboutUs/companyIntro)"; issue 18): who LinkBridge Mobile
 * is and serves, what it offers (spec section 1), support 24/7 in English, Mandarin and Cantonese, and where to go next.
 */
import { useTranslation } from 'react-i18next';
import { AppLink, SUPPORT_PHONE } from '../../src/app/forScreens';
import { Check } from '../ui/Section';
import { CompanyTabs } from './CompanyTabs';

const linkClass = 'font-medium text-blue-800 underline underline-offset-2 hover:text-blue-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600';

export default function CompanyIntroScreen() {
  const { t } = useTranslation('company');
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:py-12" data-testid="company-intro">
      <CompanyTabs current="/aboutUs/companyIntro" />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('intro.title')}</h1>
      <p className="mt-4 text-lg text-slate-700">{t('intro.lead')}</p>

      <section aria-labelledby="intro-who" className="mt-10">
        <h2 id="intro-who" className="text-xl font-bold text-slate-900">{t('intro.whoTitle')}</h2>
        <p className="mt-3 text-slate-700">{t('intro.who')}</p>
      </section>

      <section aria-labelledby="intro-offer" className="mt-10">
        <h2 id="intro-offer" className="text-xl font-bold text-slate-900">{t('intro.offerTitle')}</h2>
        <ul className="mt-4 space-y-3">
          {(['offer1', 'offer2', 'offer3', 'offer4'] as const).map((k) => (
            <li key={k} className="flex gap-3 text-slate-700"><Check /><span>{t(`intro.${k}`)}</span></li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="intro-support" className="mt-10 rounded-2xl bg-blue-50 p-6 ring-1 ring-blue-100">
        <h2 id="intro-support" className="text-xl font-bold text-slate-900">{t('intro.supportTitle')}</h2>
        <p className="mt-3 text-slate-700">{t('intro.support', { phone: SUPPORT_PHONE })}</p>
        <p className="mt-3 text-sm text-slate-600">{t('intro.personalUse')}</p>
      </section>

      <section aria-labelledby="intro-links" className="mt-10">
        <h2 id="intro-links" className="text-xl font-bold text-slate-900">{t('intro.linksTitle')}</h2>
        <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
          <li><AppLink to="/helpSupport/commonProblem" className={linkClass}>{t('intro.helpLink')}</AppLink></li>
          <li><AppLink to="/aboutUs/contactUs" className={linkClass}>{t('intro.contactLink')}</AppLink></li>
          <li><AppLink to="/agent" className={linkClass}>{t('intro.agentLink')}</AppLink></li>
          <li><AppLink to="/serviceTerms/serviceClause" className={linkClass}>{t('intro.termsLink')}</AppLink></li>
        </ul>
      </section>
    </div>
  );
}
