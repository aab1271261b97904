/** A payment as the buyer reads it (contract paymentResult). */
import { and, desc, eq, sql } from 'drizzle-orm';
import { paymentFailure, type PaymentResult } from '../../contract/payments';
import type { CardDetails } from '../adapters/payments/types';
import type { Db } from '../db/database';
import { payments } from '../db/schema';

export type PaymentRow = typeof payments.$inferSelect;
export type WechatQr = NonNullable<PaymentResult['wechat']>;

const STATUS = { pending: 'pending', succeeded: 'paid', failed: 'failed' } as const;

/** The payment columns a card's brand, last four, expiry and fingerprint (decision 0043) go in; none without a card. */
export const cardColumns = (card: CardDetails | null | undefined) => (card
  ? {
    cardBrand: card.brand, cardLast4: card.last4, cardExpMonth: card.expMonth, cardExpYear: card.expYear,
    // A provider's answer without a fingerprint leaves the one the attempt already had (its saved card's).
    ...(card.fingerprint ? { cardFingerprint: card.fingerprint } : {}),
  }
  : {});

export function paymentResultOf(p: PaymentRow, wechat: WechatQr | null = null): PaymentResult {
  const failure = paymentFailure.safeParse(p.failureCode);
  return {
    reference: p.payableRef,
    status: STATUS[p.status],
    amountCents: p.amountCents,
    method: p.method,
    // Our own bookkeeping codes (a duplicate given back, an attempt the provider never got) read as no reason.
    failure: failure.success ? failure.data : null,
    card: p.cardBrand && p.cardLast4 && p.cardExpMonth && p.cardExpYear
      ? { brand: p.cardBrand, last4: p.cardLast4, expMonth: p.cardExpMonth, expYear: p.cardExpYear }
      : null,
    wechat,
    savedCardId: p.savedCardId,
  };
}

export async function paymentByKey(db: Db, key: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.idempotencyKey, key));
  return row ?? null;
}

export async function paymentById(db: Db, id: number): Promise<PaymentRow> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  if (!row) throw new Error(`payment ${id} vanished`);
  return row;
}

/** The attempt that paid the order if there is one (a later duplicate being given back does not hide it), else the latest. */
export async function latestOrderPayment(db: Db, orderNo: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments)
    .where(and(eq(payments.payableKind, 'order'), eq(payments.payableRef, orderNo)))
    .orderBy(sql`${payments.status} = 'succeeded' desc`, desc(payments.id)).limit(1);
  return row ?? null;
}
