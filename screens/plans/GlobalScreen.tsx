/**
 * /plans/global (spec section 1): "A global data roaming SIM, physical or eSIM, data only, 57+ destinations in regions
 * USA and Canada, Australia and NZ, Europe, Asia": the regions, their destinations in the active language, the data
 * packs of each region and a buy link per pack.
 */
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData } from 'react-router-dom';
import { countryName, formatMoney } from '../../i18n';
import type { PlansData } from '../../src/contract/pageData';
import { buttonPrimary } from '../ui/Section';
import { formatDataMb } from '../ui/format';
import { CatalogUnavailable } from './CatalogUnavailable';
import { PageHeader } from './PageHeader';
import { SimTypeChoice } from './PlanChoices';
import { globalDestinationCount, regionViews, searchDestinations, type RegionView } from './global.connect';
import { packBuyHref, type SimType } from './plans.connect';
import { usePlanChoice } from './usePlanChoice';

/** A region's packs; `buyHref` says where a pack is bought (activation buys it for the card being activated). */
export function RegionSection({ region, simType, buyHref = packBuyHref }: { region: RegionView; simType: SimType; buyHref?: (packId: number, simType: SimType) => string }) {
  const { t, i18n } = useTranslation('plans');
  const lang = i18n.language;
  const name = t(`regions.${region.code}`, { defaultValue: region.code });
  return (
    <section id={`region-${region.code}`} aria-labelledby={`region-${region.code}-title`} className="scroll-mt-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`region-${region.code}-title`} className="text-xl font-semibold text-slate-900">{name}</h2>
        <p className="text-sm font-medium text-blue-800">{t('global.destinations', { count: region.destinations.length })}</p>
      </div>
      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700" aria-label={t('global.destinationsOf', { region: name })}>
        {region.destinations.map((d) => <li key={d.code}>{d.name}</li>)}
      </ul>
      <div className="mt-5 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('global.packsOf', { region: name })}</caption>
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">{t('global.colData')}</th>
              <th scope="col" className="py-2 pr-3 font-medium">{t('global.colDays')}</th>
              <th scope="col" className="py-2 pr-3 font-medium">{t('global.colPrice')}</th>
              <th scope="col" className="py-2 font-medium"><span className="sr-only">{t('global.colBuy')}</span></th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {region.packs.map((pack) => {
              const data = formatDataMb(pack.dataMb, lang);
              return (
                <tr key={pack.id} data-testid={`pack-${pack.id}`}>
                  <th scope="row" className="whitespace-nowrap py-3 pr-2 font-semibold text-slate-900 sm:pr-3">{data}</th>
                  <td className="whitespace-nowrap py-3 pr-2 sm:pr-3">{t('global.days', { count: pack.days })}</td>
                  <td className="whitespace-nowrap py-3 pr-2 font-semibold text-slate-900 sm:pr-3">{formatMoney(pack.priceCents, lang)}</td>
                  <td className="py-3 text-right">
                    <Link to={buyHref(pack.id, simType)} className={`${buttonPrimary} whitespace-nowrap px-3 py-1.5 sm:px-4`}
                      aria-label={t('global.buyNamed', { region: name, data, count: pack.days, sim: t(`simType.${simType}`) })}>
                      {t('global.buy')}
                    </Link>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function DestinationSearch({ regions }: { regions: RegionView[] }) {
  const { t } = useTranslation('plans');
  const id = useId();
  const [query, setQuery] = useState('');
  const found = searchDestinations(regions, query);
  return (
    <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" role="search">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">{t('global.searchLabel')}</label>
      <input id={id} type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder={t('global.searchPlaceholder')}
        autoComplete="off" className="mt-2 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30" />
      <div aria-live="polite" className="mt-3 text-sm">
        {query.trim() !== '' && (found.length === 0 ? (
          <p className="text-slate-700">{t('global.searchNone', { query: query.trim() })}</p>
        ) : (
          <ul className="space-y-1" aria-label={t('global.searchResults')}>
            {found.map(({ region, destination }) => (
              <li key={`${region}-${destination.code}`}>
                <span className="font-semibold text-slate-900">{destination.name}</span>{' '}
                <a href={`#region-${region}`} className="text-blue-800 underline">{t('global.inRegion', { region: t(`regions.${region}`, { defaultValue: region }) })}</a>
              </li>
            ))}
          </ul>
        ))}
      </div>
    </div>
  );
}

export default function GlobalScreen() {
  const { t, i18n } = useTranslation('plans');
  const lang = i18n.language;
  const { catalog } = useLoaderData() as PlansData;
  const [choice, setChoice] = usePlanChoice();
  const regions = useMemo(() => (catalog ? regionViews(catalog.global, lang, countryName) : []), [catalog, lang]);
  const count = catalog ? globalDestinationCount(catalog.global) : null;

  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-10 sm:py-14">
      <PageHeader title={t('global.title')} intro={t('global.intro')}>
        {count !== null && <p className="mt-4 text-lg font-semibold text-blue-800" data-testid="destination-count">{t('global.claim', { count, regions: regions.length })}</p>}
      </PageHeader>
      <ul className="grid gap-3 text-sm text-slate-800 sm:grid-cols-3">
        <li className="rounded-xl bg-white p-4 ring-1 ring-slate-200"><strong className="block text-slate-900">{t('global.dataOnlyTitle')}</strong>{t('global.dataOnly')}</li>
        <li className="rounded-xl bg-white p-4 ring-1 ring-slate-200"><strong className="block text-slate-900">{t('global.simTypesTitle')}</strong>{t('global.simTypes')}</li>
        <li className="rounded-xl bg-white p-4 ring-1 ring-slate-200"><strong className="block text-slate-900">{t('global.activateTitle')}</strong>{t('global.activate')}</li>
      </ul>
      {!catalog ? <CatalogUnavailable /> : (
        <>
          <div className="grid gap-4 md:grid-cols-2">
            <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <SimTypeChoice value={choice.simType} onChange={(simType) => setChoice({ simType })} />
            </div>
            <DestinationSearch regions={regions} />
          </div>
          <nav aria-label={t('global.regionsNav')}>
            <ul className="flex flex-wrap gap-2">
              {regions.map((r) => (
                <li key={r.code}><a href={`#region-${r.code}`} className="inline-block rounded-full bg-white px-4 py-1.5 text-sm font-semibold text-blue-800 ring-1 ring-slate-200 hover:ring-blue-600">{t(`regions.${r.code}`, { defaultValue: r.code })}</a></li>
              ))}
            </ul>
          </nav>
          <div className="space-y-6">
            {regions.map((region) => <RegionSection key={region.code} region={region} simType={choice.simType} />)}
          </div>
          <p className="text-sm text-slate-600">{t('global.note')}</p>
        </>
      )}
    </div>
  );
}
