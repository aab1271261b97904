/**
 * The student variant of the offer (spec sections 1, 3 and 5; decision 0045): "Student info: school, grade, departure
 * date, edu email" and "Edu email for student flow". Pure rules shared by the form, the gateway and the screens.
 */
import { DAY_MS } from './planCalendar';
import { pacificDate } from './workingDays';
import { isEmail } from './email';

/**
 * Academic email domains recognised by their suffix: the registries that give addresses only to schools. A school
 * whose domain carries no academic suffix (most Canadian and many European universities, `utoronto.ca`) is not
 * recognised by its address; decision 0045 says why the list is this one.
 */
export const ACADEMIC_SUFFIXES = [
  'edu', // United States (EDUCAUSE: accredited post-secondary institutions only)
  'edu.cn', 'ac.cn', // mainland China (CERNET)
  'edu.hk', // Hong Kong
  'edu.mo', // Macau
  'edu.tw', // Taiwan
  'ac.uk', // United Kingdom (Jisc)
  'edu.au', // Australia
  'ac.nz', // New Zealand
  'edu.sg', // Singapore
  'ac.jp', // Japan
  'ac.kr', // Korea
] as const;

/** The domain of an address, lower-cased ('' when it has none). */
export const emailDomain = (email: string): string => {
  const at = email.trim().lastIndexOf('@');
  return at < 0 ? '' : email.trim().slice(at + 1).toLowerCase();
};

/** An address of an academic domain: at least one label before the suffix (`ucla.edu`, `cs.pku.edu.cn`), not the suffix alone. */
export function isAcademicEmail(email: string): boolean {
  if (!isEmail(email)) return false;
  const labels = emailDomain(email).split('.');
  if (labels.some((l) => !/^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/.test(l))) return false;
  return ACADEMIC_SUFFIXES.some((suffix) => {
    const parts = suffix.split('.');
    return labels.length > parts.length && labels.slice(-parts.length).join('.') === suffix;
  });
}

/** Spec section 3 "grade": where the student is in school (the form's choices). */
export const STUDENT_GRADES = ['highSchool', 'freshman', 'sophomore', 'junior', 'senior', 'masters', 'doctoral', 'exchange', 'language', 'other'] as const;
export type StudentGrade = (typeof STUDENT_GRADES)[number];

/**
 * "Departure date": the day the student leaves for school. At most 90 days ahead (spec section 4: "Physical SIM must be
 * activated within 90 days of purchase": a card bought for a later day would lapse before the flight); a student who
 * has already left gives the day they left, within the last year. Days are Pacific calendar days, the carrier's.
 */
export const DEPARTURE_AHEAD_DAYS = 90;
export const DEPARTURE_PAST_DAYS = 365;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (not 2027-02-30). */
export function isCalendarDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!));
  return d.getUTCFullYear() === +m[1]! && d.getUTCMonth() === +m[2]! - 1 && d.getUTCDate() === +m[3]!;
}

const addDays = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The departure dates accepted on the Pacific day of `now`: [earliest, latest], both YYYY-MM-DD. */
export function departureWindow(now: Date): { earliest: string; latest: string } {
  const today = pacificDate(now);
  return { earliest: addDays(today, -DEPARTURE_PAST_DAYS), latest: addDays(today, DEPARTURE_AHEAD_DAYS) };
}

/** The i18n key of what is wrong with a departure date on the day of `now`, or null when it is fine. */
export function departureDateProblem(value: string, now: Date): string | null {
  if (!isCalendarDate(value)) return 'validation:student.departureDate.invalid';
  const { earliest, latest } = departureWindow(now);
  if (value < earliest) return 'validation:student.departureDate.tooEarly';
  if (value > latest) return 'validation:student.departureDate.tooLate';
  return null;
}
