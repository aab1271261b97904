/**
 * /welfare (spec section 2, account area; spec section 9: "Bank card points: 20% cashback up to $20"; issue 18 section 6;
 * decision 0043): the rules written out, the join form (a saved card and an email), then the participation with what
 * was earned, what is left of the $20 and the payments that earned. The gateway decides everything
 * (machines/welfareParticipation.machine.ts); this page shows it.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPacificDate } from '../../i18n';
import { AppLink, welfareApi } from '../../src/app/forScreens';
import type { WelfareData } from '../../src/contract/welfare';
import { pacificDayStart } from '../../src/domain/campaigns';
import { Notice, linkClass, secondaryButton } from '../ui/fields';
import { WelfareJoin } from './WelfareJoin';
import { WelfareParticipation } from './WelfareParticipation';
import { sectionOf } from './welfare.connect';

export default function WelfareScreen() {
  const { t, i18n } = useTranslation('welfare');
  const [data, setData] = useState<WelfareData | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [joined, setJoined] = useState(false);
  const load = useCallback(() => {
    welfareApi.info().then((d) => { setData(d); setLoadFailed(false); }, () => setLoadFailed(true));
  }, []);
  useEffect(load, [load]);
  const lang = i18n.language;
  const percent = `${data?.percent ?? 20}%`;
  const cap = formatMoney(data?.capCents ?? 2000, lang);
  const section = sectionOf(data, loadFailed);
  const edition = data?.edition;
  return (
    <div className="space-y-6" data-testid="welfare" data-section={section}>
      <header className="rounded-2xl bg-gradient-to-br from-emerald-800 to-teal-700 p-6 text-white">
        <p className="text-sm font-semibold uppercase tracking-wide text-emerald-100">{t('kicker')}</p>
        <h1 className="mt-1 text-2xl font-bold sm:text-3xl">{t('title', { percent, cap })}</h1>
        <p className="mt-2 max-w-2xl text-emerald-50">{t('intro', { percent, cap })}</p>
        {edition && (
          <p className="mt-4 inline-block rounded-full bg-white/15 px-4 py-1.5 text-sm font-semibold" data-testid="welfare-runs">
            {t('runs', { from: formatPacificDate(pacificDayStart(edition.starts), lang), to: formatPacificDate(pacificDayStart(edition.ends), lang) })}
          </p>
        )}
      </header>
      {section === 'loading' && <p className="text-slate-700" aria-busy="true">{t('loading')}</p>}
      {section === 'loadFailed' && (
        <Notice tone="error">
          <p>{t('loadFailed')}</p>
          <button type="button" className={`mt-2 ${secondaryButton}`} onClick={load}>{t('retry')}</button>
        </Notice>
      )}
      {joined && section === 'participation' && <Notice tone="success">{t('join.joined')}</Notice>}
      {section === 'participation' && data?.participation && <WelfareParticipation participation={data.participation} capCents={data.capCents} />}
      {section === 'join' && data && <WelfareJoin data={data} reload={load} onJoined={(d) => { setJoined(true); setData(d); }} />}
      {section === 'notIndividual' && <Notice tone="info">{t('ineligible.notIndividual')}</Notice>}
      {section === 'notCustomer' && (
        <Notice tone="info">{t('ineligible.notCustomer')} <AppLink to="/plans" className={linkClass}>{t('ineligible.plans')}</AppLink></Notice>
      )}
      {section === 'closed' && <Notice tone="info">{t('notRunning')}</Notice>}
      <section aria-labelledby="welfare-rules" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h2 id="welfare-rules" className="text-xl font-semibold text-slate-900">{t('rules.title')}</h2>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-800" data-testid="welfare-rules">
          <li>{t('rules.join')}</li>
          <li>{t('rules.earn', { percent })}</li>
          <li>{t('rules.cap', { percent, cap })}</li>
          <li>{t('rules.notCounted')}</li>
          <li>{t('rules.once')}</li>
          <li>{t('rules.recognised')}</li>
          <li>{t('rules.who')}</li>
        </ul>
      </section>
    </div>
  );
}
