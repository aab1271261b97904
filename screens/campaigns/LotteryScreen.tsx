/**
 * /activity/lottery (issue 18, decision 0042): the lucky draw with its prizes and odds published before anyone draws,
 * what is left of each prize this week, one draw per customer per week (Pacific time), the result kept on the page.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPacificDate, formatPacificDateTime } from '../../i18n';
import { AppLink, campaignApi, useSession } from '../../src/app/forScreens';
import type { LotteryData } from '../../src/contract/lottery';
import { pacificDayStart } from '../../src/domain/campaigns';
import { Notice, linkClass, primaryButton } from '../ui/fields';
import { problemText, useText, type Text } from '../ui/text';

const percent = (chances: number, rolls: number, lang: string) =>
  new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 2 }).format(chances / rolls);

export default function LotteryScreen() {
  const { t, i18n } = useTranslation('campaigns');
  const text = useText();
  const session = useSession();
  const [data, setData] = useState<LotteryData | null>(null);
  const [problem, setProblem] = useState<Text | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(() => {
    campaignApi.lottery().then((d) => { setData(d); setProblem(null); }, (e: { code: string; message: string; status: number }) => setProblem(problemText(e)));
  }, []);
  useEffect(load, [load, session.loggedIn]);
  const lang = i18n.language;
  const day = (date: string) => formatPacificDate(pacificDayStart(date), lang);
  const draw = async () => {
    setBusy(true);
    setProblem(null);
    try { setData(await campaignApi.draw()); } catch (e) { setProblem(problemText(e as { code: string; message: string; status: number })); load(); } finally { setBusy(false); }
  };
  const prizeName = (code: string, cents: number) => (code === 'none' ? t('lottery.prize.none') : t('lottery.prize.credit', { amount: formatMoney(cents, lang) }));
  return (
    <div className="bg-slate-50">
      <section aria-labelledby="lottery-title" className="bg-gradient-to-br from-indigo-800 to-violet-700 text-white">
        <div className="mx-auto max-w-4xl px-4 py-12">
          <h1 id="lottery-title" className="text-3xl font-bold sm:text-4xl">{t('lottery.title')}</h1>
          <p className="mt-3 max-w-2xl text-indigo-50">{t('lottery.intro')}</p>
          {data?.edition && <p className="mt-4 inline-block rounded-full bg-white/15 px-4 py-1.5 text-sm font-semibold">{t('lottery.runs', { from: day(data.edition.starts), to: day(data.edition.ends) })}</p>}
        </div>
      </section>
      <div className="mx-auto grid max-w-4xl gap-6 px-4 py-10 md:grid-cols-[3fr_2fr]">
        <section aria-labelledby="lottery-odds" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h2 id="lottery-odds" className="text-xl font-semibold text-slate-900">{t('lottery.odds.title')}</h2>
          {data && (
            <table className="mt-4 w-full text-left text-sm" data-testid="lottery-odds">
              <thead className="text-slate-600">
                <tr><th scope="col" className="py-1">{t('lottery.odds.prize')}</th><th scope="col" className="py-1">{t('lottery.odds.chance')}</th><th scope="col" className="py-1">{t('lottery.odds.left')}</th></tr>
              </thead>
              <tbody>
                {data.prizes.map((p) => (
                  <tr key={p.code} className="border-t border-slate-100">
                    <td className="py-2 font-medium text-slate-900">{prizeName(p.code, p.amountCents)}</td>
                    <td className="py-2 text-slate-800">{percent(p.chances, data.rolls, lang)}</td>
                    <td className="py-2 text-slate-800">{p.left === null ? '—' : t('lottery.odds.leftOf', { left: p.left, stock: p.stock })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <ul className="mt-4 list-disc space-y-1 pl-5 text-sm text-slate-700">
            <li>{t('lottery.rules.once', { to: data ? day(data.period.lastDay) : '' })}</li>
            <li>{t('lottery.rules.random')}</li>
            <li>{t('lottery.rules.credit')}</li>
            <li>{t('lottery.rules.busy')}</li>
            <li>{t('lny.rules.who')}</li>
          </ul>
        </section>
        <section aria-labelledby="lottery-mine" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h2 id="lottery-mine" className="text-xl font-semibold text-slate-900">{t('lottery.mine.title')}</h2>
          <div className="mt-4 space-y-4">
            {problem && <Notice tone="error">{text(problem)}</Notice>}
            {!data && !problem && <p className="text-slate-700" aria-busy="true">{t('lny.loading')}</p>}
            {data && !data.edition && <p className="text-slate-700">{t('lottery.notRunning')}</p>}
            {data?.edition && data.eligibility === 'visitor' && (
              <p className="text-slate-800">{t('lottery.mine.visitor')} <AppLink to="/login?redirect=%2Factivity%2Flottery" className={linkClass}>{t('lny.mine.login')}</AppLink></p>
            )}
            {data?.edition && data.eligibility === 'notIndividual' && <Notice tone="info">{t('lny.mine.notIndividual')}</Notice>}
            {data?.edition && data.eligibility === 'notCustomer' && <Notice tone="info">{t('lny.mine.notCustomer')} <AppLink to="/plans" className={linkClass}>{t('lny.mine.plans')}</AppLink></Notice>}
            {data?.entry && (
              <div data-testid="lottery-result" data-prize={data.entry.prize}>
                <Notice tone={data.entry.prize === 'none' ? 'info' : 'success'}>
                  <p className="font-semibold">{data.entry.prize === 'none' ? t('lottery.result.none') : t('lottery.result.won', { amount: formatMoney(data.entry.amountCents, lang) })}</p>
                  <p className="mt-1">{t('lottery.result.when', { at: formatPacificDateTime(data.entry.at, lang), next: day(nextMonday(data.period.lastDay)) })}</p>
                </Notice>
              </div>
            )}
            {data?.edition && data.eligibility === 'eligible' && !data.entry && (
              <button type="button" className={primaryButton} disabled={busy} aria-busy={busy} onClick={() => void draw()}>{t(busy ? 'lottery.drawing' : 'lottery.draw')}</button>
            )}
          </div>
        </section>
      </div>
    </div>
  );
}

function nextMonday(lastDay: string): string {
  const d = new Date(`${lastDay}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
