/**
 * The checkout chart's model. Context decides five guards: whether the catalogue is loaded, whether a resumed
 * draft had auto-renewal on, whether the draft can be quoted and passes the contract's schema, and which kind of
 * link opened the flow. A complete draft comes in through a resumed page (`checkout.open` with a resume point).
 */
import { chartById } from '../index';
import { canQuote, eduCodeIsComplete, eduEmailIsAcademic, formProblems, normalEmail } from '../checkoutForm';
import { FULFILMENT_MAX_CHECKS, RESUME_VERSION, type CheckoutContext, type CheckoutInput } from '../checkout.machine';
import { PAYMENT_UNSETTLED } from '../payment.machine';
import type { ChartModel } from '../paths';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { CATALOG, QUOTE, STUDENT_DRAFT, VALID_DRAFT, order } from './checkoutFixtures';

const apiError = (code: string, status = 422, field: string | null = null) => ({ code, message: '', status, ...(field ? { data: { field } } : {}) });

export const CHECKOUT_INPUT: CheckoutInput = { startedFrom: 'plans', loggedIn: false, referralCode: null };
const LINK = { plan: '5gb-plan', months: 3, simType: 'esim', count: 1 };

/**
 * How a checkout opens from a link: fresh, resumed before or after its order was made, on a result or its error; and
 * the student variant (decision 0045): a plan page's student link, and a student's draft resumed with the address proved.
 */
export const openPayloads = (link: Record<string, unknown>) => [
  { entry: { kind: 'form', link: { ...link, student: true } }, resume: null, openPurchase: null },
  { entry: { kind: 'form', link }, resume: { version: RESUME_VERSION, link, draft: STUDENT_DRAFT, orderNo: null, purchaseId: 'purchase-1' }, openPurchase: null },
  { entry: { kind: 'form', link }, resume: null, openPurchase: null },
  { entry: { kind: 'form', link }, resume: { version: RESUME_VERSION, link, draft: VALID_DRAFT, orderNo: null, purchaseId: 'purchase-1' }, openPurchase: null },
  { entry: { kind: 'form', link }, resume: { version: RESUME_VERSION, link, draft: VALID_DRAFT, orderNo: 'LB202611220001', purchaseId: 'purchase-1' }, openPurchase: null },
  { entry: { kind: 'result', orderNo: 'LB202611220001' }, resume: null, openPurchase: null },
  { entry: { kind: 'resultError', orderNo: 'LB202611220001', reason: 'GENERIC_DECLINE' }, resume: null, openPurchase: null },
];

const studentEvent = (e: EventObject): boolean => e.type.startsWith('student.') || /EduCode$/.test(e.type)
  || (e.type === 'field.change' && String((e as { field?: unknown }).field).startsWith('student.'));

/**
 * The student option is a region of the form beside auto-renewal, the summary and the submission: walked one region at
 * a time (the student's steps while the others rest, the others while the student option rests, off or proved), or the
 * product of the regions' states would be walked for nothing; every state and transition is still taken.
 */
export const oneRegionAtATime = (s: AnyMachineSnapshot, e: EventObject): boolean => {
  if (!s.matches('form')) return true;
  const is = (v: unknown) => s.matches(v as never);
  const notStudent = is({ form: { student: 'notStudent' } });
  // A student's order is walked as far as the gateway refusing its proof: past it, the order is any order.
  if (e.type === 'xstate.done.actor.createOrder') return notStudent;
  // The gateway refuses a student's proof only for a student's order, and a SIM count only for anyone else's.
  if (e.type === 'xstate.error.actor.createOrder') {
    const proof = (e as { error?: { code?: string } }).error?.code === 'eduEmailUnverified';
    return proof ? is({ form: { student: 'verified' } }) : notStudent;
  }
  // Answers and timers run whatever the customer is doing.
  if (e.type.startsWith('xstate.') && !/EduCode$/.test(e.type)) return true;
  // A student sends the order once the total is shown, as on the page.
  if (!studentEvent(e)) return notStudent || (e.type === 'order.submit' && is({ form: { student: 'verified' } }) && is({ form: { quote: 'quoted' } }));
  const othersRest = is({ form: { autoRenewal: 'off' } }) && is({ form: { submission: 'editing' } })
    && (is({ form: { quote: 'quoted' } }) || is({ form: { quote: 'incomplete' } }) || is({ form: { quote: 'failed' } }));
  // The student's fields are on the page only once the option is on.
  const typesStudentField = e.type === 'field.change';
  // The code's field is on the page once a code was sent (codeSent, verifying), as the screen shows it.
  const typesCode = typesStudentField && (e as { field?: unknown }).field === 'student.eduCode';
  if (typesCode && !is({ form: { student: 'codeSent' } }) && !is({ form: { student: 'verifying' } })) return false;
  // The address is read-only while its code is on its way (StudentSection).
  if (typesStudentField && (e as { field?: unknown }).field === 'student.eduEmail' && is({ form: { student: 'sendingCode' } })) return false;
  return othersRest && !(typesStudentField && notStudent);
};

