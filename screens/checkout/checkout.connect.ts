/**
 * From the checkout chart's snapshot to what its screens show (the zag "connect" pattern): no React, testable
 * alone. Errors of the contract's schema and of the gateway's answers land next to the field they name, the rest
 * on the summary or the form.
 */
import type { AnyActorRef } from 'xstate';
import { FIELD_ORDER, billingZipOf, needsAddress, taxSource, type CheckoutDraft, type FieldChange } from '../../machines/checkoutForm';
import type { CheckoutContext, CheckoutEvent, CheckoutProblem } from '../../machines/checkout.machine';
import { problemText, type Text } from '../ui/text';

interface SnapshotLike {
  value: unknown;
  context: CheckoutContext;
  matches(value: never): boolean;
  hasTag(tag: string): boolean;
  children: Record<string, AnyActorRef | undefined>;
}

export type CheckoutStep = 'opening' | 'loading' | 'catalogFailed' | 'form' | 'paying' | 'paid' | 'paymentFailed' | 'expired';

/** The field a gateway answer names, as the form calls it (the quote names the tax address, the form its source). */
export function problemField(problem: CheckoutProblem | null, draft: CheckoutDraft): string | null {
  if (!problem?.field) return null;
  if (problem.field === 'taxAddress.zip') return `${taxSource(draft) ?? 'billing'}.zip`;
  if (problem.field === 'globalPackId') return 'planId';
  return problem.field;
}

/** Fields the form shows in its current shape: a problem about a hidden one goes to the summary instead. */
export function visibleFields(d: CheckoutDraft): Set<string> {
  const physical = needsAddress(d);
  const shown = new Set(FIELD_ORDER);
  // The card being activated decides its type and is the one SIM.
  if (d.activationToken) { shown.delete('simType'); shown.delete('simCount'); }
  if (!physical) {
    for (const f of ['shipping.address1', 'shipping.address2', 'shipping.city', 'shipping.state', 'shipping.zip', 'shippingMethod', 'billingSameAsShipping']) shown.delete(f);
  }
  if (physical && d.billingSameAsShipping) for (const f of FIELD_ORDER.filter((x) => x.startsWith('billing.'))) shown.delete(f);
  // The student's fields are asked only of a student (decision 0045).
  if (!d.student.isStudent) for (const f of FIELD_ORDER.filter((x) => x.startsWith('student.'))) shown.delete(f);
  // One picker serves a plan or a pack; it answers to 'planId'.
  shown.delete('globalPackId');
  if (d.globalPackId != null) shown.delete('months');
  return shown;
}

