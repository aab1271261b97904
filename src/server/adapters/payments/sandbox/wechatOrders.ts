/**
 * WeChat Pay Native orders in the sandbox: an order per out_trade_no, payable by scanning its code_url for two
 * hours (then closed, as WeChat Pay closes unpaid orders at time_expire). Asking again for an unpaid order with
 * the same request answers the same code_url; a paid, closed or failed one refuses, as WeChat Pay does.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Clock } from '../../../clock';
import type { Db } from '../../../db/database';
import { sandboxWechatOrders } from '../../../db/schema';

export const CODE_URL_LIFETIME_MS = 2 * 60 * 60_000;

export type WechatOrderRow = typeof sandboxWechatOrders.$inferSelect;

export interface WechatError { status: number; code: string; message: string }

export interface NewNativeOrder { outTradeNo: string; amountCents: number; description: string; notifyUrl: string }

export const codeUrlOf = (order: WechatOrderRow): string => `weixin://wxpay/bizpayurl?pr=${order.prepayId}`;

const lock = (tx: Db, outTradeNo: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sandbox-wechat:${outTradeNo}`}))`);

/** WeChat Pay's transaction ids: 28 digits starting 42. */
export const transactionId = () => `42${Array.from({ length: 26 }, () => randomInt(10)).join('')}`;

/** An unpaid order past its time_expire is closed the moment anyone looks at it. */
async function closeIfExpired(db: Db, order: WechatOrderRow, now: Date): Promise<WechatOrderRow> {
  if (order.state !== 'NOTPAY' || order.expiresAt.getTime() > now.getTime()) return order;
  const [closed] = await db.update(sandboxWechatOrders).set({ state: 'CLOSED' })
    .where(and(eq(sandboxWechatOrders.outTradeNo, order.outTradeNo), eq(sandboxWechatOrders.state, 'NOTPAY'), lte(sandboxWechatOrders.expiresAt, now)))
    .returning();
  return closed ?? (await findOrder(db, order.outTradeNo))!;
}

async function findOrder(db: Db, outTradeNo: string): Promise<WechatOrderRow | null> {
  const [row] = await db.select().from(sandboxWechatOrders).where(eq(sandboxWechatOrders.outTradeNo, outTradeNo));
  return row ?? null;
}

export async function createNativeOrder(db: Db, clock: Clock, req: NewNativeOrder): Promise<{ order: WechatOrderRow } | { error: WechatError }> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await lock(tx, req.outTradeNo);
    const now = clock.now();
    const found = await findOrder(tx, req.outTradeNo);
    if (found) {
      const existing = await closeIfExpired(tx, found, now);
      if (existing.state === 'SUCCESS' || existing.state === 'REFUND') return { error: { status: 400, code: 'ORDERPAID', message: '该订单已支付' } };
      if (existing.state !== 'NOTPAY') return { error: { status: 400, code: 'ORDER_CLOSED', message: '订单已关闭' } };
      const same = existing.amountCents === req.amountCents && existing.description === req.description && existing.notifyUrl === req.notifyUrl;
      if (!same) return { error: { status: 400, code: 'INVALID_REQUEST', message: '商户订单号重复，且请求参数与首次请求不一致' } };
      return { order: existing };
    }
    const [order] = await tx.insert(sandboxWechatOrders).values({
      outTradeNo: req.outTradeNo, prepayId: randomBytes(9).toString('base64url'), amountCents: req.amountCents,
      description: req.description, notifyUrl: req.notifyUrl, state: 'NOTPAY',
      expiresAt: new Date(now.getTime() + CODE_URL_LIFETIME_MS), createdAt: now,
    }).returning();
    return { order: order! };
  });
}

export async function queryOrder(db: Db, clock: Clock, outTradeNo: string): Promise<WechatOrderRow | null> {
  const order = await findOrder(db, outTradeNo);
  return order && closeIfExpired(db, order, clock.now());
}

export async function orderByCode(db: Db, clock: Clock, prepayId: string): Promise<WechatOrderRow | null> {
  const [order] = await db.select().from(sandboxWechatOrders).where(eq(sandboxWechatOrders.prepayId, prepayId));
  return order ? closeIfExpired(db, order, clock.now()) : null;
}

