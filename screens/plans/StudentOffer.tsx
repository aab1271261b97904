/**
 * Spec section 1: "Students ... appear as variants in copy" (issue 18 section 4, decision 0045): the student variant of
 * the offer on the plan pages, linking to the purchase form with "I am a student" on (`&student=1`). No student price.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** The form with the student option on, for the plan and choices given (or the form's defaults). */
export const studentBuyHref = (buyHref = '/plans/bundleForm'): string => `${buyHref}${buyHref.includes('?') ? '&' : '?'}student=1`;

export function StudentOffer({ buyHref, compact = false }: { buyHref?: string; compact?: boolean }) {
  const { t } = useTranslation('plans');
  if (compact) {
    return (
      <p className="text-sm text-slate-700">
        {t('student.short')}{' '}
        <Link to={studentBuyHref(buyHref)} className="font-semibold text-blue-800 underline">{t('student.buy')}</Link>
      </p>
    );
  }
  return (
    <section aria-labelledby="student-offer" className="rounded-2xl bg-blue-50 p-6 ring-1 ring-blue-200">
      <h2 id="student-offer" className="text-lg font-semibold text-slate-900">{t('student.title')}</h2>
      <p className="mt-2 max-w-3xl text-sm text-slate-800">{t('student.body')}</p>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-800">
        <li>{t('student.point1')}</li>
        <li>{t('student.point2')}</li>
        <li>{t('student.point3')}</li>
      </ul>
      <Link to={studentBuyHref(buyHref)} className="mt-4 inline-flex rounded-full bg-blue-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-blue-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2">
        {t('student.buy')}
      </Link>
    </section>
  );
}
