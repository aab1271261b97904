/**
 * The WeChat Pay agreement (issue 18 section 3, decision 0046). The customer signs a papay contract at WeChat Pay from
 * /wechat-signing; WeChat Pay sends them back there. A signed agreement pays the top-ups the customer starts, at once and
 * without a QR code; it never pays an auto-renewal (spec section 4: "card or balance") or anything else. The gateway
 * learns what happened at WeChat Pay by asking it (the return page, the agreement page) and from a deduction it
 * refuses; every change of state goes through the wechatAgreement chart.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { AgreementEndReason, AgreementState, AgreementView, agreementPayRequest } from '../../contract/wechatSigning';
import type { PaymentResult } from '../../contract/payments';
import type { Language } from '../../../i18n/languages';
import type { Deps } from '../context';
import { customers, wechatAgreements } from '../db/schema';
import { GatewayError } from '../http/errors';
import { requestHash } from '../http/idempotency';
import { enforce, hit, RULES } from '../limits';
import { findOrderFor } from '../orders';
import { CONTRACT_REFUSED, payByWechatContract } from '../payments';
import { applyAgreementEvent } from './lifecycle';

export type AgreementRow = typeof wechatAgreements.$inferSelect;

/** The storefront page WeChat Pay sends the customer back to after signing. */
export const RETURN_PATH = '/wechat-signing';

async function latestOf(deps: Deps, customerId: number): Promise<AgreementRow | null> {
  const [row] = await deps.db.select().from(wechatAgreements).where(eq(wechatAgreements.customerId, customerId)).orderBy(desc(wechatAgreements.id)).limit(1);
  return row ?? null;
}

async function openOf(deps: Deps, customerId: number): Promise<AgreementRow | null> {
  const [row] = await deps.db.select().from(wechatAgreements)
    .where(and(eq(wechatAgreements.customerId, customerId), inArray(wechatAgreements.state, ['signing', 'signed'])));
  return row ?? null;
}

const reread = async (deps: Deps, id: number): Promise<AgreementRow> =>
  (await deps.db.select().from(wechatAgreements).where(eq(wechatAgreements.id, id)))[0]!;

/**
 * Brings one agreement up to date with WeChat Pay. A contract WeChat Pay holds signed for an agreement we no longer keep
 * (the signing was given up, then signed anyway) is terminated there: nothing can ever be taken with it.
 */
export async function syncWithWechat(deps: Deps, row: AgreementRow): Promise<AgreementRow> {
  const said = await deps.payments.wechat.queryContract(row.contractCode);
  const now = deps.clock.now();
  if (row.state === 'signing') {
    if (!said) {
      // WeChat Pay never opened this session (our request was cut off): past its hour it can no longer be signed.
      if (row.signExpiresAt.getTime() <= now.getTime()) await applyAgreementEvent(deps, row.id, { type: 'agreement.notSigned', reason: 'expired' });
    } else if ((said.state === 'SIGNED' || said.state === 'TERMINATED') && said.contractId) {
      await applyAgreementEvent(deps, row.id, { type: 'agreement.signed', contractId: said.contractId });
      if (said.state === 'TERMINATED') await applyAgreementEvent(deps, row.id, { type: 'agreement.terminatedAtWechat' });
    } else if (said.state === 'DECLINED' || said.state === 'EXPIRED') {
      await applyAgreementEvent(deps, row.id, { type: 'agreement.notSigned', reason: said.state === 'DECLINED' ? 'declined' : 'expired' });
    }
  } else if (row.state === 'signed' && said?.state === 'TERMINATED') {
    // Terminated by us (a cancel cut off after WeChat Pay answered) is the customer's cancel; otherwise they ended it in WeChat.
    await applyAgreementEvent(deps, row.id, { type: said.terminatedBy === 'MERCHANT' ? 'agreement.cancel' : 'agreement.terminatedAtWechat' });
  } else if ((row.state === 'notSigned' || row.state === 'terminated') && said?.state === 'SIGNED' && said.contractId) {
    await deps.payments.wechat.terminateContract(said.contractId);
  }
  return reread(deps, row.id);
}

async function viewOf(deps: Deps, customerId: number, row: AgreementRow | null): Promise<AgreementView> {
  const [customer] = await deps.db.select({ phone: customers.phone }).from(customers).where(eq(customers.id, customerId));
  return {
    agreement: row && {
      state: row.state as AgreementState,
      signUrl: row.state === 'signing' ? row.signUrl : null,
      signExpiresAt: row.signExpiresAt.toISOString(),
      account: displayAccountOf(customer?.phone ?? null, customerId),
      signedAt: row.signedAt?.toISOString() ?? null,
      endedAt: row.endedAt?.toISOString() ?? null,
      endReason: (row.endReason as AgreementEndReason | null) ?? null,
    },
    phone: customer?.phone ?? null,
  };
}

