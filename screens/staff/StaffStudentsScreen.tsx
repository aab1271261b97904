/**
 * /staff/students (issue 18 section 4, decision 0045): the student orders, newest first, with what each keeps (school,
 * grade, departure date, the school email proved by its code) and the buyer, for staff who check a student's claim or
 * help around a departure. The list is written in the staff audit log by the gateway.
 */
import { useTranslation } from 'react-i18next';
import { formatCalendarDay, formatPacificDate } from '../../i18n';
import { staffStudentsApi } from '../../src/app/forScreens';
import { StaffFrame, useStaff } from './StaffFrame';
import { StaffListBody, StaffListHeader } from './StaffList';
import { useStaffList } from './useStaffList';

export default function StaffStudentsScreen() {
  const { t, i18n } = useTranslation('staff');
  const me = useStaff();
  const { answer, problem, refresh } = useStaffList(me, staffStudentsApi.list);
  const orders = answer?.orders ?? null;
  const lang = i18n.language;
  return (
    <StaffFrame me={me}>
      <div className="space-y-4" data-testid="staff-students">
        <StaffListHeader title={t('students.title')} intro={t('students.intro')} refresh={t('students.refresh')} onRefresh={refresh} />
        <StaffListBody
          problem={problem} items={orders} loading={t('students.loading')} empty={t('students.empty')}
          columns={[t('students.order'), t('students.buyer'), t('students.school'), t('students.departure'), t('students.eduEmail')]}
          rows={(list) => list.map((o) => (
            <tr key={o.orderNo} className="border-t border-slate-100 align-top" data-testid="staff-student-order">
              <td className="px-4 py-2">
                <span className="font-mono" translate="no">{o.orderNo}</span>
                <span className="block text-xs text-slate-600">{t(`students.status.${o.status}`)} · {formatPacificDate(o.createdAt, lang)}</span>
              </td>
              <td className="px-4 py-2">
                <span translate="no">{o.buyer.username ?? o.buyer.email}</span>
                <span className="block text-xs text-slate-600" translate="no">{[o.buyer.phone, o.buyer.username ? o.buyer.email : null].filter(Boolean).join(' · ')}</span>
              </td>
              <td className="px-4 py-2">
                <span translate="no">{o.student.school}</span>
                <span className="block text-xs text-slate-600">{t(`checkout:student.grades.${o.student.grade}`)}</span>
              </td>
              <td className="px-4 py-2">{formatCalendarDay(o.student.departureDate, lang)}</td>
              <td className="px-4 py-2">
                <span translate="no">{o.student.eduEmail}</span>
                <span className="block text-xs text-slate-600">{t('students.verified', { date: formatPacificDate(o.student.verifiedAt, lang) })}</span>
              </td>
            </tr>
          ))}
        />
      </div>
    </StaffFrame>
  );
}
