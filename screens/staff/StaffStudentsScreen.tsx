/**
 * /staff/students (issue 18 section 4, decision 0045): the student orders, newest first, with what each keeps (school,
 * grade, departure date, the school email proved by its code) and the buyer, for staff who check a student's claim or
 * help around a departure. The list is written in the staff audit log by the gateway.
 */
import { useTranslation } from 'react-i18next';
import { formatCalendarDay, formatPacificDate } from '../../i18n';
import { staffStudentsApi } from '../../src/app/forScreens';
import { Notice, secondaryButton } from '../ui/fields';
import { useText } from '../ui/text';
import { StaffFrame, useStaff } from './StaffFrame';
import { useStaffList } from './useStaffList';

export default function StaffStudentsScreen() {
  const { t, i18n } = useTranslation('staff');
  const text = useText();
  const me = useStaff();
  const { answer, problem, refresh } = useStaffList(me, staffStudentsApi.list);
  const orders = answer?.orders ?? null;
  const lang = i18n.language;
  return (
    <StaffFrame me={me}>
      <div className="space-y-4" data-testid="staff-students">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold text-slate-900">{t('students.title')}</h1>
            <p className="text-sm text-slate-700">{t('students.intro')}</p>
          </div>
          <button type="button" className={secondaryButton} onClick={refresh}>{t('students.refresh')}</button>
        </div>
        {problem && <Notice tone="error">{text(problem)}</Notice>}
        {orders === null && !problem && <p className="text-slate-700" aria-busy="true">{t('students.loading')}</p>}
        {orders?.length === 0 && <p className="rounded-2xl bg-white p-6 text-slate-700 ring-1 ring-slate-200">{t('students.empty')}</p>}
        {orders && orders.length > 0 && (
          <div className="overflow-x-auto rounded-2xl bg-white ring-1 ring-slate-200">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-4 py-2">{t('students.order')}</th>
                  <th scope="col" className="px-4 py-2">{t('students.buyer')}</th>
                  <th scope="col" className="px-4 py-2">{t('students.school')}</th>
                  <th scope="col" className="px-4 py-2">{t('students.departure')}</th>
                  <th scope="col" className="px-4 py-2">{t('students.eduEmail')}</th>
                </tr>
              </thead>
              <tbody>
                {orders.map((o) => (
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
              </tbody>
            </table>
          </div>
        )}
      </div>
    </StaffFrame>
  );
}
