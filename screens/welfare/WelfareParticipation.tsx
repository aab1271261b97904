/** The customer's participation: the card and email that joined, earned so far, what is left, and the payments that earned. */
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPacificDate, formatPacificDateTime } from '../../i18n';
import type { WelfareParticipationData } from '../../src/contract/welfare';
import { brandKey } from '../profile';
import { Notice } from '../ui/fields';

const KINDS = ['plan', 'global', 'topup', 'addOn', 'roaming', 'renewal', 'planChange', 'globalRenewal', 'protect', 'replacement'];

export function WelfareParticipation({ participation: p, capCents }: { participation: WelfareParticipationData; capCents: number }) {
  const { t, i18n } = useTranslation('welfare');
  const { t: tp } = useTranslation('portalProfile');
  const lang = i18n.language;
  const money = (cents: number) => formatMoney(cents, lang);
  const cap = money(capCents);
  const share = Math.min(100, Math.round((p.earnedCents / capCents) * 100));
  return (
    <section aria-labelledby="welfare-mine" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200" data-testid="welfare-participation" data-state={p.state}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="welfare-mine" className="text-xl font-semibold text-slate-900">{t('mine.title')}</h2>
        <span className="rounded-full bg-emerald-100 px-3 py-1 text-sm font-semibold text-emerald-900" data-testid="welfare-state">{t(`mine.state.${p.state}`, { cap })}</span>
      </div>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">{t('mine.card')}</dt><dd className="text-slate-900">{t('join.card', { brand: tp(brandKey(p.card.brand)), last4: p.card.last4 })}</dd>
        <dt className="text-slate-600">{t('mine.email')}</dt><dd className="break-all text-slate-900" lang="en" translate="no">{p.email}</dd>
        <dt className="text-slate-600">{t('mine.joined')}</dt><dd className="text-slate-900">{formatPacificDateTime(p.joinedAt, lang)}</dd>
        <dt className="text-slate-600">{t('mine.ends')}</dt><dd className="text-slate-900">{formatPacificDate(new Date(Date.parse(p.endsAt) - 1), lang)}</dd>
      </dl>
      <div className="mt-5 grid grid-cols-2 gap-3">
        <div className="rounded-xl bg-emerald-50 p-4 ring-1 ring-emerald-200">
          <p className="text-sm text-emerald-900">{t('mine.earned')}</p>
          <p className="text-2xl font-bold text-emerald-950" data-testid="welfare-earned">{money(p.earnedCents)}</p>
        </div>
        <div className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
          <p className="text-sm text-slate-700">{t('mine.remaining')}</p>
          <p className="text-2xl font-bold text-slate-900" data-testid="welfare-remaining">{money(p.remainingCents)}</p>
        </div>
      </div>
      <div className="mt-3">
        <div className="h-2 w-full overflow-hidden rounded-full bg-slate-200" role="progressbar" aria-valuemin={0} aria-valuemax={capCents} aria-valuenow={p.earnedCents}
          aria-valuetext={t('mine.progress', { earned: money(p.earnedCents), cap })} aria-label={t('mine.earned')}>
          <div className="h-full rounded-full bg-emerald-600" style={{ width: `${share}%` }} />
        </div>
        <p className="mt-1 text-xs text-slate-600">{t('mine.progress', { earned: money(p.earnedCents), cap })}</p>
      </div>
      {p.state === 'capped' && <div className="mt-4"><Notice tone="success">{t('mine.cappedNote', { cap })}</Notice></div>}
      {p.state === 'ended' && <div className="mt-4"><Notice tone="info">{t('mine.endedNote')}</Notice></div>}
      <h3 className="mt-6 font-semibold text-slate-900">{t('mine.payments')}</h3>
      {p.cashbacks.length === 0 ? <p className="mt-2 text-sm text-slate-700">{t('mine.none')}</p> : (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full min-w-[28rem] text-left text-sm" data-testid="welfare-cashbacks">
            <thead className="text-slate-600">
              <tr>
                <th scope="col" className="py-1 pr-3">{t('mine.date')}</th><th scope="col" className="py-1 pr-3">{t('mine.what')}</th>
                <th scope="col" className="py-1 pr-3 text-right">{t('mine.paid')}</th><th scope="col" className="py-1 text-right">{t('mine.cashback')}</th>
              </tr>
            </thead>
            <tbody>
              {p.cashbacks.map((c, i) => (
                <tr key={`${c.paidAt}-${i}`} className="border-t border-slate-100">
                  <td className="py-2 pr-3 text-slate-800">{formatPacificDate(c.paidAt, lang)}</td>
                  <td className="py-2 pr-3 text-slate-800">{t(`kind.${KINDS.includes(c.kind) ? c.kind : 'order'}`)}</td>
                  <td className="py-2 pr-3 text-right text-slate-800">{money(c.paymentCents)}</td>
                  <td className="py-2 text-right font-semibold text-emerald-800">{money(c.cashbackCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
