/**
 * /staff/reviews (issue 16): the real-name queue. Waiting applications oldest first, with the 3 working days promised
 * to the customer (overdue ones marked); the decided ones newest first, with who decided.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPacificDate, formatPacificDateTime } from '../../i18n';
import { AppLink, staffApi } from '../../src/app/forScreens';
import { formatPhone } from '../../src/domain/phone';
import { deadlineDay } from '../../src/domain/workingDays';
import { StaffFrame, useStaff } from './StaffFrame';
import { StaffListBody, StaffListHeader, StaffTabs } from './StaffList';
import { useStaffList } from './useStaffList';

export default function StaffQueueScreen() {
  const { t, i18n } = useTranslation('staff');
  const me = useStaff();
  const [tab, setTab] = useState<'waiting' | 'decided'>('waiting');
  const { answer, problem, refresh } = useStaffList(me, () => staffApi.reviews(tab), [tab]);
  const reviews = answer?.reviews ?? null;
  return (
    <StaffFrame me={me}>
      <div className="space-y-4">
        <StaffListHeader title={t('queue.title')} refresh={t('queue.refresh')} onRefresh={refresh} />
        <StaffTabs label={t('queue.title')} tabs={['waiting', 'decided'] as const} value={tab} onChange={setTab} name={(k) => t(`queue.${k}`)} />
        <StaffListBody
          problem={problem} items={reviews} loading={t('queue.loading')} empty={t(`queue.empty.${tab}`)} testId="review-queue"
          columns={['#', t('queue.line'), t('queue.name'), t('queue.document'), t('queue.submitted'), tab === 'waiting' ? t('queue.due') : t('queue.decision')]}
          rows={(list) => list.map((r) => (
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
        />
      </div>
    </StaffFrame>
  );
}
