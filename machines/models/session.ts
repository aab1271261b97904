/** Model of the session chart (machines/session.machine.ts): one failed call per branch of the error catalogue. */
import { chartById } from '../index';
import type { ChartModel } from '../paths';

const failed = (code: string, status: number, message = '') => ({ error: { code, status, message } });

export const SESSION_FAILURES = {
  crossSite: failed('crossSiteRequest', 403, 'Please reload the page and try again.'),
  sessionLost: failed('unauthorized', 401),
  paymentExpired: failed('120087', 422),
  blank: failed('90009', 422),
  known: failed('120019', 422),
  other: failed('http', 502),
};

export const sessionModel: ChartModel = {
  entry: chartById('session')!,
  payloads: { 'call.failed': Object.values(SESSION_FAILURES) },
};
