/**
 * /rates (spec section 2: "Rates: search by country, landline and mobile per-minute rates"; issue 18): every
 * country's rates from the table calls are charged from, the destinations the plans include marked (spec section 1),
 * searchable by a name in any of the three languages, an ISO code or a dialling code.
 */
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router-dom';
import type { RatesData } from '../../src/contract/pageData';
import { AppLink } from '../../src/app/forScreens';
import { cardClass } from '../ui/card';
import { inputClass, linkClass, Notice, secondaryButton } from '../ui/fields';
import { withEnglishExamples } from '../ui/Verbatim';
import { RatesTable } from './RatesTable';
import { rateIndex, ratesView } from './rates.connect';

export default function RatesScreen() {
  const { t, i18n } = useTranslation('rates');
  const { rates } = useLoaderData() as RatesData;
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const index = useMemo(() => rateIndex(rates ?? []), [rates]);
  const view = useMemo(() => ratesView(index, i18n.language, deferred), [index, i18n.language, deferred]);
  const inputId = useId();

  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-10 sm:py-14" data-testid="rates">
      <div className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t('title')}</h1>
        <p className="mt-3 text-base text-slate-700">{t('intro')}</p>
      </div>
      <section aria-labelledby="rates-included" className="rounded-2xl bg-emerald-50 p-5 ring-1 ring-emerald-200">
        <h2 id="rates-included" className="font-semibold text-emerald-950">{t('included.title')}</h2>
        <p className="mt-1 text-sm text-emerald-950">{t('included.body')}</p>
      </section>
      {!rates ? <Notice tone="error">{t('loadError')}</Notice> : (
        <>
          <div role="search" className={`${cardClass} space-y-2`}>
            <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">{t('search.label')}</label>
            <div className="flex gap-2">
              <input id={inputId} type="search" value={query} onChange={(e) => setQuery(e.target.value)} className={`${inputClass} [&::-webkit-search-cancel-button]:appearance-none`}
                aria-describedby={`${inputId}-hint`} autoComplete="off" enterKeyHint="search" />
              {query !== '' && <button type="button" className={`${secondaryButton} mt-1 shrink-0`} onClick={() => setQuery('')}>{t('search.clear')}</button>}
            </div>
            <p id={`${inputId}-hint`} className="text-xs text-slate-600">{withEnglishExamples(t('search.hint'))}</p>
            <p role="status" className="text-sm text-slate-700" data-testid="rates-count">
              {view.kind === 'search' && view.count === 0 ? t('search.none', { query: deferred.trim() }) : t('search.count', { count: view.count })}
            </p>
          </div>
          {view.kind === 'search'
            ? view.count > 0 && <RatesTable title={t('results')} rows={view.results} testId="rates-results" />
            : (
              <>
                <RatesTable title={t('popular')} rows={view.popular} testId="rates-popular" />
                <RatesTable title={t('all')} rows={view.all} testId="rates-all" />
              </>
            )}
          <p className="text-sm text-slate-600">{t('note')}</p>
        </>
      )}
      <section aria-labelledby="rates-topup" className={cardClass}>
        <h2 id="rates-topup" className="font-semibold text-slate-900">{t('topUp.title')}</h2>
        <p className="mt-1 text-sm text-slate-700">{t('topUp.body')}</p>
        <AppLink to="/personal/pay/changeAccount" className={`mt-3 inline-block text-sm ${linkClass}`}>{t('topUp.link')}</AppLink>
      </section>
    </div>
  );
}
