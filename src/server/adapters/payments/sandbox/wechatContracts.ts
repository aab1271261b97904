/**
 * WeChat Pay papay contracts (委托代扣) in the sandbox (decision 0046). The merchant opens a signing session for its
 * contract_code; the payer signs or declines it on the sandbox's phone page within an hour, then goes back to the
 * merchant's return page. A signed contract lets the merchant take deductions (the payer does not scan anything); the
 * payer can terminate it "in WeChat" (the same phone page), the merchant by the API. Deductions are orders of
 * sandbox_wechat_orders with the contract's id: queried, closed, refunded and notified exactly like Native orders.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Clock } from '../../../clock';
import type { Db } from '../../../db/database';
import { sandboxWechatContracts, sandboxWechatOrders } from '../../../db/schema';
import { transactionId, type WechatError, type WechatOrderRow } from './wechatOrders';

export const SIGNING_LIFETIME_MS = 60 * 60_000;

export type ContractRow = typeof sandboxWechatContracts.$inferSelect;
/** What a query answers: a session past its hour unsigned is EXPIRED. */
export type ContractState = 'PENDING' | 'SIGNED' | 'DECLINED' | 'EXPIRED' | 'TERMINATED';

export const contractStateOf = (row: ContractRow, now: Date): ContractState =>
  row.state === 'PENDING' && row.expiresAt.getTime() <= now.getTime() ? 'EXPIRED' : row.state;

const lock = (tx: Db, key: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sandbox-wechat:${key}`}))`);

/** WeChat Pay's contract ids: digits, here 20 starting 20. */
const contractId = () => `20${Array.from({ length: 18 }, () => randomInt(10)).join('')}`;

async function byCode(db: Db, contractCode: string): Promise<ContractRow | null> {
  const [row] = await db.select().from(sandboxWechatContracts).where(eq(sandboxWechatContracts.contractCode, contractCode));
  return row ?? null;
}

export async function contractByCode(db: Db, contractCode: string): Promise<ContractRow | null> {
  return byCode(db, contractCode);
}

export async function contractByToken(db: Db, signToken: string): Promise<ContractRow | null> {
  const [row] = await db.select().from(sandboxWechatContracts).where(eq(sandboxWechatContracts.signToken, signToken));
  return row ?? null;
}

export interface NewSigning { contractCode: string; displayAccount: string; returnUrl: string }

/** A signing session per contract_code; asking again with the same request answers the same one while it can be signed. */
export async function preEntrust(db: Db, clock: Clock, req: NewSigning): Promise<{ contract: ContractRow } | { error: WechatError }> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await lock(tx, `contract:${req.contractCode}`);
    const now = clock.now();
    const found = await byCode(tx, req.contractCode);
    if (found) {
      if (contractStateOf(found, now) !== 'PENDING') return { error: { status: 400, code: 'CONTRACT_CODE_USED', message: '签约协议号已使用' } };
      const same = found.displayAccount === req.displayAccount && found.returnUrl === req.returnUrl;
      if (!same) return { error: { status: 400, code: 'INVALID_REQUEST', message: '签约协议号重复，且请求参数与首次请求不一致' } };
      return { contract: found };
    }
    const [contract] = await tx.insert(sandboxWechatContracts).values({
      contractCode: req.contractCode, signToken: randomBytes(12).toString('base64url'), displayAccount: req.displayAccount,
      returnUrl: req.returnUrl, state: 'PENDING', expiresAt: new Date(now.getTime() + SIGNING_LIFETIME_MS), createdAt: now,
    }).returning();
    return { contract: contract! };
  });
}

/** The payer signs or declines on the phone page; only a session still open moves. */
export async function signFromPhone(db: Db, clock: Clock, signToken: string, outcome: 'sign' | 'decline'): Promise<ContractRow | null> {
  const now = clock.now();
  const [moved] = await db.update(sandboxWechatContracts)
    .set(outcome === 'sign' ? { state: 'SIGNED', contractId: contractId(), signedAt: now } : { state: 'DECLINED' })
    .where(and(eq(sandboxWechatContracts.signToken, signToken), eq(sandboxWechatContracts.state, 'PENDING'), gt(sandboxWechatContracts.expiresAt, now)))
    .returning();
  return moved ?? contractByToken(db, signToken);
}

/** Ends a signed contract (the payer in WeChat, or the merchant); ending it again changes nothing. */
export async function terminate(db: Db, clock: Clock, where: { contractId: string } | { signToken: string }, by: 'USER' | 'MERCHANT'): Promise<ContractRow | null> {
  const now = clock.now();
  const match = 'contractId' in where ? eq(sandboxWechatContracts.contractId, where.contractId) : eq(sandboxWechatContracts.signToken, where.signToken);
  const [moved] = await db.update(sandboxWechatContracts).set({ state: 'TERMINATED', terminatedBy: by, terminatedAt: now })
    .where(and(match, eq(sandboxWechatContracts.state, 'SIGNED'))).returning();
  if (moved) return moved;
  const [row] = await db.select().from(sandboxWechatContracts).where(match);
  return row ?? null;
}

export interface Deduction { contractId: string; outTradeNo: string; amountCents: number; description: string; notifyUrl: string }

/**
 * A deduction under a signed contract, paid at once. The same out_trade_no with the same request answers the same
 * order (the merchant retrying never takes the money twice); a contract not signed (or terminated) refuses it.
 */
export async function applyDeduction(db: Db, clock: Clock, req: Deduction): Promise<{ order: WechatOrderRow; created: boolean } | { error: WechatError }> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await lock(tx, req.outTradeNo);
    const now = clock.now();
    const [found] = await tx.select().from(sandboxWechatOrders).where(eq(sandboxWechatOrders.outTradeNo, req.outTradeNo));
    if (found) {
      const same = found.contractId === req.contractId && found.amountCents === req.amountCents && found.description === req.description && found.notifyUrl === req.notifyUrl;
      if (!same) return { error: { status: 400, code: 'INVALID_REQUEST', message: '商户订单号重复，且请求参数与首次请求不一致' } };
      return { order: found, created: false };
    }
    const [contract] = await tx.select().from(sandboxWechatContracts).where(eq(sandboxWechatContracts.contractId, req.contractId));
    if (!contract || contract.state !== 'SIGNED') return { error: { status: 400, code: 'CONTRACT_NOT_EXIST', message: '签约协议不存在或已解约' } };
    const [order] = await tx.insert(sandboxWechatOrders).values({
      outTradeNo: req.outTradeNo, prepayId: randomBytes(9).toString('base64url'), amountCents: req.amountCents,
      description: req.description, notifyUrl: req.notifyUrl, state: 'SUCCESS', transactionId: transactionId(), paidAt: now,
      contractId: req.contractId, expiresAt: now, createdAt: now,
    }).returning();
    return { order: order!, created: true };
  });
}
