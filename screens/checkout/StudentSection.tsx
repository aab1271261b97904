/**
 * Issue 18 section 4 (decision 0045): "I am a student". Spec section 3 "Student info: school, grade, departure date, edu
 * email"; section 5 "Edu email for student flow": the school email is proved by a code sent to it before the order can
 * be a student order. A picture of the checkout chart's `student` region.
 */
import { useTranslation } from 'react-i18next';
import { STUDENT_GRADES, departureWindow } from '../../src/domain/student';
import type { StudentGrade } from '../../src/domain/student';
import type { CheckoutView } from './checkout.connect';
import { CheckboxField, FormSection, Notice, SelectInput, TextInput, secondaryButton } from '../ui/fields';
import { waitingButton } from '../ui/waitingButton';
import { VerbatimText } from '../ui/Verbatim';

/** A calendar date (YYYY-MM-DD) as the reader writes dates. */
const formatDate = (date: string, lang: string): string =>
  new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

/**
 * "Send code", then "Send a new code" once the wait the gateway gave is over. While it runs, its name stays put, the
 * seconds left are for the eye only (the wait is said once in a status) and it stays focusable (aria-disabled), as on
 * /tracking and /login.
 */
function SendCodeButton({ view, codeAsked, sending }: { view: CheckoutView; codeAsked: boolean; sending: boolean }) {
  const { t } = useTranslation('checkout');
  const resend = view.student.resend;
  return (
    <button type="button" className={`${secondaryButton} mt-1 h-[42px] shrink-0 whitespace-nowrap ${waitingButton}`} onClick={view.sendEduCode}
      disabled={sending} aria-disabled={resend.waiting || undefined} data-testid="student-send-code">
      {t(codeAsked ? 'student.resendCode' : 'student.sendCode')}
      {resend.waiting && <span aria-hidden="true" className="ml-1 tabular-nums">{t('student.countdown', { count: resend.secondsLeft })}</span>}
    </button>
  );
}

export function StudentSection({ view }: { view: CheckoutView }) {
  const { t, i18n } = useTranslation('checkout');
  const s = view.draft.student;
  const state = view.student.state;
  const on = state !== 'notStudent';
  const window = departureWindow(new Date());
  const sending = state === 'sendingCode';
  const verifying = state === 'verifying';
  const codeAsked = state === 'codeSent' || verifying;
  const resend = view.student.resend;
  return (
    <FormSection title={t('student.title')} id="student">
      <CheckboxField field="student.isStudent" checked={on} errors={[]} onChange={(checked) => (checked ? view.turnStudentOn() : view.turnStudentOff())}>
        <span className="font-semibold">{t('student.option')}</span>
        <span className="block text-slate-700">{t('student.optionHint')}</span>
      </CheckboxField>
      {on && (
        <div className="space-y-4" data-testid="student-fields">
          <p className="text-sm text-slate-700">{t('student.noStudentPrice')}</p>
          <TextInput field="student.school" label={t('student.school')} value={s.school} autoComplete="organization" maxLength={100}
            onChange={(value) => view.change({ field: 'student.school', value })} errors={view.fieldError('student.school')} />
          <SelectInput field="student.grade" label={t('student.grade')} value={s.grade} placeholder={t('student.chooseGrade')}
            options={STUDENT_GRADES.map((g) => ({ value: g, label: t(`student.grades.${g}`) }))}
            onChange={(value) => view.change({ field: 'student.grade', value: value as StudentGrade })} errors={view.fieldError('student.grade')} />
          <TextInput field="student.departureDate" type="date" label={t('student.departureDate')} value={s.departureDate}
            hint={t('student.departureHint', { earliest: formatDate(window.earliest, i18n.language), latest: formatDate(window.latest, i18n.language) })}
            onChange={(value) => view.change({ field: 'student.departureDate', value })} errors={view.fieldError('student.departureDate')} />
          <TextInput field="student.eduEmail" type="email" label={t('student.eduEmail')} value={s.eduEmail} autoComplete="email" maxLength={254} readOnly={sending}
            hint={t('student.eduEmailHint')} onChange={(value) => view.change({ field: 'student.eduEmail', value })} onEnter={view.sendEduCode}
            errors={view.fieldError('student.eduEmail')}
            after={state !== 'verified' && <SendCodeButton view={view} codeAsked={codeAsked} sending={sending} />} />
          <p role="status" className="sr-only">{resend.waitSeconds !== null && t('student.resendAnnounce', { count: resend.waitSeconds })}</p>
          {codeAsked && (
            <>
              <p className="text-sm text-slate-700" role="status"><VerbatimText k="checkout:student.codeSent" values={{ email: view.student.codeSentTo ?? s.eduEmail }} /></p>
              <TextInput field="student.eduCode" label={t('student.code')} value={s.eduCode} autoComplete="one-time-code" inputMode="numeric" maxLength={6}
                onChange={(value) => view.change({ field: 'student.eduCode', value })} onEnter={view.verifyEduCode}
                errors={view.fieldError('student.eduCode')}
                after={<button type="button" className={`${secondaryButton} mt-1 h-[42px] shrink-0`} onClick={view.verifyEduCode} disabled={verifying}>{t('student.verify')}</button>} />
            </>
          )}
          {state === 'unverified' && view.fieldError('student.eduCode').length > 0 && (
            <TextInput field="student.eduCode" label={t('student.code')} value={s.eduCode} autoComplete="one-time-code" inputMode="numeric" maxLength={6}
              onChange={(value) => view.change({ field: 'student.eduCode', value })} errors={view.fieldError('student.eduCode')} />
          )}
          {state === 'verified' && <Notice tone="success"><VerbatimText k="checkout:student.verified" values={{ email: s.eduEmail }} /></Notice>}
        </div>
      )}
    </FormSection>
  );
}
