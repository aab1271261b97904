/**
 * Spec section 3 "Student info: school, grade, departure date, edu email" as the account keeps it (decision 0045): what
 * the newest paid student order said. Shown only for an account that bought as a student.
 */
import { useTranslation } from 'react-i18next';
import { formatCalendarDay } from '../../i18n';
import type { ProfileData } from '../../src/contract/profile';
import { FormSection } from '../ui/fields';


export function StudentCard({ student }: { student: NonNullable<ProfileData['student']> }) {
  const { t, i18n } = useTranslation('portalProfile');
  const row = 'grid gap-1 sm:grid-cols-[10rem_1fr]';
  return (
    <FormSection title={t('student.title')}>
      <dl className="space-y-2 text-sm text-slate-700" data-testid="account-student">
        <div className={row}><dt>{t('student.school')}</dt><dd className="font-medium text-slate-900">{student.school}</dd></div>
        <div className={row}><dt>{t('student.grade')}</dt><dd className="font-medium text-slate-900">{t(`student.grades.${student.grade}`)}</dd></div>
        <div className={row}><dt>{t('student.departureDate')}</dt><dd className="font-medium text-slate-900">{formatCalendarDay(student.departureDate, i18n.language)}</dd></div>
        <div className={row}><dt>{t('student.eduEmail')}</dt><dd className="font-medium text-slate-900" translate="no">{student.eduEmail} <span className="font-normal text-emerald-800">{t('student.verified')}</span></dd></div>
      </dl>
    </FormSection>
  );
}
