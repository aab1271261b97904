/** The student purchase's rules (decision 0045): academic domains, the departure window, the form's student part, campaign links. */
import { describe, expect, it } from 'vitest';
import { departureDateProblem, departureWindow, isAcademicEmail, isCalendarDate } from '../../src/domain/student';
import { campaignCodesFrom } from '../../src/domain/campaignLink';
import { formProblems, setField, toOrderBody } from '../../machines/checkoutForm';
import { STUDENT_DRAFT, VALID_DRAFT } from '../../machines/models/checkoutFixtures';

describe('academic addresses', () => {
  it('takes the academic registries and only with a school name before the suffix', () => {
    for (const ok of ['mei@ucla.edu', 'Mei.Lin@CS.PKU.EDU.CN', 'x@hku.edu.hk', 'x@ntu.edu.tw', 'x@ucl.ac.uk', 'x@um.edu.mo', 'x@sydney.edu.au']) expect(isAcademicEmail(ok), ok).toBe(true);
    for (const no of ['mei@gmail.com', 'x@edu', 'x@edu.cn', 'x@ucla.edu.com', 'x@utoronto.ca', 'not an email', 'x@-bad.edu', 'x@ucla..edu']) expect(isAcademicEmail(no), no).toBe(false);
  });
});

describe('the departure date', () => {
  const now = new Date('2026-11-29T20:00:00Z'); // 12:00 in Los Angeles, 29 November
  it('is a real date from a year back to 90 days ahead, on the Pacific day', () => {
    expect(departureWindow(now)).toEqual({ earliest: '2025-11-29', latest: '2027-02-27' });
    expect(departureDateProblem('2027-02-27', now)).toBeNull();
    expect(departureDateProblem('2025-11-29', now)).toBeNull();
    expect(departureDateProblem('2027-02-28', now)).toBe('validation:student.departureDate.tooLate');
    expect(departureDateProblem('2025-11-28', now)).toBe('validation:student.departureDate.tooEarly');
    expect(departureDateProblem('2027-02-30', now)).toBe('validation:student.departureDate.invalid');
    expect(isCalendarDate('2028-02-29')).toBe(true);
    // 02:00 UTC on the 30th is still the 29th in Los Angeles.
    expect(departureWindow(new Date('2026-11-30T02:00:00Z')).latest).toBe('2027-02-27');
  });
});

describe('the form\'s student part', () => {
  it('asks nothing of a buyer who is not a student, and sends no student part', () => {
    expect(formProblems(VALID_DRAFT)).toEqual({});
    expect(toOrderBody(VALID_DRAFT).student).toBeNull();
  });

  it('names every missing student field next to it, and the unverified address next to the code', () => {
    const d = { ...VALID_DRAFT, student: { ...VALID_DRAFT.student, isStudent: true, eduEmail: 'mei@gmail.com' } };
    expect(formProblems(d)).toMatchObject({
      'student.school': ['validation:student.school.required'],
      'student.grade': ['validation:student.grade.required'],
      'student.departureDate': ['validation:student.departureDate.required'],
      'student.eduEmail': ['validation:student.eduEmail.academic'],
      'student.eduCode': ['validation:student.eduEmail.unverified'],
    });
  });

  it('passes a proved student, and forgets the proof (and the code) when another address is typed', () => {
    expect(formProblems(STUDENT_DRAFT)).toEqual({});
    expect(toOrderBody(STUDENT_DRAFT).student).toMatchObject({ eduEmail: 'mei.lin@ucla.edu', verification: 'proof-of-mei', grade: 'masters' });
    const same = setField(STUDENT_DRAFT, { field: 'student.eduEmail', value: ' Mei.Lin@UCLA.edu ' });
    expect(same.student.verification).toBe('proof-of-mei');
    const other = setField({ ...STUDENT_DRAFT, student: { ...STUDENT_DRAFT.student, eduCode: '123456' } }, { field: 'student.eduEmail', value: 'mei@usc.edu' });
    expect(other.student).toMatchObject({ verification: null, eduCode: '', eduEmail: 'mei@usc.edu', school: STUDENT_DRAFT.student.school });
    expect(formProblems(other)['student.eduCode']).toEqual(['validation:student.eduEmail.unverified']);
  });

  it('checks the departure window with the day it is given', () => {
    const d = { ...STUDENT_DRAFT, student: { ...STUDENT_DRAFT.student, departureDate: '2026-01-01' } };
    expect(formProblems(d, new Date('2027-06-01T20:00:00Z'))['student.departureDate']).toEqual(['validation:student.departureDate.tooEarly']);
  });
});

describe('campaign links', () => {
  it('keeps the codes a link names, in either spelling, and drops what is not a code', () => {
    expect(campaignCodesFrom(new URLSearchParams('couponCode=welcome10&promotion=wechat&activityCode=BACK2SCHOOL'))).toEqual({ couponCode: 'WELCOME10', promotionPlatform: 'wechat', activityCode: 'BACK2SCHOOL' });
    expect(campaignCodesFrom(new URLSearchParams('platform=xiaohongshu&activity_code=lny-2027'))).toEqual({ couponCode: null, promotionPlatform: 'xiaohongshu', activityCode: 'lny-2027' });
    expect(campaignCodesFrom(new URLSearchParams('couponCode=%3Cb%3E&activityCode=a%20b'))).toEqual({ couponCode: null, promotionPlatform: null, activityCode: null });
  });
});
