/**
 * The messages between the merchant's page (the SDK) and the card form iframe (the provider's origin). Each
 * side accepts a message only from the other's exact origin and window, on the card's own channel. Nothing in
 * them carries the card number or the CVV: the page only ever learns validity, the token and its details.
 */
import type { CardField, TokenResult } from '../../../../contract/cardSdk';

export const PROTOCOL = 'paysandbox-card/1';

interface Envelope { protocol: typeof PROTOCOL; channel: string }

export type ToFramePayload =
  | { type: 'tokenize'; id: number }
  | { type: 'setLanguage'; lang: string };
export type ToFrame = Envelope & ToFramePayload;

export type FromFramePayload =
  | { type: 'ready'; height: number }
  | { type: 'resize'; height: number }
  | { type: 'change'; complete: boolean; field: CardField | null }
  | { type: 'result'; id: number; result: TokenResult };
export type FromFrame = Envelope & FromFramePayload;

export const isMessage = (data: unknown, channel: string): boolean =>
  !!data && typeof data === 'object' && (data as Envelope).protocol === PROTOCOL && (data as Envelope).channel === channel;

/** Query parameters of the card form page. */
export const FRAME_PARAMS = { applicationId: 'applicationId', locationId: 'locationId', lang: 'lang', parent: 'parent', channel: 'channel' } as const;

export const CARD_FORM_PATH = '/v1/card-form';
export const SDK_PATH = '/v1/sdk.js';
