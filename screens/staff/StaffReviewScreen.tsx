/**
 * /staff/reviews/:id (issue 16): one real-name application in full — the document's details (its number shown to the
 * reviewer, the view logged), the three photos, earlier applications of the line and the log — and the decision:
 * approve (the China number is opened) or fail with the reason the customer reads.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { countryName, formatPacificDate, formatPacificDateTime } from '../../i18n';
import { AppLink, staffApi, StaffApiError } from '../../src/app/forScreens';
import { STAFF_REASON_MAX } from '../../src/contract/staff';
import { formatPhone } from '../../src/domain/phone';
import { deadlineDay } from '../../src/domain/workingDays';
import { linkClass, Notice, primaryButton, secondaryButton } from '../ui/fields';
import { problemText, useText, type Text } from '../ui/text';
import { StaffFrame, useStaff } from './StaffFrame';

type Detail = Awaited<ReturnType<typeof staffApi.review>>;

export default function StaffReviewScreen() {
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
    staffApi.review(id).then((d) => { if (live) setDetail(d); }, (e: unknown) => { if (live) fail(e); });
    return () => { live = false; };
  }, [me, id]);
  const decide = async (decision: 'approve' | 'reject') => {
    if (decision === 'reject' && !reason.trim()) { setReasonError(t('review.reasonRequired')); return; }
    setBusy(decision);
    setProblem(null);
    try {
      const summary = decision === 'approve' ? await staffApi.approve(id) : await staffApi.reject(id, reason.trim());
      setDone(t(`review.done.${summary.status}`));
      setDetail(await staffApi.review(id));
    } catch (e) {
      fail(e);
    } finally {
      setBusy(null);
    }
  };
  const waiting = detail?.status === 'underReview';
  return (
    <StaffFrame me={me}>
      <p className="mb-4 text-sm"><AppLink to="/staff/reviews" className={linkClass}>← {t('review.back')}</AppLink></p>
      {problem && <Notice tone="error">{text(problem)}</Notice>}
      {done && <Notice tone="success">{done}</Notice>}
      {detail && (
        <div className="mt-4 grid gap-6 lg:grid-cols-3" data-testid="review-detail" data-status={detail.status}>
          <section aria-labelledby="review-title" className="space-y-4 rounded-2xl bg-white p-6 ring-1 ring-slate-200 lg:col-span-1">
            <h1 id="review-title" className="text-xl font-bold text-slate-900">{t('review.title', { id: detail.id })}</h1>
            <p className={detail.overdue ? 'font-semibold text-rose-800' : 'text-slate-700'}>
              {t(`status.${detail.status}`)}{detail.overdue ? ` · ${t('queue.overdue')}` : ''}
            </p>
            <dl className="space-y-2 text-sm">
              {([
                [t('review.line'), formatPhone(detail.usNumber)],
                [t('review.nationality'), `${countryName(detail.nationality, i18n.language)} (${detail.nationality})`],
                [t('review.idType'), t(`idType.${detail.idType}`)],
                [t('review.idName'), detail.idName],
                [t('review.idNumber'), detail.idNumber],
                [t('review.issuePlace'), detail.issuePlace],
                [t('review.address'), detail.address],
                [t('review.submitted'), formatPacificDateTime(detail.submittedAt, i18n.language)],
                [t('review.due'), t('review.endOfDay', { date: formatPacificDate(deadlineDay(detail.reviewDueAt), i18n.language) })],
                ...(detail.decidedAt ? [[t('review.decided'), `${formatPacificDateTime(detail.decidedAt, i18n.language)} · ${detail.decidedBy ?? ''}`] as [string, string]] : []),
                ...(detail.reason ? [[t('review.reason'), detail.reason] as [string, string]] : []),
              ] as [string, string][]).map(([label, value]) => (
                <div key={label}><dt className="text-slate-600">{label}</dt><dd className="font-medium text-slate-900" translate="no">{value}</dd></div>
              ))}
            </dl>
          </section>
          <section aria-labelledby="review-photos" className="space-y-4 lg:col-span-2">
            <h2 id="review-photos" className="text-lg font-semibold text-slate-900">{t('review.photos')}</h2>
            {detail.photos.length === 0 && <p className="text-slate-700">{t('review.noPhotos')}</p>}
            <div className="grid gap-4 sm:grid-cols-3">
              {detail.photos.map((p) => (
                <figure key={p.slot} className="rounded-xl bg-white p-2 ring-1 ring-slate-200">
                  <a href={staffApi.photoUrl(detail.id, p.slot)} target="_blank" rel="noreferrer">
                    <img src={staffApi.photoUrl(detail.id, p.slot)} alt={t(`slot.${p.slot}`)} className="aspect-[4/3] w-full rounded-lg object-contain bg-slate-50" />
                  </a>
                  <figcaption className="mt-1 text-xs text-slate-700">{t(`slot.${p.slot}`)} · {p.width}×{p.height}</figcaption>
                </figure>
              ))}
            </div>
            {waiting && (
              <form className="space-y-3 rounded-2xl bg-white p-6 ring-1 ring-slate-200" noValidate onSubmit={(e) => e.preventDefault()} aria-labelledby="decision-title">
                <h2 id="decision-title" className="text-lg font-semibold text-slate-900">{t('review.decision')}</h2>
                <button type="button" className={`${primaryButton} sm:w-auto`} disabled={busy !== null} aria-busy={busy === 'approve'} onClick={() => void decide('approve')}>{t('review.approve')}</button>
                <div>
                  <label htmlFor="reject-reason" className="block text-sm font-medium text-slate-800">{t('review.reasonLabel')}</label>
                  <textarea id="reject-reason" className="mt-1 block w-full rounded-lg border border-slate-300 p-2 text-base" rows={3} maxLength={STAFF_REASON_MAX}
                    value={reason} onChange={(e) => { setReason(e.target.value); setReasonError(null); }} aria-invalid={reasonError !== null} aria-describedby="reject-reason-hint" />
                  <p id="reject-reason-hint" className={`mt-1 text-xs ${reasonError ? 'text-rose-700' : 'text-slate-600'}`}>{reasonError ?? t('review.reasonHint', { max: STAFF_REASON_MAX })}</p>
                </div>
                <button type="button" className={secondaryButton} disabled={busy !== null} aria-busy={busy === 'reject'} onClick={() => void decide('reject')}>{t('review.reject')}</button>
              </form>
            )}
            {detail.history.length > 0 && (
              <div className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
                <h2 className="text-base font-semibold text-slate-900">{t('review.history')}</h2>
                <ul className="mt-2 space-y-1 text-sm text-slate-700">
                  {detail.history.map((h) => <li key={h.id}><AppLink to={`/staff/reviews/${h.id}`} className={linkClass}>#{h.id}</AppLink> · {t(`status.${h.status}`)} · {formatPacificDateTime(h.submittedAt, i18n.language)}{h.reason ? ` · ${h.reason}` : ''}</li>)}
                </ul>
              </div>
            )}
            <div className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
              <h2 className="text-base font-semibold text-slate-900">{t('review.log')}</h2>
              <ul className="mt-2 space-y-1 text-sm text-slate-700" data-testid="review-log">
                {detail.log.map((l, i) => <li key={i}>{formatPacificDateTime(l.at, i18n.language)} · {l.staff} · {t(`action.${l.action.replace('.', '_')}`, { defaultValue: l.action })}</li>)}
              </ul>
            </div>
          </section>
        </div>
      )}
    </StaffFrame>
  );
}
