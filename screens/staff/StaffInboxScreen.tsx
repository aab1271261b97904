/**
 * /staff/inbox (issue 18): contact messages and dealer applications from the website, open or handled, newest first,
 * each opening its own page. Every list shown is written in the staff audit log by the gateway.
 */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { formatPacificDateTime } from '../../i18n';
import { AppLink, inboxApi } from '../../src/app/forScreens';
import type { EnquiryState, InboxBox, InboxItem } from '../../src/contract/enquiries';
import { Pager } from '../ui/Pager';
import { StaffFrame, useStaff } from './StaffFrame';
import { StaffListBody, StaffListHeader } from './StaffList';
import { useStaffList } from './useStaffList';

const tabClass = (on: boolean) => `rounded-full px-4 py-2 text-sm font-semibold ${on ? 'bg-blue-700 text-white' : 'bg-white text-slate-900 ring-1 ring-slate-300'}`;

export default function StaffInboxScreen() {
  const { t, i18n } = useTranslation('staff');
  const { t: company } = useTranslation('company');
  const me = useStaff();
  const [params, setParams] = useSearchParams();
  const box: InboxBox = params.get('box') === 'dealer' ? 'dealer' : 'contact';
  const status: EnquiryState = params.get('status') === 'closed' ? 'closed' : 'open';
  const asked = Number(params.get('page'));
  const page = Number.isInteger(asked) && asked >= 1 && asked <= 10_000 ? asked : 1;
  const { answer, problem, refresh } = useStaffList(me, () => inboxApi.list(box, status, page), [box, status, page]);
  const go = (next: { box?: InboxBox; status?: EnquiryState }) => setParams({ box: next.box ?? box, status: next.status ?? status }, { replace: true });
  const subject = (item: InboxItem) => (item.box === 'contact' ? company(`contact.topics.${item.subject}`) : item.subject);
  return (
    <StaffFrame me={me}>
      <div className="space-y-4" data-testid="staff-inbox">
        <StaffListHeader title={t('inbox.title')} intro={t('inbox.intro')} refresh={t('inbox.refresh')} onRefresh={refresh} />
        <div className="flex flex-wrap gap-2" role="group" aria-label={t('inbox.title')}>
          {(['contact', 'dealer'] as const).map((b) => (
            <button key={b} type="button" aria-pressed={box === b} onClick={() => go({ box: b })} className={tabClass(box === b)}>
              {t(`inbox.boxes.${b}`)}{answer ? ` · ${t('inbox.openCount', { count: answer.open[b] })}` : ''}
            </button>
          ))}
          <span className="mx-2 w-px bg-slate-300" aria-hidden="true" />
          {(['open', 'closed'] as const).map((s) => (
            <button key={s} type="button" aria-pressed={status === s} onClick={() => go({ status: s })} className={tabClass(status === s)}>{t(`inbox.states.${s}`)}</button>
          ))}
        </div>
        <StaffListBody
          problem={problem} items={answer?.items ?? null} loading={t('inbox.loading')} testId="inbox-list"
          // Empty past its last page too: there the pager says so.
          empty={answer?.total === 0 ? t(`inbox.empty.${status}`) : null}
          columns={[t('inbox.reference'), t('inbox.from'), t(`inbox.subject.${box}`), t('inbox.received'), ...(status === 'closed' ? [t('inbox.handled')] : [])]}
          rows={(items) => items.map((item) => (
            <tr key={item.id} className="border-t border-slate-100" data-testid={`inbox-row-${item.reference}`}>
              <td className="px-4 py-2"><AppLink to={`/staff/inbox/${item.box}/${item.id}`} className="font-semibold text-blue-800 underline" translate="no">{item.reference}</AppLink></td>
              <td className="px-4 py-2"><span translate="no">{item.from}</span><span className="block text-xs text-slate-600" translate="no">{item.email}</span></td>
              <td className="px-4 py-2">{subject(item)}</td>
              <td className="px-4 py-2">{formatPacificDateTime(item.receivedAt, i18n.language)}</td>
              {status === 'closed' && <td className="px-4 py-2">{item.closedBy ?? ''}{item.closedAt ? ` · ${formatPacificDateTime(item.closedAt, i18n.language)}` : ''}</td>}
            </tr>
          ))}
        />
        {answer && <Pager page={answer.page} pageSize={answer.pageSize} total={answer.total} />}
      </div>
    </StaffFrame>
  );
}
