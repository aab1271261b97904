/**
 * /personal/doubleNumber/publicity (spec section 2: "dual-number promo", public): what the US-China dual number is,
 * what it costs, what the real-name check needs, and the way in (the account's dual-number page, after login).
 */
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../i18n';
import { AppLink } from '../../src/app/forScreens';
import { DUAL_PRICE_CENTS, ID_TYPES } from '../../src/domain/dualNumber';
import { cardClass as card } from '../ui/card';
import { primaryButton } from '../ui/fields';


export default function PublicityScreen() {
  const { t, i18n } = useTranslation('dualNumber');
  const price = formatMoney(DUAL_PRICE_CENTS, i18n.language);
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-10">
      <section className="rounded-3xl bg-gradient-to-br from-blue-800 to-rose-700 p-8 text-white">
        <p className="text-sm font-semibold uppercase tracking-wide text-blue-100">{t('promo.kicker')}</p>
        <h1 className="mt-2 text-3xl font-bold">{t('promo.title')}</h1>
        <p className="mt-3 max-w-2xl text-lg text-blue-50">{t('promo.lead', { price })}</p>
        <AppLink to="/personal/doubleNumber/openDouble" className="mt-6 inline-flex items-center justify-center rounded-full bg-white px-6 py-3 font-semibold text-blue-900 hover:bg-blue-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-white">{t('promo.cta')}</AppLink>
      </section>
      <section aria-labelledby="promo-why" className="grid gap-4 sm:grid-cols-3">
        <h2 id="promo-why" className="sr-only">{t('promo.whyTitle')}</h2>
        {(['family', 'apps', 'oneSim'] as const).map((k) => (
          <div key={k} className={card}>
            <h3 className="font-semibold text-slate-900">{t(`promo.why.${k}.title`)}</h3>
            <p className="mt-1 text-sm text-slate-700">{t(`promo.why.${k}.body`)}</p>
          </div>
        ))}
      </section>
      <section aria-labelledby="promo-how" className={card}>
        <h2 id="promo-how" className="text-lg font-semibold text-slate-900">{t('promo.howTitle')}</h2>
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-800">
          <li>{t('promo.how.1')}</li>
          <li>{t('promo.how.2', { documents: ID_TYPES.map((type) => t(`idType.${type}`)).join(t('form.listSeparator')) })}</li>
          <li>{t('promo.how.3')}</li>
          <li>{t('promo.how.4', { price })}</li>
        </ol>
      </section>
      <section aria-labelledby="promo-terms" className={card}>
        <h2 id="promo-terms" className="text-lg font-semibold text-slate-900">{t('promo.termsTitle')}</h2>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li>{t('promo.terms.price', { price })}</li>
          <li>{t('promo.terms.paused', { price })}</li>
          <li>{t('promo.terms.shutdown')}</li>
          <li>{t('promo.terms.kept')}</li>
          <li>{t('promo.terms.line')}</li>
        </ul>
        <AppLink to="/personal/doubleNumber/openDouble" className={`mt-5 ${primaryButton} sm:w-auto`}>{t('promo.cta')}</AppLink>
      </section>
    </div>
  );
}
