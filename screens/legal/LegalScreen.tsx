/**
 * /serviceTerms/serviceClause (spec section 2; /serviceTerms redirects here, `?isPolicy=2` shows the privacy policy):
 * the terms of service and the privacy policy the checkout asks the customer to accept, in the reader's language. Each
 * document has a table of contents linking to its sections, headings in order (h1, h2), and a link to the other one.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { formatPacificDate } from '../../i18n';
import { SUPPORT_EMAIL, SUPPORT_PHONE } from '../../src/app/forScreens';
import { PHYSICAL_ACTIVATION_DAYS, ESIM_QR_VALID_DAYS } from '../../src/domain/simExpiry';
import { MAX_SIMS_PER_ORDER } from '../../src/domain/pricing';
import { REFUND_WORKING_DAYS, RETURN_WITHIN_DAYS } from '../../src/domain/refunds';
import { DOCUMENTS, LEGAL_PATHS, LEGAL_UPDATED, docOf, type Block, type LegalDoc } from './documents';

/** The numbers and contacts the documents name, from where the product keeps them. */
const VALUES = {
  phone: SUPPORT_PHONE, email: SUPPORT_EMAIL,
  activationDays: PHYSICAL_ACTIVATION_DAYS, qrDays: ESIM_QR_VALID_DAYS, maxSims: MAX_SIMS_PER_ORDER,
  returnDays: RETURN_WITHIN_DAYS, refundFrom: REFUND_WORKING_DAYS.from, refundTo: REFUND_WORKING_DAYS.to,
};

const TOC_ID = 'legal-contents';

function BlockView({ doc, section, block }: { doc: LegalDoc; section: string; block: Block }) {
  const { t } = useTranslation('legal');
  const key = (k: string) => `legal:${doc}.s.${section}.${k}`;
  if (typeof block === 'string') return <p>{t(key(block), VALUES)}</p>;
  const items = 'list' in block ? block.list.map(key) : block.items;
  return (
    <ul className="list-disc space-y-1.5 pl-6">
      {items.map((k) => <li key={k}>{t(k, VALUES)}</li>)}
    </ul>
  );
}

export default function LegalScreen() {
  const { t, i18n } = useTranslation('legal');
  const [params] = useSearchParams();
  const doc = docOf(params);
  const sections = DOCUMENTS[doc];
  const other: LegalDoc = doc === 'terms' ? 'privacy' : 'terms';
  // A link to a section (…#refunds) opens at it: after the layout's scroll to the top of a new page.
  const { hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id || !sections.some((s) => s.id === id)) return undefined;
    const timer = setTimeout(() => document.getElementById(id)?.scrollIntoView(), 0);
    return () => clearTimeout(timer);
  }, [hash, sections]);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12" data-testid="legal" data-doc={doc}>
      <nav aria-label={t('nav.label')} className="mb-6">
        <ul className="flex flex-wrap gap-2 text-sm">
          {(['terms', 'privacy'] as const).map((d) => (
            <li key={d}>
              <Link to={LEGAL_PATHS[d]} aria-current={d === doc ? 'page' : undefined}
                className={`inline-block rounded-full px-4 py-1.5 font-semibold ring-1 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 ${d === doc ? 'bg-blue-700 text-white ring-blue-700' : 'bg-white text-blue-800 ring-slate-300 hover:ring-blue-600'}`}>
                {t(`nav.${d}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <article aria-labelledby="legal-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h1 id="legal-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">{t(`${doc}.title`)}</h1>
        <p className="mt-2 text-sm text-slate-600">{t('updated', { date: formatPacificDate(`${LEGAL_UPDATED}T12:00:00Z`, i18n.language) })}</p>
        <p className="mt-4 text-base leading-relaxed text-slate-800">{t(`${doc}.intro`, VALUES)}</p>

        <nav id={TOC_ID} aria-labelledby={`${TOC_ID}-title`} className="mt-6 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
          <h2 id={`${TOC_ID}-title`} className="text-base font-semibold text-slate-900">{t('toc')}</h2>
          <ol className="mt-2 list-decimal space-y-1 pl-6 text-sm">
            {sections.map((s) => (
              <li key={s.id}><a href={`#${s.id}`} className="text-blue-800 underline underline-offset-2 hover:text-blue-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600">{t(`${doc}.s.${s.id}.title`)}</a></li>
            ))}
          </ol>
        </nav>

        {sections.map((s, i) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="mt-8 scroll-mt-24">
            <h2 id={`${s.id}-title`} className="text-lg font-semibold text-slate-900 sm:text-xl">{`${i + 1}. ${t(`${doc}.s.${s.id}.title`)}`}</h2>
            <div className="mt-3 space-y-3 text-base leading-relaxed text-slate-800">
              {s.blocks.map((b, j) => <BlockView key={j} doc={doc} section={s.id} block={b} />)}
            </div>
            <p className="mt-3 text-sm"><a href={`#${TOC_ID}`} className="text-blue-800 underline underline-offset-2 hover:text-blue-900">{t('backToTop')}</a></p>
          </section>
        ))}

        <p className="mt-10 border-t border-slate-200 pt-6 text-sm">
          <Link to={LEGAL_PATHS[other]} className="font-semibold text-blue-800 underline underline-offset-2 hover:text-blue-900">{t(`nav.${other}`)}</Link>
        </p>
      </article>
    </div>
  );
}
