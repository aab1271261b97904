/**
 * /staff/reviews (issue 16): the real-name queue. Waiting applications oldest first, with the 3 working days promised
 * to the customer (overdue ones marked); the decided ones newest first, with who decided.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPacificDate, formatPacificDateTime } from '../../i18n';
import { AppLink, staffApi, StaffApiError } from '../../src/app/forScreens';
import { formatPhone } from '../../src/domain/phone';
import { deadlineDay } from '../../src/domain/workingDays';
import { Notice, secondaryButton } from '../ui/fields';
import { problemText, useText, type Text } from '../ui/text';
import { StaffFrame, useStaff } from './StaffFrame';

type Review = Awaited<ReturnType<typeof staffApi.reviews>>['reviews'][number];

export default function StaffQueueScreen() {
  const { t, i18n } = useTranslation('staff');
  const text = useText();
  const me = useStaff();
  const [tab, setTab] = useState<'waiting' | 'decided'>('waiting');
  const [reviews, setReviews] = useState<Review[] | null>(null);
  const [problem, setProblem] = useState<Text | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!me) return;
    let live = true;
    setReviews(null);
    staffApi.reviews(tab).then((r) => { if (live) { setReviews(r.reviews); setProblem(null); } },
      (e: unknown) => { if (live) setProblem(e instanceof StaffApiError ? problemText(e) : { key: 'errors:code.serverError' }); });
    return () => { live = false; };
  }, [me, tab, tick]);
  return (
    <StaffFrame me={me}>
      <div className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold text-slate-900">{t('queue.title')}</h1>
          <button type="button" className={secondaryButton} onClick={() => setTick((n) => n + 1)}>{t('queue.refresh')}</button>
        </div>
        <div role="tablist" aria-label={t('queue.title')} className="flex gap-2">
          {(['waiting', 'decided'] as const).map((k) => (
            <button key={k} type="button" role="tab" aria-selected={tab === k} onClick={() => setTab(k)}
              className={`rounded-full px-4 py-2 text-sm font-semibold ${tab === k ? 'bg-blue-700 text-white' : 'bg-white text-slate-900 ring-1 ring-slate-300'}`}>
              {t(`queue.${k}`)}
            </button>
          ))}
        </div>
        {problem && <Notice tone="error">{text(problem)}</Notice>}
        {reviews === null && !problem && <p className="text-slate-700" aria-busy="true">{t('queue.loading')}</p>}
        {reviews?.length === 0 && <p className="rounded-2xl bg-white p-6 text-slate-700 ring-1 ring-slate-200">{t(`queue.empty.${tab}`)}</p>}
        {reviews && reviews.length > 0 && (
          <div className="overflow-x-auto rounded-2xl bg-white ring-1 ring-slate-200">
            <table className="w-full text-left text-sm" data-testid="review-queue">
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-4 py-2">#</th>
                  <th scope="col" className="px-4 py-2">{t('queue.line')}</th>
                  <th scope="col" className="px-4 py-2">{t('queue.name')}</th>
                  <th scope="col" className="px-4 py-2">{t('queue.document')}</th>
                  <th scope="col" className="px-4 py-2">{t('queue.submitted')}</th>
                  <th scope="col" className="px-4 py-2">{tab === 'waiting' ? t('queue.due') : t('queue.decision')}</th>
                </tr>
              </thead>
              <tbody>
                {reviews.map((r) => (
                  <tr key={r.id} className="border-t border-slate-100" data-testid={`review-row-${r.id}`}>
                    <td className="px-4 py-2"><AppLink to={`/staff/reviews/${r.id}`} className="font-semibold text-blue-800 underline">{r.id}</AppLink></td>
                    <td className="px-4 py-2" translate="no">{formatPhone(r.usNumber)}</td>
                    <td className="px-4 py-2" translate="no">{r.idName}</td>
                    <td className="px-4 py-2">{t(`idType.${r.idType}`)} · {r.nationality}</td>
                    <td className="px-4 py-2">{formatPacificDateTime(r.submittedAt, i18n.language)}</td>
                    <td className="px-4 py-2">
                      {tab === 'waiting'
                        ? <span className={r.overdue ? 'font-semibold text-rose-800' : ''}>{t('review.endOfDay', { date: formatPacificDate(deadlineDay(r.reviewDueAt), i18n.language) })}{r.overdue ? ` · ${t('queue.overdue')}` : ''}</span>
                        : <span>{t(`status.${r.status}`)}{r.decidedBy ? ` · ${r.decidedBy}` : ''}</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </StaffFrame>
  );
}
