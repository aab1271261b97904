/**
 * /activity/lunarNewYear (issue 18, decision 0042): the Lunar New Year campaign of spec section 9, its rules and
 * dates, the editions that ended, and the customer's participation: the form with its screenshots, then where the
 * reward stands (submitted, under review, approved, credited, or rejected with the reason staff gave).
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPacificDate, formatPacificDateTime } from '../../i18n';
import { AppLink, campaignApi, useSession } from '../../src/app/forScreens';
import type { LunarNewYearData, Participation } from '../../src/contract/campaigns';
import {
  LNY_MAX_GROUPS, LNY_MIN_GROUP_MEMBERS, LNY_SCREENSHOT_AFTER_HOURS, LNY_STEP_CENTS, LNY_GROUP_STEP, LNY_SOCIAL_TIERS, pacificDayStart,
} from '../../src/domain/campaigns';
import { deadlineDay } from '../../src/domain/workingDays';
import { Notice, linkClass } from '../ui/fields';
import { problemText, useText, type Text } from '../ui/text';
import { LunarNewYearForm } from './LunarNewYearForm';

type Edition = NonNullable<LunarNewYearData['current']>;

const day = (date: string, lang: string) => formatPacificDate(pacificDayStart(date), lang);

export default function LunarNewYearScreen() {
  const { t, i18n } = useTranslation('campaigns');
  const text = useText();
  const session = useSession();
  const [data, setData] = useState<LunarNewYearData | null>(null);
  const [problem, setProblem] = useState<Text | null>(null);
  const load = useCallback(() => {
    campaignApi.lunarNewYear().then((d) => { setData(d); setProblem(null); }, (e: { code: string; message: string; status: number }) => setProblem(problemText(e)));
  }, []);
  useEffect(load, [load, session.loggedIn]);
  const lang = i18n.language;
  const money = (c: number) => formatMoney(c, lang);
  const social = [...LNY_SOCIAL_TIERS].reverse();
  const current = data?.current ?? null;
  return (
    <div className="bg-slate-50">
      <section aria-labelledby="lny-title" className="bg-gradient-to-br from-red-800 to-rose-700 text-white">
        <div className="mx-auto max-w-5xl px-4 py-12">
          <p className="text-sm font-semibold uppercase tracking-wide text-amber-200">{t('lny.kicker')}</p>
          <h1 id="lny-title" className="mt-2 text-3xl font-bold sm:text-4xl">{t('lny.title')}</h1>
          <p className="mt-3 max-w-2xl text-rose-50">{t('lny.intro', { max: money(LNY_MAX_GROUPS / LNY_GROUP_STEP * LNY_STEP_CENTS + LNY_SOCIAL_TIERS[0].cents) })}</p>
          {current && (
            <p className="mt-4 inline-block rounded-full bg-white/15 px-4 py-1.5 text-sm font-semibold" data-testid="lny-dates">
              {t('lny.runs', { from: day(current.starts, lang), to: day(current.ends, lang) })}
            </p>
          )}
          {data && !current && <p className="mt-4 text-rose-50">{t('lny.notRunning')}</p>}
        </div>
      </section>
      <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10 lg:grid-cols-[3fr_2fr]">
        <div className="space-y-6">
          <section aria-labelledby="lny-rules" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <h2 id="lny-rules" className="text-xl font-semibold text-slate-900">{t('lny.rules.title')}</h2>
            <h3 className="mt-4 font-semibold text-slate-900">{t('lny.rules.groupsTitle')}</h3>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800">
              <li>{t('lny.rules.groups', { step: LNY_GROUP_STEP, members: LNY_MIN_GROUP_MEMBERS, amount: money(LNY_STEP_CENTS) })}</li>
              <li>{t('lny.rules.groupsMax', { max: LNY_MAX_GROUPS, amount: money(LNY_MAX_GROUPS / LNY_GROUP_STEP * LNY_STEP_CENTS) })}</li>
              <li>{t('lny.rules.screenshot', { hours: LNY_SCREENSHOT_AFTER_HOURS })}</li>
            </ul>
            <h3 className="mt-4 font-semibold text-slate-900">{t('lny.rules.socialTitle')}</h3>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800">
              {social.map((tier) => (
                <li key={tier.likes}>{tier.likes === 0 ? t('lny.rules.post', { amount: money(tier.cents) }) : t('lny.rules.likes', { likes: tier.likes, amount: money(tier.cents) })}</li>
              ))}
            </ul>
            <h3 className="mt-4 font-semibold text-slate-900">{t('lny.rules.reviewTitle')}</h3>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800">
              {current && <li>{t('lny.rules.review', { from: day(current.reviewFrom, lang), to: day(current.reviewTo, lang) })}</li>}
              {current && <li>{t('lny.rules.credit', { date: formatPacificDate(deadlineDay(current.creditBy), lang) })}</li>}
              <li>{t('lny.rules.once')}</li>
              <li>{t('lny.rules.who')}</li>
            </ul>
          </section>
          {data && data.past.length > 0 && (
            <section aria-labelledby="lny-past" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <h2 id="lny-past" className="text-lg font-semibold text-slate-900">{t('lny.past.title')}</h2>
              <ul className="mt-2 space-y-1 text-sm text-slate-700" data-testid="lny-past">
                {data.past.map((e: Edition) => (
                  <li key={e.id}>{t('lny.past.item', { from: day(e.starts, lang), to: day(e.ends, lang), reviewFrom: day(e.reviewFrom, lang), reviewTo: day(e.reviewTo, lang) })}</li>
                ))}
              </ul>
            </section>
          )}
        </div>
        <aside aria-labelledby="lny-mine" className="space-y-4">
          <section className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <h2 id="lny-mine" className="text-xl font-semibold text-slate-900">{t('lny.mine.title')}</h2>
            <div className="mt-4 space-y-4">
              {problem && <Notice tone="error">{text(problem)}</Notice>}
              {!data && !problem && <p className="text-slate-700" aria-busy="true">{t('lny.loading')}</p>}
              {data?.eligibility === 'visitor' && (
                <p className="text-slate-800">
                  {t('lny.mine.visitor')}{' '}
                  <AppLink to="/login?redirect=%2Factivity%2FlunarNewYear" className={linkClass}>{t('lny.mine.login')}</AppLink>
                </p>
              )}
              {data?.participation && <ParticipationCard participation={data.participation} />}
              {data && !data.participation && data.eligibility === 'notIndividual' && <Notice tone="info">{t('lny.mine.notIndividual')}</Notice>}
              {data && !data.participation && data.eligibility === 'notCustomer' && (
                <Notice tone="info">{t('lny.mine.notCustomer')} <AppLink to="/plans" className={linkClass}>{t('lny.mine.plans')}</AppLink></Notice>
              )}
              {data && !data.participation && data.eligibility === 'eligible' && current && <LunarNewYearForm onSent={setData} />}
              {data && !data.participation && data.eligibility === 'eligible' && !current && <p className="text-slate-700">{t('lny.notRunning')}</p>}
            </div>
          </section>
        </aside>
      </div>
    </div>
  );
}

function ParticipationCard({ participation: p }: { participation: Participation }) {
  const { t, i18n } = useTranslation('campaigns');
  const lang = i18n.language;
  const tone = p.state === 'rejected' ? 'warning' : p.state === 'credited' ? 'success' : 'info';
  return (
    <div className="space-y-3" data-testid="lny-participation" data-state={p.state}>
      <Notice tone={tone}>
        <p className="font-semibold">{t(`lny.state.${p.state}`)}</p>
        <p className="mt-1">{t(`lny.stateDetail.${p.state}`, { amount: formatMoney(p.amountCents, lang), date: p.creditedAt ? formatPacificDateTime(p.creditedAt, lang) : '' })}</p>
        {p.state === 'rejected' && p.reason && <p className="mt-1" data-testid="lny-reason">{t('lny.reason', { reason: p.reason })}</p>}
      </Notice>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">{t('lny.mine.submitted')}</dt><dd className="text-slate-900">{formatPacificDateTime(p.submittedAt, lang)}</dd>
        <dt className="text-slate-600">{t('lny.mine.claim')}</dt>
        <dd className="text-slate-900">
          {[p.groups > 0 ? t('lny.mine.groups', { count: p.groups }) : null, p.likes !== null ? t('lny.mine.post', { count: p.likes }) : null].filter(Boolean).join(' · ')}
        </dd>
        <dt className="text-slate-600">{t('lny.mine.amount')}</dt><dd className="font-semibold text-slate-900">{formatMoney(p.amountCents, lang)}</dd>
      </dl>
      <ul className="grid grid-cols-3 gap-2" aria-label={t('lny.mine.screenshots')}>
        {p.screenshots.map((s, i) => (
          <li key={s.ref} className="overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200">
            <img src={campaignApi.screenshotUrl(s.ref)} alt={t(s.slot === 'group' ? 'lny.mine.groupShot' : 'lny.mine.socialShot', { n: i + 1 })} className="aspect-[9/16] w-full object-cover" loading="lazy" />
          </li>
        ))}
      </ul>
    </div>
  );
}
