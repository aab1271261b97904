/** The home page's way to the Lunar New Year campaign (issue 18, decision 0042). */
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../i18n';
import { AppLink } from '../../src/app/forScreens';
import { LNY_GROUP_STEP, LNY_MAX_GROUPS, LNY_SOCIAL_TIERS, LNY_STEP_CENTS } from '../../src/domain/campaigns';

const MAX_CENTS = (LNY_MAX_GROUPS / LNY_GROUP_STEP) * LNY_STEP_CENTS + LNY_SOCIAL_TIERS[0].cents;

export function CampaignSection() {
  const { t, i18n } = useTranslation('home');
  return (
    <section aria-labelledby="campaign-title" className="bg-gradient-to-r from-red-800 to-rose-700 text-white">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 md:grid-cols-[3fr_2fr] md:items-center">
        <div>
          <h2 id="campaign-title" className="text-2xl font-bold">{t('campaign.title', { amount: formatMoney(MAX_CENTS, i18n.language) })}</h2>
          <p className="mt-2 text-rose-50">{t('campaign.intro')}</p>
        </div>
        <div className="md:text-right">
          <AppLink to="/activity/lunarNewYear" className="inline-flex items-center justify-center rounded-full bg-amber-400 px-6 py-3 text-sm font-semibold text-slate-900 hover:bg-amber-300">
            {t('campaign.cta')}
          </AppLink>
        </div>
      </div>
    </section>
  );
}
