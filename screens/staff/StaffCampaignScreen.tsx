/**
 * /staff/campaigns/:id (issue 18, decision 0042): one participation with its screenshots (each view logged) and the
 * decision: approve (the reward is credited to the General account) or reject with the reason the customer reads.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { formatMoney, formatPacificDateTime } from '../../i18n';
import { AppLink, staffCampaignApi, StaffApiError } from '../../src/app/forScreens';
import { STAFF_REASON_MAX } from '../../src/contract/staff';
import { LNY_MIN_GROUP_MEMBERS, LNY_SCREENSHOT_AFTER_HOURS } from '../../src/domain/campaigns';
import { linkClass, Notice, primaryButton, secondaryButton } from '../ui/fields';
import { problemText, useText, type Text } from '../ui/text';
import { StaffFrame, useStaff } from './StaffFrame';
import { claimText } from './StaffCampaignsScreen';

type Detail = Awaited<ReturnType<typeof staffCampaignApi.detail>>;

export default function StaffCampaignScreen() {
  const { t, i18n } = useTranslation('staff');
  const text = useText();
  const me = useStaff();
  const id = Number(useParams().id);
  const [detail, setDetail] = useState<Detail | null>(null);
  const [problem, setProblem] = useState<Text | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const fail = (e: unknown) => setProblem(e instanceof StaffApiError ? problemText(e) : { key: 'errors:code.serverError' });
  useEffect(() => {
    if (!me || !Number.isInteger(id) || id < 1) return;
    let live = true;
    staffCampaignApi.detail(id).then((d) => { if (live) setDetail(d); }, (e: unknown) => { if (live) fail(e); });
    return () => { live = false; };
  }, [me, id]);
  const decide = async (decision: 'approve' | 'reject') => {
    if (decision === 'reject' && !reason.trim()) { setReasonError(t('review.reasonRequired')); return; }
    setBusy(decision);
    setProblem(null);
    try {
      const summary = decision === 'approve' ? await staffCampaignApi.approve(id) : await staffCampaignApi.reject(id, reason.trim());
      setDone(t(`campaigns.done.${summary.state === 'rejected' ? 'rejected' : 'approved'}`));
      setDetail(await staffCampaignApi.detail(id));
    } catch (e) {
      fail(e);
    } finally {
      setBusy(null);
    }
  };
  const lang = i18n.language;
  return (
    <StaffFrame me={me}>
      <p className="mb-4 text-sm"><AppLink to="/staff/campaigns" className={linkClass}>← {t('campaigns.back')}</AppLink></p>
      {problem && <Notice tone="error">{text(problem)}</Notice>}
      {done && <Notice tone="success">{done}</Notice>}
      {detail && (
        <div className="mt-4 grid gap-6 lg:grid-cols-3" data-testid="campaign-detail" data-state={detail.state}>
          <section aria-labelledby="campaign-title" className="space-y-4 rounded-2xl bg-white p-6 ring-1 ring-slate-200">
            <h1 id="campaign-title" className="text-xl font-bold text-slate-900">{t('campaigns.detailTitle', { id: detail.id })}</h1>
            <p className="text-slate-700">{t(`campaigns.states.${detail.state}`)}</p>
            <dl className="space-y-2 text-sm">
              {([
                [t('campaigns.customer'), detail.customer],
                [t('campaigns.edition'), detail.edition],
                [t('campaigns.claim'), claimText(t, detail)],
                [t('campaigns.amount'), formatMoney(detail.amountCents, lang)],
                ...(detail.forwardedAt ? [[t('campaigns.forwarded'), formatPacificDateTime(detail.forwardedAt, lang)] as [string, string]] : []),
                [t('review.submitted'), formatPacificDateTime(detail.submittedAt, lang)],
                ...(detail.decidedAt ? [[t('review.decided'), `${formatPacificDateTime(detail.decidedAt, lang)} · ${detail.decidedBy ?? ''}`] as [string, string]] : []),
                ...(detail.reason ? [[t('review.reason'), detail.reason] as [string, string]] : []),
                ...(detail.creditedAt ? [[t('campaigns.credited'), formatPacificDateTime(detail.creditedAt, lang)] as [string, string]] : []),
              ] as [string, string][]).map(([label, value]) => (
                <div key={label}><dt className="text-slate-600">{label}</dt><dd className="font-medium text-slate-900" translate="no">{value}</dd></div>
              ))}
            </dl>
            <p className="text-xs text-slate-600">{t('campaigns.checklist', { members: LNY_MIN_GROUP_MEMBERS, hours: LNY_SCREENSHOT_AFTER_HOURS })}</p>
          </section>
          <section aria-labelledby="campaign-shots" className="space-y-4 lg:col-span-2">
            <h2 id="campaign-shots" className="text-lg font-semibold text-slate-900">{t('campaigns.screenshots')}</h2>
            <div className="grid gap-4 sm:grid-cols-3">
              {detail.screenshots.map((s) => (
                <figure key={s.n} className="rounded-xl bg-white p-2 ring-1 ring-slate-200">
                  <a href={staffCampaignApi.shotUrl(detail.id, s.n)} target="_blank" rel="noreferrer">
                    <img src={staffCampaignApi.shotUrl(detail.id, s.n)} alt={t(`campaigns.slot.${s.slot}`, { n: s.n + 1 })} className="aspect-[9/16] w-full rounded-lg bg-slate-50 object-contain" />
                  </a>
                  <figcaption className="mt-1 text-xs text-slate-700">{t(`campaigns.slot.${s.slot}`, { n: s.n + 1 })} · {s.width}×{s.height}</figcaption>
                </figure>
              ))}
            </div>
            {detail.state === 'underReview' && (
              <form className="space-y-3 rounded-2xl bg-white p-6 ring-1 ring-slate-200" noValidate onSubmit={(e) => e.preventDefault()} aria-labelledby="decision-title">
                <h2 id="decision-title" className="text-lg font-semibold text-slate-900">{t('review.decision')}</h2>
                <button type="button" className={`${primaryButton} sm:w-auto`} disabled={busy !== null} aria-busy={busy === 'approve'} onClick={() => void decide('approve')}>
                  {t('campaigns.approve', { amount: formatMoney(detail.amountCents, lang) })}
                </button>
                <div>
                  <label htmlFor="reject-reason" className="block text-sm font-medium text-slate-800">{t('review.reasonLabel')}</label>
                  <textarea id="reject-reason" className="mt-1 block w-full rounded-lg border border-slate-300 p-2 text-base" rows={3} maxLength={STAFF_REASON_MAX}
                    value={reason} onChange={(e) => { setReason(e.target.value); setReasonError(null); }} aria-invalid={reasonError !== null} aria-describedby="reject-reason-hint" />
                  <p id="reject-reason-hint" className={`mt-1 text-xs ${reasonError ? 'text-rose-700' : 'text-slate-600'}`}>{reasonError ?? t('review.reasonHint', { max: STAFF_REASON_MAX })}</p>
                </div>
                <button type="button" className={secondaryButton} disabled={busy !== null} aria-busy={busy === 'reject'} onClick={() => void decide('reject')}>{t('review.reject')}</button>
              </form>
            )}
            <div className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
              <h2 className="text-base font-semibold text-slate-900">{t('review.log')}</h2>
              <ul className="mt-2 space-y-1 text-sm text-slate-700" data-testid="campaign-log">
                {detail.log.map((l, i) => <li key={i}>{formatPacificDateTime(l.at, lang)} · {l.staff} · {t(`campaigns.action.${l.action.replace('.', '_')}`, { defaultValue: l.action })}</li>)}
              </ul>
            </div>
          </section>
        </div>
      )}
    </StaffFrame>
  );
}
