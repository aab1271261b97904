/** The top-up chart's snapshot as the screens show it, and the URL each state lives at (the URL follows the chart). */
import type { SnapshotFrom } from 'xstate';
import type { TopUpField, TopUpMachine } from '../../machines/topUp.machine';
import type { Text } from '../ui/text';

type Snapshot = SnapshotFrom<TopUpMachine>;

export const TOP_UP_FORM_PATH = '/personal/pay/changeAccount';
export const TOP_UP_CONFIRM_PATH = '/personal/pay/confirmPay';
export const topUpStatusPath = (orderNo: string) => `/personal/pay/payStatus/${encodeURIComponent(orderNo)}`;

/** Where the chart's state lives; null while it is opening or reading a top-up (the URL stays). */
export function urlFor(s: Snapshot): string | null {
  if (s.matches('editing') || s.matches('creating')) return TOP_UP_FORM_PATH;
  if (s.matches('paying')) return TOP_UP_CONFIRM_PATH;
  const orderNo = s.context.topUp?.orderNo;
  if (orderNo && (s.matches('paid') || s.matches('failed') || s.matches('expired'))) return topUpStatusPath(orderNo);
  return null;
}

/** A field's messages: the form's own rules are i18n keys, the gateway's refusal its own words. */
export const fieldTexts = (s: Snapshot, field: TopUpField): Text[] =>
  (s.context.fieldErrors[field] ?? []).map((m) => (/^[a-z]+:[\w.]+$/i.test(m) ? { key: m } : { text: m }));