export const checkoutModel: ChartModel = {
  entry: chartById('checkout')!,
  input: CHECKOUT_INPUT,
  internalEvents: ['quote.refresh'],
  filterEvents: oneRegionAtATime,
  abstractContext: (c: CheckoutContext) => ({
    catalog: c.catalog !== null,
    autoRenew: c.draft.autoRenew,
    canQuote: canQuote(c.draft),
    valid: Object.keys(formProblems(c.draft)).length === 0,
    entry: c.entryKind,
    fulfilmentChecks: Math.min(c.fulfilmentChecks, FULFILMENT_MAX_CHECKS),
    // The student option: which of its guards hold (not the values typed); nothing of it while the option is off.
    student: c.draft.student.isStudent && {
      eduEmail: eduEmailIsAcademic(c.draft),
      eduCode: eduCodeIsComplete(c.draft),
      proved: c.draft.student.verification !== null,
      codeSentHere: c.eduCodeSentTo !== null && c.eduCodeSentTo === normalEmail(c.draft.student.eduEmail),
    },
  }),
  payloads: {
    'checkout.open': openPayloads(LINK),
    // The payment child's snapshot as the checkout hears it: unsettled (a payment running, a QR code open) or not.
    'xstate.snapshot.payment': [
      { snapshot: { status: 'active', tags: [PAYMENT_UNSETTLED], hasTag: (tag: string) => tag === PAYMENT_UNSETTLED } },
      { snapshot: { status: 'active', tags: [], hasTag: () => false } },
    ],
    'field.change': [
      { field: 'simCount', value: '' }, { field: 'simCount', value: '2' },
      // The edu address: of an academic domain, or not; and the code from the email, six digits.
      { field: 'student.eduEmail', value: 'mei.lin@ucla.edu' }, { field: 'student.eduEmail', value: 'mei.lin@gmail.com' },
      { field: 'student.eduCode', value: '123456' },
    ],
    'done:sendEduCode': [{ output: { resendAfterSeconds: 60, expiresInSeconds: 300 } }],
    'error:sendEduCode': [{ error: apiError('rateLimited', 429) }],
    'done:verifyEduCode': [{ output: { verification: 'proof-of-mei', eduEmail: 'mei.lin@ucla.edu', verifiedUntil: '2026-11-23T08:00:00.000Z' } }],
    'error:verifyEduCode': [{ error: apiError('codeWrong', 400) }],
    'done:loadCatalog': [{ output: CATALOG }],
    'error:loadCatalog': [{ error: apiError('http', 502) }],
    'done:quote': [{ output: QUOTE }],
    'error:quote': [{ error: apiError('couponInvalid', 422, 'couponCode') }],
    'done:createOrder': [{ output: { order: order(), orderToken: 'order-token' } }, { output: { order: order({ status: 'paid' }), orderToken: 'order-token' } }],
    'error:createOrder': [{ error: apiError('120082', 422, 'simCount') }, { error: apiError('eduEmailUnverified', 422, 'student.eduCode') }],
    'done:loadOrder': [
      { output: { order: order({ status: 'paid', fulfilment: 'pending' }), orderToken: 'order-token' } },
      { output: { order: order({ status: 'paid', fulfilment: 'esim_sent' }), orderToken: 'order-token' } },
      { output: { order: order({ status: 'payment_failed', failureCode: 'CVV_FAILURE' }), orderToken: 'order-token' } },
      { output: { order: order(), orderToken: 'order-token' } },
      { output: { order: order({ status: 'cancelled' }), orderToken: 'order-token' } },
    ],
    'error:loadOrder': [{ error: apiError('noRecord', 404) }],
    'done:payment': [{ output: { outcome: 'paid', failure: null, result: null } }, { output: { outcome: 'expired', failure: null, result: null } }, { output: { outcome: 'failed', failure: 'GENERIC_DECLINE', result: null } }],
  },
};
