import { statusForCode, type ErrorCode } from '../../contract/errors';
import type { Vars } from '../i18n';

/**
 * A business answer other than success: `code` from the catalogue; the message is translated from
 * `errors:code.<code>` unless `messageKey` names another key (e.g. a retry time) or `message` is already translated.
 */
export class GatewayError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly options: {
      message?: string; messageKey?: string; vars?: Vars; headers?: Record<string, string | string[]>; status?: number;
      /** Sent as the answer's `data`, e.g. `{ field: 'couponCode' }` so a form puts the message next to that field. */
      data?: Record<string, unknown>;
    } = {},
  ) {
    super(code);
    this.name = 'GatewayError';
    this.status = options.status ?? statusForCode(code);
  }
}

/** 429 with a message saying when to try again, in seconds, minutes or (from 2 hours, a daily limit) hours, and Retry-After. */
export const rateLimited = (retryAfterMs: number, code: 'rateLimited' | 'loginThrottled' = 'rateLimited') => {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  const [unit, count] = seconds < 120 ? ['seconds', seconds] : minutes < 120 ? ['minutes', minutes] : ['hours', Math.ceil(minutes / 60)];
  return new GatewayError(code, {
    messageKey: code === 'rateLimited' ? `errors:retryIn.${unit}` : undefined,
    vars: { count },
    headers: { 'retry-after': String(seconds) },
  });
};
