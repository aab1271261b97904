/**
 * /store (spec section 2: "store finder"; issue 18): stores and dealers by state and city, or nearest to a ZIP code, a
 * picture of the storeFinder chart. Each store is written out in full; the map marks the same stores.
 */
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { inspectFlow, storeFinderFlow } from '../../src/app/forScreens';
import type { StoreAnswer, StoreView } from '../../src/contract/places';
import { linkClass, Notice, primaryButton, secondaryButton, SelectInput, TextInput } from '../ui/fields';
import { problemText, useText } from '../ui/text';
import { cityOf, formatDistance, formatHours } from './placesFormat';
import { UsMap, TONE_CLASS, type MapMarker } from './UsMap';

function StoreCard({ store }: { store: StoreView }) {
  const { t, i18n } = useTranslation('places');
  const zh = i18n.language === 'zh-Hans' && store.nameZh;
  const d = store.distanceKm === null ? null : formatDistance(store.distanceKm, i18n.language);
  return (
    <li className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="store" data-code={store.code}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{zh ? store.nameZh : store.name}
          {zh && <span lang="en" className="ml-2 text-sm font-normal text-slate-600">{store.name}</span>}
        </h3>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold text-white ${TONE_CLASS[store.kind]}`}>{t(`kind.${store.kind}`)}</span>
      </div>
      {d && <p className="text-sm font-medium text-slate-800">{t('distanceAway', d)}</p>}
      <p className="mt-1 text-sm text-slate-800" lang="en">{store.address}, {store.city}, {store.state} {store.zip}</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">{t('store.phone')}</dt>
        <dd><a className={linkClass} href={`tel:+1${store.phone.replace(/\D/g, '')}`}>{store.phone}</a></dd>
        <dt className="text-slate-600">{t('store.hours')}</dt>
        <dd className="text-slate-900">{formatHours(store.hours, i18n.language, t).map((line) => <span key={line} className="block">{line}</span>)}</dd>
        <dt className="text-slate-600">{t('store.languages')}</dt>
        <dd className="text-slate-900">{store.languages.map((l) => t(`language.${l}`)).join(t('listSeparator'))}</dd>
        <dt className="text-slate-600">{t('store.services')}</dt>
        <dd className="text-slate-900">{store.services.map((s) => t(`service.${s}`)).join(t('listSeparator'))}</dd>
      </dl>
    </li>
  );
}

function heading(answer: StoreAnswer, lang: string, t: (key: string, v?: Record<string, unknown>) => string, city: string): string {
  if (answer.kind === 'zip' && answer.origin) {
    const o = answer.origin;
    const where = o.city ? t('cityState', { city: cityOf({ city: o.city, cityZhHans: o.cityZhHans, cityZhHant: o.cityZhHant }, lang), state: o.state }) : t(`usStates:${o.state}`);
    return t('store.nearestTitle', { zip: o.zip, place: where });
  }
  if (answer.kind === 'area' && answer.stores[0]) return t('store.areaTitle', { count: answer.stores.length, area: city || t(`usStates:${answer.stores[0].state}`) });
  return t('store.allTitle', { count: answer.stores.length });
}

export default function StoreScreen() {
  const { t, i18n } = useTranslation('places');
  const text = useText();
  const [snapshot, send] = useMachine(storeFinderFlow, { inspect: inspectFlow });
  const c = snapshot.context;
  const state = String(snapshot.value);
  const busy = snapshot.hasTag('busy');
  const answer = c.answer;
  const areas = answer?.areas ?? [];
  const cities = areas.find((a) => a.state === c.state)?.cities ?? [];
  const markers: MapMarker[] = [
    ...(answer?.origin ? [{ ...answer.origin, id: 'origin', tone: 'origin' as const, label: t('map.searched', { zip: answer.origin.zip }) }] : []),
    ...(answer?.stores ?? []).map((s) => ({ lat: s.lat, lon: s.lon, id: s.code, tone: s.kind, label: `${s.name}, ${s.city}, ${s.state}` })),
  ];
  return (
    <div className="mx-auto max-w-5xl px-4 py-10" data-testid="stores" data-state={state}>
      <h1 className="text-3xl font-bold text-slate-900">{t('store.title')}</h1>
      <p className="mt-2 max-w-3xl text-slate-700">{t('store.intro')}</p>
      <div className="mt-6 grid gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 md:grid-cols-2">
        <fieldset className="space-y-3">
          <legend className="text-base font-semibold text-slate-900">{t('store.byArea')}</legend>
          <SelectInput field="state" label={t('store.state')} value={c.state} placeholder={t('store.allStates')} errors={[]}
            options={areas.map((a) => ({ value: a.state, label: t(`usStates:${a.state}`) }))}
            onChange={(value) => send({ type: 'area.choose', state: value, city: '' })} />
          <SelectInput field="city" label={t('store.city')} value={c.city} placeholder={t('store.allCities')} errors={[]}
            options={cities.map((x) => ({ value: x.city, label: x.city }))}
            onChange={(value) => send({ type: 'area.choose', state: c.state, city: value })} />
        </fieldset>
        <form className="space-y-3" noValidate role="search" onSubmit={(e) => { e.preventDefault(); send({ type: 'search.byZip' }); }}>
          <fieldset className="space-y-3">
            <legend className="text-base font-semibold text-slate-900">{t('store.byZip')}</legend>
            <TextInput field="zip" label={t('store.zipLabel')} hint={t('store.zipHint')} inputMode="numeric" autoComplete="postal-code" maxLength={10}
              value={c.zip} onChange={(value) => send({ type: 'zip.change', value })} errors={c.fieldErrors.map((key) => ({ key }))} />
            <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy}>{t('store.submit')}</button>
          </fieldset>
        </form>
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div aria-live="polite" className="space-y-3" data-testid="stores-answer">
          {answer?.sample && <p className="text-xs text-slate-600">{t('sampleStores')}</p>}
          {busy && <p className="text-sm text-slate-700">{t('store.searching')}</p>}
          {state === 'failed' && c.problem && (
            <div className="space-y-2">
              <Notice tone="error">{text(problemText(c.problem))}</Notice>
              <button type="button" className={secondaryButton} onClick={() => send({ type: 'search.retry' })}>{t('retry')}</button>
            </div>
          )}
          {state === 'zipUnknown' && <Notice tone="warning">{t('store.zipUnknown', { zip: c.query.zip ?? '' })}</Notice>}
          {state === 'noStores' && <Notice tone="warning">{t('store.none')}</Notice>}
          {state === 'listed' && answer && (
            <>
              <h2 className="text-lg font-semibold text-slate-900">{heading(answer, i18n.language, t, c.city)}</h2>
              <ol className="space-y-3">{answer.stores.map((s) => <StoreCard key={s.code} store={s} />)}</ol>
            </>
          )}
        </div>
        <div className="space-y-3">
          <UsMap markers={markers} title={t('map.storesTitle')} description={markers.length ? markers.map((m) => m.label).join('; ') : t('map.empty')}
            highlight={c.state ? [c.state] : []} />
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700" aria-label={t('map.legend')}>
            {(['store', 'dealer', 'origin'] as const).map((tone) => (
              <li key={tone} className="flex items-center gap-1.5">
                <span aria-hidden="true" className={`inline-block h-3 w-3 rounded-full ${TONE_CLASS[tone]}`} />{t(tone === 'origin' ? 'map.searchedLegend' : `kind.${tone}`)}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </div>
  );
}
