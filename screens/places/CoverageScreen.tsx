/**
 * /coverage (spec section 2; issue 18): coverage by ZIP code or city, a picture of the coverageLookup chart. The answer
 * is written out in words (technology, signal outdoors and indoors) and marked on the map, which is never the only way
 * to read it.
 */
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { coverageLookupFlow, inspectFlow } from '../../src/app/forScreens';
import { labelColon } from '../../i18n';
import type { CoverageArea, CoverageResponse, Located } from '../../src/contract/places';
import { Notice, primaryButton, secondaryButton, TextInput } from '../ui/fields';
import { problemText, useText } from '../ui/text';
import { cityOf, formatDistance } from './placesFormat';
import { UsMap, TONE_CLASS, type MapMarker } from './UsMap';

const TECHS = ['5g', 'lte', '3g2g', 'none'] as const;

function AreaCard({ area, distanceKm }: { area: CoverageArea; distanceKm?: number }) {
  const { t, i18n } = useTranslation('places');
  const d = distanceKm === undefined ? null : formatDistance(distanceKm, i18n.language);
  return (
    <li className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="coverage-area" data-zip={area.zip} data-technology={area.technology}>
      <h3 className="font-semibold text-slate-900">
        {t('place', { city: cityOf(area, i18n.language), state: area.state, zip: area.zip })}
        {d && <span className="ml-2 text-sm font-normal text-slate-600">{t('distance', d)}</span>}
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">{t('coverage.network')}</dt>
        <dd className="flex items-center gap-2 font-medium text-slate-900">
          <span aria-hidden="true" className={`inline-block h-3 w-3 rounded-full ${TONE_CLASS[area.technology]}`} />
          {t(`technology.${area.technology}`)}
        </dd>
        <dt className="text-slate-600">{t('coverage.outdoor')}</dt>
        <dd className="text-slate-900">{t(`quality.${area.outdoor}`)}</dd>
        <dt className="text-slate-600">{t('coverage.indoor')}</dt>
        <dd className="text-slate-900">{t(`quality.${area.indoor}`)}</dd>
      </dl>
      <p className="mt-2 text-sm text-slate-700">{t(`explain.${area.technology}`)}</p>
    </li>
  );
}

function whereText(located: Located, lang: string, t: (key: string, v?: Record<string, unknown>) => string) {
  if (located.by === 'zip' && located.city) return t('nearest.whereZip', { zip: located.zip, place: t('cityState', { city: cityOf({ city: located.city, cityZhHans: located.cityZhHans, cityZhHant: located.cityZhHant }, lang), state: located.state }) });
  if (located.by === 'prefix') return t('nearest.wherePrefix', { zip: located.zip, state: t(`usStates:${located.state}`) });
  return t('nearest.whereState', { zip: located.zip, state: t(`usStates:${located.state}`) });
}

function markersOf(answer: CoverageResponse | null, lang: string, t: (key: string, v?: Record<string, unknown>) => string): MapMarker[] {
  const result = answer?.result;
  const label = (a: CoverageArea) => `${t('place', { city: cityOf(a, lang), state: a.state, zip: a.zip })}${labelColon(lang)}${t(`technology.${a.technology}`)}`;
  if (result?.kind === 'zip') return [{ ...result.area, id: result.area.zip, tone: result.area.technology, label: label(result.area) }];
  if (result?.kind === 'city') return result.areas.map((a) => ({ ...a, id: a.zip, tone: a.technology, label: label(a) }));
  if (result?.kind === 'nearest') {
    return [
      { ...result.located, id: 'origin', tone: 'origin', label: t('map.searched', { zip: result.located.zip }) },
      ...result.nearest.map((a) => ({ ...a, id: a.zip, tone: a.technology, label: label(a) })),
    ];
  }
  return [];
}

export default function CoverageScreen() {
  const { t, i18n } = useTranslation('places');
  const text = useText();
  const [snapshot, send] = useMachine(coverageLookupFlow, { inspect: inspectFlow });
  const c = snapshot.context;
  const state = String(snapshot.value);
  const busy = snapshot.hasTag('busy');
  const result = c.answer?.result;
  const markers = markersOf(c.answer, i18n.language, t);
  const mapDescription = markers.length ? markers.map((m) => m.label).join('; ') : t('map.empty');
  return (
    <div className="mx-auto max-w-5xl px-4 py-10" data-testid="coverage" data-state={state}>
      <h1 className="text-3xl font-bold text-slate-900">{t('coverage.title')}</h1>
      <p className="mt-2 max-w-3xl text-slate-700">{t('coverage.intro')}</p>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="space-y-4">
          <form className="space-y-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" noValidate role="search"
            onSubmit={(e) => { e.preventDefault(); send({ type: 'search.submit' }); }}>
            <TextInput field="place" label={t('coverage.placeLabel')} hint={t('coverage.placeHint')} maxLength={60} value={c.place}
              onChange={(value) => send({ type: 'place.change', value })} errors={c.fieldErrors.map((key) => ({ key }))} />
            <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy}>{t(busy ? 'coverage.searching' : 'coverage.submit')}</button>
          </form>
          <div aria-live="polite" className="space-y-3" data-testid="coverage-answer">
            {c.answer?.sample && <p className="text-xs text-slate-600">{t('sample')}</p>}
            {state === 'failed' && c.problem && (
              <div className="space-y-2">
                <Notice tone="error">{text(problemText(c.problem))}</Notice>
                <button type="button" className={secondaryButton} onClick={() => send({ type: 'search.retry' })}>{t('retry')}</button>
              </div>
            )}
            {state === 'notFound' && <Notice tone="warning">{t('coverage.notFound', { query: c.searched })}</Notice>}
            {state === 'nearestShown' && result?.kind === 'nearest' && (
              <>
                <Notice tone="info">{`${t('nearest.noData', { zip: result.located.zip })} ${whereText(result.located, i18n.language, t)}`}</Notice>
                <h2 className="text-lg font-semibold text-slate-900">{t('nearest.title')}</h2>
                <ol className="space-y-3">{result.nearest.map((a) => <AreaCard key={a.zip} area={a} distanceKm={a.distanceKm} />)}</ol>
              </>
            )}
            {state === 'covered' && (result?.kind === 'zip' || result?.kind === 'city') && (
              <>
                <h2 className="text-lg font-semibold text-slate-900">{t('coverage.resultTitle', { query: c.searched })}</h2>
                <ul className="space-y-3">{(result.kind === 'zip' ? [result.area] : result.areas).map((a) => <AreaCard key={a.zip} area={a} />)}</ul>
              </>
            )}
          </div>
        </div>
        <div className="space-y-3">
          <UsMap markers={markers} title={t('map.coverageTitle')} description={mapDescription}
            highlight={result?.kind === 'nearest' ? [result.located.state] : []} />
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700" aria-label={t('map.legend')}>
            {TECHS.map((tech) => (
              <li key={tech} className="flex items-center gap-1.5">
                <span aria-hidden="true" className={`inline-block h-3 w-3 rounded-full ${TONE_CLASS[tech]}`} />{t(`technology.${tech}`)}
              </li>
            ))}
            <li className="flex items-center gap-1.5">
              <span aria-hidden="true" className={`inline-block h-3 w-3 rounded-full ${TONE_CLASS.origin}`} />{t('map.searchedLegend')}
            </li>
          </ul>
        </div>
      </div>
    </div>
  );
}