/** Closing an unpaid (or failed) order; a paid one cannot be closed (ORDERPAID). Closing twice is fine. */
export async function closeOrder(db: Db, clock: Clock, outTradeNo: string): Promise<{ order: WechatOrderRow } | { error: WechatError }> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await lock(tx, outTradeNo);
    const found = await findOrder(tx, outTradeNo);
    if (!found) return { error: { status: 404, code: 'ORDER_NOT_EXIST', message: '订单不存在' } };
    const order = await closeIfExpired(tx, found, clock.now());
    if (order.state === 'SUCCESS' || order.state === 'REFUND') return { error: { status: 400, code: 'ORDERPAID', message: '该订单已支付' } };
    const [closed] = await tx.update(sandboxWechatOrders).set({ state: 'CLOSED' }).where(eq(sandboxWechatOrders.outTradeNo, outTradeNo)).returning();
    return { order: closed! };
  });
}

/** The buyer's phone pays, or the payment fails there (PAYERROR). Only an unpaid, unexpired order moves. */
export async function settleFromPhone(db: Db, clock: Clock, prepayId: string, outcome: 'pay' | 'fail'): Promise<{ order: WechatOrderRow; moved: boolean } | null> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [found] = await tx.select().from(sandboxWechatOrders).where(eq(sandboxWechatOrders.prepayId, prepayId));
    if (!found) return null;
    await lock(tx, found.outTradeNo);
    const now = clock.now();
    const order = await closeIfExpired(tx, (await findOrder(tx, found.outTradeNo))!, now);
    if (order.state !== 'NOTPAY') return { order, moved: false };
    const [moved] = await tx.update(sandboxWechatOrders)
      .set(outcome === 'pay' ? { state: 'SUCCESS', transactionId: transactionId(), paidAt: now } : { state: 'PAYERROR' })
      .where(eq(sandboxWechatOrders.outTradeNo, order.outTradeNo)).returning();
    return { order: moved!, moved: true };
  });
}

/** A paid order refunded in full, at most once: asking again answers the same refund. */
export async function refundOrder(db: Db, clock: Clock, req: { outTradeNo: string; outRefundNo: string; amountCents: number }): Promise<{ order: WechatOrderRow } | { error: WechatError }> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await lock(tx, req.outTradeNo);
    const found = await findOrder(tx, req.outTradeNo);
    if (!found) return { error: { status: 404, code: 'RESOURCE_NOT_EXISTS', message: '订单不存在' } };
    const order = await closeIfExpired(tx, found, clock.now());
    if (order.state !== 'SUCCESS' && order.state !== 'REFUND') return { error: { status: 400, code: 'INVALID_REQUEST', message: '订单未支付，无法退款' } };
    if (req.amountCents !== order.amountCents) return { error: { status: 400, code: 'INVALID_REQUEST', message: '沙箱仅支持全额退款' } };
    if (order.state === 'REFUND') return { order };
    const [refunded] = await tx.update(sandboxWechatOrders).set({ state: 'REFUND' }).where(eq(sandboxWechatOrders.outTradeNo, order.outTradeNo)).returning();
    return { order: refunded! };
  });
}

/** Counts a delivered (acknowledged) notification. */
export async function countNotification(db: Db, outTradeNo: string): Promise<number> {
  const [row] = await db.update(sandboxWechatOrders).set({ notifications: sql`${sandboxWechatOrders.notifications} + 1` })
    .where(eq(sandboxWechatOrders.outTradeNo, outTradeNo)).returning({ notifications: sandboxWechatOrders.notifications });
  return row?.notifications ?? 0;
}

export async function paidOrdersAwaitingNotice(db: Db, copies: number, since: Date): Promise<WechatOrderRow[]> {
  return db.select().from(sandboxWechatOrders).where(and(
    eq(sandboxWechatOrders.state, 'SUCCESS'), sql`${sandboxWechatOrders.notifications} < ${copies}`, sql`${sandboxWechatOrders.paidAt} > ${since}`,
  ));
}