export function connect(snapshot: SnapshotLike, send: (event: CheckoutEvent) => void) {
  const c = snapshot.context;
  const is = (v: unknown) => snapshot.matches(v as never);
  const step: CheckoutStep = is('opening') || is('checkingOrder') ? 'opening'
    : is('loadingCatalog') ? 'loading'
      : is('catalogFailed') ? 'catalogFailed'
        : is('form') ? 'form'
          : is('paying') ? 'paying'
            : is('paid') ? 'paid'
              : is('paymentFailed') ? 'paymentFailed' : 'expired';

  const shown = visibleFields(c.draft);
  const submitField = problemField(c.problem, c.draft);
  const quoteField = problemField(c.quoteProblem, c.draft);
  const onField = (field: string | null) => field !== null && shown.has(field);

  const fieldError = (field: string): Text[] => [
    ...(c.fieldErrors[field] ?? []).map((key) => ({ key })),
    ...(c.problem && submitField === field && onField(field) ? [problemText(c.problem)] : []),
    ...(c.quoteProblem && quoteField === field && onField(field) && !(c.problem && submitField === field) ? [problemText(c.quoteProblem)] : []),
    ...(c.studentProblem && c.studentProblem.field === field && onField(field) ? [problemText(c.studentProblem)] : []),
  ];
  const errorFields = FIELD_ORDER.filter((f) => shown.has(f) && fieldError(f).length > 0);

  const quoteState = (['waiting', 'quoting', 'quoted', 'incomplete', 'failed'] as const).find((s) => is({ form: { quote: s } })) ?? null;
  const autoRenew = (['off', 'readingTerms', 'on'] as const).find((s) => is({ form: { autoRenewal: s } }))
    ?? (c.draft.autoRenew ? 'on' : 'off');

  const resendWaiting = is({ form: { student: { codeSent: 'resendWaiting' } } });
  const studentState = (['notStudent', 'unverified', 'sendingCode', 'codeSent', 'verifying', 'verified'] as const).find((s) => is({ form: { student: s } }))
    ?? (c.draft.student.isStudent ? 'unverified' : 'notStudent');

  return {
    step,
    /** Issue 18 section 4 (decision 0045): where the student option stands, and the address the last code went to. */
    student: {
      state: studentState, codeSentTo: c.eduCodeSentTo,
      /** After a code was sent, the wait the gateway gave before another: the button counts it down (as tracking's does). */
      resend: resendWaiting
        ? { waiting: true as const, secondsLeft: c.resendSecondsLeft, waitSeconds: c.resendWaitSeconds }
        : { waiting: false as const, secondsLeft: 0, waitSeconds: null },
    },
    busy: snapshot.hasTag('busy'),
    /** The order is being created: the form is locked (the chart takes no change meanwhile). */
    submitting: is({ form: { submission: 'creatingOrder' } }),
    draft: c.draft,
    catalog: c.catalog,
    /** Activation's plan purchase: the card it is for (its ICCID, kind and type); null on the plan pages. */
    activation: c.activation,
    /** A SIM is posted: shipping address, method and "billing same as shipping" are asked. */
    posted: needsAddress(c.draft),
    notice: c.notice ? { key: `checkout:notice.${c.notice}` } : null,
    fieldError,
    /** Fields with an error, in page order: focus goes to the first after a refused submit. */
    errorFields,
    focusRequest: c.focusRequest,
    formError: c.problem && !onField(submitField) ? problemText(c.problem) : null,
    summary: {
      state: quoteState,
      quote: c.quote,
      hasTax: c.quoteHasTax,
      problem: c.quoteProblem && !onField(quoteField) ? problemText(c.quoteProblem) : null,
      updating: quoteState === 'waiting' || quoteState === 'quoting',
    },
    autoRenew,
    order: c.order,
    orderToken: c.orderToken,
    failure: c.failure,
    fulfilmentPending: is({ paid: 'checkingFulfilment' }) || is({ paid: 'waitingFulfilment' }) || is({ paid: 'emailFollows' }),
    /** The page stopped asking for fulfilment: the email brings the QR codes or the shipping news. */
    emailFollows: is({ paid: 'emailFollows' }),
    /** The order may be changed only while its payment stands still (checkout chart: paying.open). */
    canEdit: is({ paying: 'open' }),
    billingZip: billingZipOf(c.draft),
    payment: snapshot.children.payment ?? null,

    change: (change: FieldChange) => send({ type: 'field.change', ...change } as CheckoutEvent),
    applyCodes: () => send({ type: 'codes.apply' }),
    turnAutoRenewOn: () => send({ type: 'autoRenew.turnOn' }),
    acceptAutoRenewTerms: () => send({ type: 'autoRenew.acceptTerms' }),
    declineAutoRenewTerms: () => send({ type: 'autoRenew.declineTerms' }),
    turnAutoRenewOff: () => send({ type: 'autoRenew.turnOff' }),
    turnStudentOn: () => send({ type: 'student.turnOn' }),
    turnStudentOff: () => send({ type: 'student.turnOff' }),
    // While the wait runs the button is aria-disabled (still focusable): the chart's resendWaiting takes no student.sendCode.
    sendEduCode: () => send({ type: 'student.sendCode' }),
    verifyEduCode: () => send({ type: 'student.verify' }),
    submit: () => send({ type: 'order.submit' }),
    editOrder: () => send({ type: 'order.edit' }),
    newOrder: () => send({ type: 'order.new' }),
    repay: () => send({ type: 'payment.repay' }),
    retryCatalog: () => send({ type: 'catalog.retry' }),
  };
}

export type CheckoutView = ReturnType<typeof connect>;
