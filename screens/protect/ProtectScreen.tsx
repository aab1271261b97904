/**
 * /personal/protect (spec section 2; issue 16): number keeping of the customer's number in whatever state the
 * gateway's numberProtect chart has it: whether keeping can start now (at the earliest the day after the plan expired),
 * the 30-day periods to buy ($3.00 plus tax each, up to 120 days in all), the periods bought, the days left, until
 * when the number is kept, the early end with its confirmation (4-5 hours, nothing refunded), and what follows the end
 * (suspended 90 days, then recycled). The protectPage chart is the truth of the page; this is its picture.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPacificDate, formatPacificDateTime } from '../../i18n';
import { AppLink } from '../../src/app/forScreens';
import type { ProtectData } from '../../src/contract/protect';
import { protectQuote, PROTECT_EARLY_END_MAX_HOURS, PROTECT_EARLY_END_MIN_HOURS } from '../../src/domain/numberKeeping';
import { formatPhone } from '../../src/domain/phone';
import { cardClass as card } from '../ui/card';
import { ChoiceGroup, linkClass, Notice, primaryButton, secondaryButton } from '../ui/fields';
import { problemText, useText } from '../ui/text';
import { useProtect } from './useProtect';


export default function ProtectScreen() {
  const { t } = useTranslation('protect');
  const show = useText();
  const { snapshot, send } = useProtect();
  const { data, problem } = snapshot.context;
  const failed = snapshot.matches('loadFailed');
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t('page.title')}</h1>
        <p className="mt-1 text-slate-700">{t('page.intro')}</p>
      </header>
      {!data && !failed && <div className={card} aria-busy="true"><span className="sr-only">{t('page.loading')}</span><div className="h-24 animate-pulse rounded-lg bg-slate-100" /></div>}
      {failed && (
        <div className={`${card} space-y-3`}>
          {problem && <Notice tone="error">{show(problemText(problem))}</Notice>}
          <button type="button" className={secondaryButton} onClick={() => send({ type: 'protect.reload' })}>{t('page.retry')}</button>
        </div>
      )}
      {data && !failed && (
        <>
          <Facts data={data} />
          {problem && <Notice tone="error">{show(problemText(problem))}</Notice>}
          <StateCard data={data} />
          {snapshot.matches('confirmingEnd') && <ConfirmEnd data={data} />}
          {data.periods.length > 0 && <Periods data={data} />}
        </>
      )}
    </div>
  );
}

/** The number, the plan's end and what keeping is. */
function Facts({ data }: { data: ProtectData }) {
  const { t, i18n } = useTranslation('protect');
  const lang = i18n.language;
  return (
    <section aria-labelledby="protect-facts" className={card}>
      <h2 id="protect-facts" className="sr-only">{t('facts.title')}</h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-700">{t('facts.number')}</dt>
        <dd className="font-semibold text-slate-900" translate="no">{formatPhone(data.msisdn)}</dd>
        {data.planExpiresAt && (<><dt className="text-slate-700">{t('facts.planExpires')}</dt><dd>{formatPacificDateTime(data.planExpiresAt, lang)}</dd></>)}
        {data.planExpiredAt && (<><dt className="text-slate-700">{t('facts.planExpired')}</dt><dd>{formatPacificDateTime(data.planExpiredAt, lang)}</dd></>)}
        <dt className="text-slate-700">{t('facts.price')}</dt>
        <dd>{t('facts.priceValue', { price: formatMoney(data.priceCents, lang), days: data.periodDays })}</dd>
        <dt className="text-slate-700">{t('facts.includes')}</dt>
        <dd>{t('facts.includesValue', { minutes: data.voiceMinutes, texts: data.texts })}</dd>
        <dt className="text-slate-700">{t('facts.limit')}</dt>
        <dd>{t('facts.limitValue', { days: data.maxDays })}</dd>
      </dl>
    </section>
  );
}