/** What WeChat Pay shows the contract is for: the customer's number, or their account number without one. */
const displayAccountOf = (phone: string | null, customerId: number) => phone ?? `LB${String(customerId).padStart(8, '0')}`;

/**
 * The customer's agreement, asked of WeChat Pay while it is signing or signed (and the one the return page names, so
 * a contract signed after it was given up is ended there). WeChat Pay not answering leaves what is known.
 */
export async function agreementView(deps: Deps, customerId: number, returnedCode: string | null): Promise<AgreementView> {
  let row = await latestOf(deps, customerId);
  const named = returnedCode && row?.contractCode !== returnedCode
    ? (await deps.db.select().from(wechatAgreements).where(and(eq(wechatAgreements.customerId, customerId), eq(wechatAgreements.contractCode, returnedCode))))[0]
    : undefined;
  try {
    if (named) await syncWithWechat(deps, named);
    if (row && (row.state === 'signing' || row.state === 'signed' || row.contractCode === returnedCode)) row = await syncWithWechat(deps, row);
  } catch (err) {
    deps.log?.warn({ err, customerId }, 'WeChat Pay did not answer about an agreement; showing what is known');
  }
  return viewOf(deps, customerId, row);
}

export interface SignInput { customerId: number; lang: Language; storefront: string }

/** Starts signing; a customer with an agreement signing (link still valid) or signed gets that one back. */
export async function startSigning(deps: Deps, input: SignInput): Promise<AgreementView> {
  const { customerId } = input;
  let open = await openOf(deps, customerId);
  if (open?.state === 'signing') open = await syncWithWechat(deps, open);
  if (open && (open.state === 'signed' || (open.state === 'signing' && open.signExpiresAt.getTime() > deps.clock.now().getTime()))) {
    return viewOf(deps, customerId, open);
  }
  await enforce(deps.limits, [hit(RULES.wechatSignDay, `customer:${customerId}`)]);
  const [customer] = await deps.db.select({ phone: customers.phone }).from(customers).where(eq(customers.id, customerId));
  const contractCode = `LBA${randomBytes(12).toString('hex').toUpperCase()}`;
  // WeChat Pay first, outside any transaction: the row is written only with a session to sign.
  const session = await deps.payments.wechat.preEntrust({
    contractCode, displayAccount: displayAccountOf(customer?.phone ?? null, customerId), lang: input.lang,
    returnUrl: `${input.storefront}${RETURN_PATH}?agreement=${contractCode}`,
  });
  const now = deps.clock.now();
  const [created] = await deps.db.insert(wechatAgreements).values({
    customerId, contractCode, state: 'signing', signUrl: session.signUrl, signExpiresAt: session.expiresAt, lang: input.lang, createdAt: now,
  }).onConflictDoNothing().returning();
  if (created) return viewOf(deps, customerId, created);
  // Another request of this customer opened one meanwhile (one signing or signed per customer): that one stands.
  return viewOf(deps, customerId, await openOf(deps, customerId));
}

/** Cancels: a signed agreement is terminated at WeChat Pay, then ended here; a signing is given up. Again: the same answer. */
export async function cancelAgreement(deps: Deps, customerId: number): Promise<AgreementView> {
  let open = await openOf(deps, customerId);
  if (!open) {
    const latest = await latestOf(deps, customerId);
    if (!latest) throw new GatewayError('noRecord');
    return viewOf(deps, customerId, latest);
  }
  if (open.state === 'signing') open = await syncWithWechat(deps, open);
  if (open.state === 'signing') {
    await applyAgreementEvent(deps, open.id, { type: 'agreement.abandon' });
  } else if (open.state === 'signed' && open.contractId) {
    await deps.payments.wechat.terminateContract(open.contractId);
    await applyAgreementEvent(deps, open.id, { type: 'agreement.cancel' });
  }
  return viewOf(deps, customerId, await reread(deps, open.id));
}

export interface AgreementPayInput { customerId: number; body: z.output<typeof agreementPayRequest>; key: string; notifyUrl: string }

/** Pays one of the customer's own top-ups under the signed agreement (never another kind of order). */
export async function payWithAgreement(deps: Deps, input: AgreementPayInput): Promise<PaymentResult> {
  const { customerId } = input;
  const order = await findOrderFor(deps, input.body.orderNo, { customerId, orderToken: null });
  if (order.kind !== 'topup') throw new GatewayError('agreementTopUpsOnly');
  const open = await openOf(deps, customerId);
  if (open?.state !== 'signed' || !open.contractId) throw new GatewayError('agreementNotSigned');
  const result = await payByWechatContract(deps, order, {
    key: input.key, requestHash: requestHash(input.body, customerId), customerId, contractId: open.contractId, notifyUrl: input.notifyUrl,
  });
  if (result === CONTRACT_REFUSED) {
    await applyAgreementEvent(deps, open.id, { type: 'agreement.terminatedAtWechat' });
    throw new GatewayError('agreementEnded');
  }
  return result;
}
