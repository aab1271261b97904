/**
 * Number keeping (issue 16, decision 0035): the numberProtect lifecycle of a line, its order of kind 'protect' paid
 * through the payments area, the early end, its jobs and messages. Other areas use keepingConflict (spec section 8:
 * "90007 in number-keeping period") before what a kept number cannot take: a plan change, add-ons, roaming packs, the
 * dual number.
 */
import { registerOrderKinds } from '../payments';
import { onServiceChange } from '../plan';
import { fulfilProtectOrder, payableRefusal, PROTECT_KIND } from './service';
import { followService } from './follow';

// The payments area pays keeping orders by these rules (it does not import this area: src/server/payments/orderKinds.ts).
registerOrderKinds({ kinds: [PROTECT_KIND], refusal: payableRefusal, fulfil: fulfilProtectOrder });
// The service chart's recovery and number removal move keeping too, in their transaction.
onServiceChange(followService);

export { keepingConflict, protectView } from './service';
export { applyProtectEvent, keepingRowOf, type KeepingLine } from './lifecycle';
export { protectActions } from './service';
export { protectJobHandlers } from './jobs';
export { protectRoutes } from './routes';
export { PROTECT_CLOCK_JOB, protectClockJob } from './jobRequests';