function StateCard({ data }: { data: ProtectData }) {
  const { t, i18n } = useTranslation('protect');
  const lang = i18n.language;
  const { snapshot, send } = useProtect();
  const at = (iso: string | null) => (iso ? formatPacificDateTime(iso, lang) : '');
  switch (data.state) {
    case 'notKept':
      return (
        <section aria-labelledby="protect-state" className={`${card} space-y-4`} data-testid="protect-state">
          <h2 id="protect-state" className="text-lg font-semibold text-slate-900">{t(data.canBuy ? 'notKept.title' : 'notKept.titleNot')}</h2>
          {data.canBuy && <p className="text-sm text-slate-700">{t('notKept.canStart')}</p>}
          {data.refusal === 'protectNotYet' && data.earliestAt && (
            <Notice tone="info"><span data-testid="protect-earliest">{t('notKept.notYet', { date: at(data.earliestAt) })}</span></Notice>
          )}
          {data.refusal === 'protectUnavailable' && <Notice tone="warning">{t('notKept.unavailable')}</Notice>}
          {data.canBuy && <Buy data={data} />}
          {snapshot.matches('showing') && data.refusal && (
            <p className="text-sm"><AppLink to="/personal" className={linkClass}>{t('toAccount')}</AppLink></p>
          )}
        </section>
      );
    case 'kept':
      return (
        <section aria-labelledby="protect-state" className={`${card} space-y-4`} data-testid="protect-state">
          <h2 id="protect-state" className="text-lg font-semibold text-slate-900">{t('kept.title')}</h2>
          <p className="text-base text-slate-900" data-testid="protect-until">{t('kept.until', { date: at(data.keptUntil) })}</p>
          <Days data={data} />
          {data.canBuy ? <Buy data={data} /> : <Notice tone="info">{t('kept.full', { days: data.maxDays })}</Notice>}
          <div className="border-t border-slate-200 pt-4">
            <h3 className="font-semibold text-slate-900">{t('kept.endTitle')}</h3>
            <p className="mt-1 text-sm text-slate-700">{t('kept.endText', { min: PROTECT_EARLY_END_MIN_HOURS, max: PROTECT_EARLY_END_MAX_HOURS })}</p>
            <button type="button" className={`${secondaryButton} mt-3`} data-testid="protect-end-early" disabled={!snapshot.matches('showing')} onClick={() => send({ type: 'earlyEnd.ask' })}>
              {t('kept.endButton')}
            </button>
          </div>
        </section>
      );
    case 'endingEarly':
      return (
        <section aria-labelledby="protect-state" className={`${card} space-y-4`} data-testid="protect-state">
          <h2 id="protect-state" className="text-lg font-semibold text-slate-900">{t('ending.title')}</h2>
          <Notice tone="warning">
            <span data-testid="protect-ends">
              {t('ending.text', { at: at(data.endsAt), min: PROTECT_EARLY_END_MIN_HOURS, max: PROTECT_EARLY_END_MAX_HOURS })}
            </span>
          </Notice>
          <p className="text-sm text-slate-700">{t('ending.after')}</p>
          <Days data={data} />
          <button type="button" className={secondaryButton} onClick={() => send({ type: 'protect.reload' })}>{t('refresh')}</button>
        </section>
      );
    case 'ended':
      return (
        <section aria-labelledby="protect-state" className={`${card} space-y-4`} data-testid="protect-state">
          <h2 id="protect-state" className="text-lg font-semibold text-slate-900">{t('ended.title')}</h2>
          <Notice tone="warning">
            <span data-testid="protect-recycle">{t('ended.text', { ended: at(data.endedAt), date: data.recycleAt ? formatPacificDate(data.recycleAt, lang) : '' })}</span>
          </Notice>
          <p className="text-sm"><AppLink to="/personal" className={linkClass}>{t('ended.recover')}</AppLink></p>
        </section>
      );
    case 'recycled':
      return (
        <section aria-labelledby="protect-state" className={`${card} space-y-4`} data-testid="protect-state">
          <h2 id="protect-state" className="text-lg font-semibold text-slate-900">{t('recycled.title')}</h2>
          <p className="text-sm text-slate-700">{t('recycled.text', { date: at(data.recycledAt) })}</p>
          <p className="text-sm"><AppLink to="/plans" className={linkClass}>{t('recycled.plans')}</AppLink></p>
        </section>
      );
  }
}

/** The days of this keeping: bought, and what is left of the 120. */
function Days({ data }: { data: ProtectData }) {
  const { t, i18n } = useTranslation('protect');
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="protect-days">
      <dt className="text-slate-700">{t('days.bought')}</dt>
      <dd className="font-semibold text-slate-900">{t('days.count', { count: data.keptDays })}</dd>
      {data.state === 'kept' && (<>
        <dt className="text-slate-700">{t('days.left')}</dt>
        <dd className="font-semibold text-slate-900" data-testid="protect-days-left">{t('days.count', { count: data.daysLeft })}</dd>
      </>)}
      {data.state === 'endingEarly' && data.keptUntil && (<>
        <dt className="text-slate-700">{t('days.paidUntil')}</dt>
        <dd>{formatPacificDateTime(data.keptUntil, i18n.language)}</dd>
      </>)}
    </dl>
  );
}

