/**
 * Model of the dual-number lifecycle (issue 16). Its guards read the event, so there is one payload per guard branch:
 * a month that can be paid and one that cannot (no main plan, and a short balance), and each clock event a moment before
 * and at its deadline.
 */
import { chartById } from '../index';
import type { ChartModel } from '../paths';

export const FAILED_AT = '2026-11-02T18:00:00.000Z';
/** 30 days after FAILED_AT (the deadline to re-upload, decision 0034). */
export const AUDIT_DEADLINE = '2026-12-02T18:00:00.000Z';
export const PAUSED_AT = '2026-11-30T08:00:00.000Z';
/** 3 calendar months after PAUSED_AT: Nov 30 + 3 months is Feb 28. */
export const THREE_MONTHS_AFTER_PAUSE = '2027-02-28T08:00:00.000Z';
export const CLOSED_AT = '2026-11-15T08:00:00.000Z';
export const THREE_MONTHS_AFTER_CLOSE = '2027-02-15T08:00:00.000Z';

const before = (iso: string) => new Date(new Date(iso).getTime() - 1).toISOString();
const pay = [{ hasMainPlan: true, balanceCents: 199 }, { hasMainPlan: false, balanceCents: 5000 }, { hasMainPlan: true, balanceCents: 198 }];

export const dualNumberModel: ChartModel = {
  entry: chartById('dualNumber')!,
  payloads: {
    'dual.approve': [{ staff: 'reviewer@linkbridge.test' }],
    'dual.reject': [{ staff: 'reviewer@linkbridge.test', reason: 'The photo of the back of the card is blurred.' }],
    'dual.auditDeadline': [{ failedAt: FAILED_AT, at: AUDIT_DEADLINE }, { failedAt: FAILED_AT, at: before(AUDIT_DEADLINE) }],
    'dual.networkFailed': [{ failure: 'CN_PARTNER_REFUSED' }],
    'dual.periodEnd': pay,
    'dual.resume': pay,
    'dual.reopen': pay,
    'dual.overdue': [{ pausedAt: PAUSED_AT, at: THREE_MONTHS_AFTER_PAUSE }, { pausedAt: PAUSED_AT, at: before(THREE_MONTHS_AFTER_PAUSE) }],
    'dual.releaseNumber': [{ closedAt: CLOSED_AT, at: THREE_MONTHS_AFTER_CLOSE }, { closedAt: CLOSED_AT, at: before(THREE_MONTHS_AFTER_CLOSE) }],
  },
};

const apiError = (code: string, status = 422, data?: Record<string, unknown>) => ({ code, message: '', status, ...(data ? { data } : {}) });
const page = (state: string, extra: Record<string, unknown> = {}) => ({
  state, usNumber: '6265550100', chinaNumber: state === 'notOpened' ? null : '17000000001', priceCents: 199, freeMonthAvailable: true,
  periodEndsAt: null, pausedAt: null, pausedBecause: null, shutdownAt: null, closedAt: null, keptUntil: null, reuploadUntil: null,
  generalBalanceCents: 1000, hasMainPlan: true, application: null, ...extra,
});
/** A valid real-name form, one field per payload (spec section 5's lengths). */
export const REAL_NAME = { nationality: 'HK', idType: 'hkId', idName: 'Chan Tai Man', idNumber: 'A1234563', issuePlace: 'Hong Kong', address: "1 Queen's Road Central" } as const;
const photo = (slot: string) => ({ output: { ref: `ref-${slot}-0123456789abcdef`, slot, width: 800, height: 600, bytes: 40_000 } });
const file = (size: number) => ({ name: 'passport.jpg', size, type: 'image/jpeg' });

/** The dual number's page (a flow): one payload per guard branch; the form is filled field by field and photo by photo. */
export const dualNumberPageModel: ChartModel = {
  entry: chartById('dualNumberPage')!,
  // The guards read whether the number is being opened and whether the form is complete: the count of filled fields
  // and photos tells the form's progress apart without multiplying the orders they are filled in.
  abstractContext: (c: { data: { state: string } | null; draft: Record<string, string>; photos: Record<string, unknown> }) => ({
    opening: c.data?.state === 'opening',
    filled: Object.values(c.draft).filter(Boolean).length + Object.values(c.photos).filter(Boolean).length,
  }),
  payloads: {
    'done:loadDualNumber': [{ output: page('notOpened') }, { output: page('opening') }],
    'error:loadDualNumber': [{ error: apiError('noUsLine') }],
    'done:applyDualNumber': [{ output: page('realNameNeeded') }],
    'error:applyDualNumber': [{ error: apiError('120074') }],
    'field.change': Object.entries(REAL_NAME).map(([field, value]) => ({ field, value })),
    'photo.choose': [
      { slot: 'handheld', file: file(40_000) }, { slot: 'front', file: file(40_000) }, { slot: 'back', file: file(40_000) },
      { slot: 'front', file: file(1024 * 1024 + 1) },
    ],
    'done:uploadPhoto': [photo('handheld'), photo('front'), photo('back')],
    'error:uploadPhoto': [{ error: apiError('imageOnlyJpg', 415) }],
    'done:submitRealName': [{ output: page('underReview') }],
    'error:submitRealName': [{ error: apiError('idPhotosMissing', 422, { field: 'front' }) }, { error: apiError('http', 502) }],
    'action.ask': [{ action: 'giveUp' }, { action: 'close' }],
    'action.run': [{ action: 'resume' }],
    'done:runAction': [{ output: page('opened') }],
    'error:runAction': [{ error: apiError('120081') }],
  },
};
