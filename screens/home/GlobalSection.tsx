import { useTranslation } from 'react-i18next';
import type { BundleList } from '../../src/contract/catalog';
import { AppLink } from '../../src/app/forScreens';
import { countryName, formatMoney } from '../../i18n';
import { Section, buttonPrimary } from '../ui/Section';
import { destinationCount } from '../../src/domain/destinations';

const SHOWN_NAMES = 5;

export function GlobalSection({ catalog }: { catalog: BundleList | null }) {
  const { t, i18n } = useTranslation('home');
  const lang = i18n.language;
  const regions = catalog?.global.regions ?? [];
  const total = destinationCount(regions);
  return (
    <Section id="global" title={t('global.title')} intro={t('global.intro')} tone="tint">
      {total > 0 && <p className="mb-6 text-sm font-semibold text-blue-800" data-testid="destination-count">{t('global.total', { count: total })}</p>}
      {regions.length > 0 && (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {regions.map((region) => {
            const names = region.destinations.map((c) => countryName(c, lang)).sort((a, b) => a.localeCompare(b, lang));
            const from = (catalog?.global.packs ?? []).filter((p) => p.regionCode === region.code).map((p) => p.priceCents).sort((a, b) => a - b)[0];
            const rest = names.length - SHOWN_NAMES;
            return (
              <li key={region.code} className="rounded-xl border border-slate-200 bg-slate-50 p-5">
                <h3 className="font-semibold text-slate-900">{t(`global.regions.${region.code}`, { defaultValue: region.code })}</h3>
                <p className="mt-1 text-sm text-blue-800">{t('global.destinations', { count: region.destinations.length })}</p>
                <p className="mt-3 text-sm text-slate-700">
                  {names.slice(0, SHOWN_NAMES).join(t('global.separator'))}
                  {rest > 0 && t('global.more', { count: rest })}
                </p>
                {from !== undefined && <p className="mt-3 text-sm font-medium text-slate-900">{t('global.from', { price: formatMoney(from, lang) })}</p>}
              </li>
            );
          })}
        </ul>
      )}
      <ul className="mt-6 grid gap-2 text-sm text-slate-700 sm:grid-cols-3">
        <li>{t('global.pointDataOnly')}</li>
        <li>{t('global.pointSimTypes')}</li>
        <li>{t('global.pointActivate')}</li>
      </ul>
      <AppLink to="/plans/global" className={`mt-8 ${buttonPrimary}`}>{t('global.cta')}</AppLink>
    </Section>
  );
}