/** Spec section 4: "30 days per period, max 120 days total": the periods the 120 days leave, their price with tax. */
function Buy({ data }: { data: ProtectData }) {
  const { t, i18n } = useTranslation('protect');
  const lang = i18n.language;
  const { snapshot, send } = useProtect();
  const periods = snapshot.context.periods;
  const rate = data.taxRateBps ?? 0;
  const options = Array.from({ length: data.periodsLeft }, (_, i) => i + 1).map((n) => ({
    value: n, label: t('buy.periods', { count: n, days: n * data.periodDays }), detail: formatMoney(protectQuote(n, rate).subtotalCents, lang),
  }));
  const q = protectQuote(periods, rate);
  const busy = snapshot.matches('creating');
  return (
    <form className="space-y-4" noValidate onSubmit={(e) => { e.preventDefault(); send({ type: 'protect.buy' }); }}>
      <ChoiceGroup<number> field="periods" legend={t(data.state === 'kept' ? 'buy.legendMore' : 'buy.legend')} value={periods} columns="grid-cols-2 sm:grid-cols-4"
        errors={[]} options={options} onChange={(n) => send({ type: 'periods.choose', periods: n })} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-700">{t('buy.subtotal')}</dt><dd>{formatMoney(q.subtotalCents, lang)}</dd>
        <dt className="text-slate-700">{t('buy.tax')}</dt><dd>{data.taxRateBps === null ? t('buy.taxAtPayment') : formatMoney(q.taxCents, lang)}</dd>
        <dt className="text-slate-700">{t('buy.total')}</dt><dd className="font-semibold text-slate-900" data-testid="protect-total">{formatMoney(q.totalCents, lang)}</dd>
      </dl>
      <p className="text-xs text-slate-600">{t('buy.noRefund')}</p>
      <button type="submit" className={`${primaryButton} sm:w-auto`} aria-disabled={busy} data-testid="protect-buy">{t(data.state === 'kept' ? 'buy.submitMore' : 'buy.submit')}</button>
    </form>
  );
}

function Periods({ data }: { data: ProtectData }) {
  const { t, i18n } = useTranslation('protect');
  const lang = i18n.language;
  return (
    <section aria-labelledby="protect-periods" className={card}>
      <h2 id="protect-periods" className="text-lg font-semibold text-slate-900">{t('periods.title')}</h2>
      <table className="mt-3 w-full text-left text-sm" data-testid="protect-periods">
        <thead className="text-slate-700">
          <tr><th scope="col" className="py-1 pr-3 font-medium">{t('periods.days')}</th><th scope="col" className="py-1 pr-3 font-medium">{t('periods.from')}</th><th scope="col" className="py-1 pr-3 font-medium">{t('periods.to')}</th><th scope="col" className="py-1 font-medium">{t('periods.paid')}</th></tr>
        </thead>
        <tbody>
          {data.periods.map((p) => (
            <tr key={p.orderNo} className="border-t border-slate-200">
              <td className="py-1 pr-3">{t('days.count', { count: p.days })}</td>
              <td className="py-1 pr-3">{formatPacificDate(p.startsAt, lang)}</td>
              <td className="py-1 pr-3">{formatPacificDate(p.endsAt, lang)}</td>
              <td className="py-1">{formatMoney(p.amountCents, lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Spec section 4: "early end takes 4-5 hours, no refund": said before anything changes. */
function ConfirmEnd({ data }: { data: ProtectData }) {
  const { t, i18n } = useTranslation('protect');
  const { send } = useProtect();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => { ref.current?.focus(); }, []);
  return (
    <div ref={ref} tabIndex={-1} role="alertdialog" aria-modal="false" aria-labelledby="protect-confirm-title" aria-describedby="protect-confirm-body"
      className="rounded-2xl bg-amber-50 p-5 ring-1 ring-amber-300" data-testid="protect-confirm">
      <h2 id="protect-confirm-title" className="font-semibold text-amber-950">{t('confirm.title')}</h2>
      <p id="protect-confirm-body" className="mt-1 text-sm text-amber-950">
        {t('confirm.body', { min: PROTECT_EARLY_END_MIN_HOURS, max: PROTECT_EARLY_END_MAX_HOURS, until: data.keptUntil ? formatPacificDateTime(data.keptUntil, i18n.language) : '' })}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className={`${primaryButton} sm:w-auto`} onClick={() => send({ type: 'earlyEnd.confirm' })}>{t('confirm.yes')}</button>
        <button type="button" className={secondaryButton} onClick={() => send({ type: 'earlyEnd.cancel' })}>{t('confirm.no')}</button>
      </div>
    </div>
  );
}
