/**
 * /helpSupport/commonProblem (spec section 2; issue 18): the FAQ in the spec's five categories, searchable in any of
 * the three languages (faqSearch.ts: no word splitting for Chinese), each question at its own address (…#<id> opens
 * it), with the terms, the privacy policy and the refund rules linked, and the ways to reach customer service.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router-dom';
import { AppLink, SUPPORT_PHONE } from '../../src/app/forScreens';
import { REFUND_WORKING_DAYS, RETURN_WITHIN_DAYS } from '../../src/domain/refunds';
import { legalHref } from '../legal';
import { FAQ, FAQ_CATEGORIES, questionKey } from './faq';
import { searchFaq } from './faqSearch';
import { FaqItem } from './FaqItem';

const VALUES = { returnDays: RETURN_WITHIN_DAYS, refundFrom: REFUND_WORKING_DAYS.from, refundTo: REFUND_WORKING_DAYS.to };
const linkClass = 'font-medium text-blue-800 underline underline-offset-2 hover:text-blue-900';

export default function HelpCentreScreen() {
  const { t, i18n } = useTranslation('help');
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const [typed, setTyped] = useState(query);
  useEffect(() => setTyped(query), [query]);
  const { hash } = useLocation();
  const target = decodeURIComponent(hash.slice(1));
  const [opened, setOpened] = useState<Record<string, boolean>>({});

  // What a reader searches is what they read: the question, its answer and its list, in the page's language (not the
  // category's name, which would match every question under it).
  const entries = useMemo(() => FAQ.map((q) => ({
    id: q.id,
    text: [t(questionKey(q.id, 'q')), t(questionKey(q.id, 'a'), VALUES), ...(q.items ?? []).map((k) => t(k))].join('\n'),
  // The language is named so the texts are read again when it changes, whatever `t`'s identity does.
  })), [t, i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps
  const matches = useMemo(() => new Set(searchFaq(entries, query)), [entries, query]);
  const searching = query.trim() !== '';

  // A link to a question (…#keepNumber) opens it and brings it into view, after the layout's scroll to the top.
  useEffect(() => {
    if (!FAQ.some((q) => q.id === target)) return undefined;
    setOpened((o) => ({ ...o, [target]: true }));
    const timer = setTimeout(() => document.getElementById(target)?.scrollIntoView(), 0);
    return () => clearTimeout(timer);
  }, [target]);

  const search = (value: string) => {
    const next = new URLSearchParams(params);
    if (value.trim()) next.set('q', value.trim()); else next.delete('q');
    setParams(next, { replace: true });
  };

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:py-12" data-testid="help-centre">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('title')}</h1>
      <p className="mt-3 text-slate-700">{t('lead')}</p>
      <p className="mt-2 text-slate-700">
        {t('videos.text')} <AppLink to="/videoSupport" className={linkClass}>{t('videos.link')}</AppLink>
      </p>

      <form role="search" className="mt-6 flex flex-col gap-2 sm:flex-row" onSubmit={(e) => { e.preventDefault(); search(typed); }}>
        <label htmlFor="faq-search" className="sr-only">{t('search.label')}</label>
        <input id="faq-search" type="search" name="q" value={typed} placeholder={t('search.placeholder')} autoComplete="off"
          onChange={(e) => { setTyped(e.target.value); search(e.target.value); }}
          className="block w-full rounded-full border border-slate-300 bg-white px-5 py-3 text-base text-slate-900 shadow-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30" />
        <button type="submit" className="shrink-0 whitespace-nowrap rounded-full bg-blue-700 px-6 py-3 font-semibold text-white hover:bg-blue-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2">{t('search.submit')}</button>
      </form>
      <p role="status" aria-live="polite" className="mt-3 min-h-6 text-sm text-slate-700" data-testid="faq-results">
        {searching && (matches.size > 0 ? t('search.results', { count: matches.size, query: query.trim() }) : t('search.none', { query: query.trim() }))}
        {searching && (
          <button type="button" className={`ml-3 ${linkClass}`} onClick={() => { setTyped(''); search(''); }}>{t('search.clear')}</button>
        )}
      </p>

      {!searching && (
        <nav aria-label={t('nav')} className="mt-6">
          <ul className="flex flex-wrap gap-2 text-sm">
            {FAQ_CATEGORIES.map((c) => (
              <li key={c}><a href={`#cat-${c}`} className="inline-block rounded-full bg-white px-4 py-1.5 font-semibold text-blue-800 ring-1 ring-slate-300 hover:ring-blue-600">{t(`categories.${c}`)}</a></li>
            ))}
          </ul>
        </nav>
      )}

      {FAQ_CATEGORIES.map((c) => {
        const questions = FAQ.filter((q) => q.category === c && matches.has(q.id));
        if (questions.length === 0) return null;
        return (
          <section key={c} id={`cat-${c}`} aria-labelledby={`cat-${c}-title`} className="mt-10 scroll-mt-24">
            <h2 id={`cat-${c}-title`} className="text-xl font-bold text-slate-900">{t(`categories.${c}`)}</h2>
            <div className="mt-4 space-y-3">
              {questions.map((q) => (
                <FaqItem key={q.id} question={q} values={VALUES} open={searching || Boolean(opened[q.id])}
                  onToggle={(open) => { if (!searching) setOpened((o) => (o[q.id] === open ? o : { ...o, [q.id]: open })); }} />
              ))}
            </div>
          </section>
        );
      })}

      <div className="mt-12 grid gap-6 sm:grid-cols-2">
        <section aria-labelledby="help-documents" className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
          <h2 id="help-documents" className="text-lg font-semibold text-slate-900">{t('documents.title')}</h2>
          <ul className="mt-3 space-y-2">
            <li><AppLink to={legalHref('terms', i18n.language)} className={linkClass}>{t('documents.terms')}</AppLink></li>
            <li><AppLink to={legalHref('privacy', i18n.language)} className={linkClass}>{t('documents.privacy')}</AppLink></li>
            <li><AppLink to="/serviceTerms/serviceClause#refunds" className={linkClass}>{t('documents.refunds')}</AppLink></li>
          </ul>
        </section>
        <section aria-labelledby="help-contact" className="rounded-2xl bg-blue-50 p-6 ring-1 ring-blue-100">
          <h2 id="help-contact" className="text-lg font-semibold text-slate-900">{t('contact.title')}</h2>
          <p className="mt-2 text-slate-700">{t('contact.text', { phone: SUPPORT_PHONE })}</p>
          <AppLink to="/aboutUs/contactUs" className="mt-4 inline-flex rounded-full bg-blue-700 px-5 py-2.5 font-semibold text-white hover:bg-blue-800">{t('contact.button')}</AppLink>
        </section>
      </div>
    </div>
  );
}
