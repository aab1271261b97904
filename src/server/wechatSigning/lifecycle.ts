/**
 * The WeChat Pay agreement's lifecycle (machines/wechatAgreement.machine.ts) on its row of wechat_agreements, applied
 * through applyLifecycleEvent: the row locked, the chart's pure transition deciding, the named actions in the same
 * transaction, and a state_history row.
 */
import { eq } from 'drizzle-orm';
import { wechatAgreementMachine, type WechatAgreementEvent } from '../../../machines/wechatAgreement.machine';
import type { AgreementEndReason } from '../../contract/wechatSigning';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { wechatAgreements } from '../db/schema';
import { applyLifecycleEvent, type AppliedEvent } from '../db/lifecycle';
import { GatewayError } from '../http/errors';

const endReasonOf = (event: WechatAgreementEvent): AgreementEndReason => {
  switch (event.type) {
    case 'agreement.notSigned': return event.reason;
    case 'agreement.abandon': return 'abandoned';
    case 'agreement.cancel': return 'customer';
    default: return 'wechat';
  }
};

/**
 * Applies one event; null when the chart refuses it (the agreement moved meanwhile: another request or page was
 * first), so callers re-read the row rather than fail.
 */
export async function applyAgreementEvent(deps: Deps, agreementId: number, event: WechatAgreementEvent, db: Db = deps.db): Promise<AppliedEvent | null> {
  const now = deps.clock.now();
  try {
    return await applyLifecycleEvent<WechatAgreementEvent>(db, {
      chart: 'wechatAgreement', machine: wechatAgreementMachine, entityRef: String(agreementId), event, at: now,
      store: {
        async load(tx) {
          const [row] = await tx.select({ state: wechatAgreements.state }).from(wechatAgreements).where(eq(wechatAgreements.id, agreementId)).for('update');
          return row?.state ?? null;
        },
        async save(tx, state) { await tx.update(wechatAgreements).set({ state }).where(eq(wechatAgreements.id, agreementId)); },
      },
      actions: {
        async recordContract(tx, e) {
          if (e.type === 'agreement.signed') await tx.update(wechatAgreements).set({ contractId: e.contractId, signedAt: now }).where(eq(wechatAgreements.id, agreementId));
        },
        async recordEnd(tx, e) {
          await tx.update(wechatAgreements).set({ endedAt: now, endReason: endReasonOf(e) }).where(eq(wechatAgreements.id, agreementId));
        },
      },
      rejectWith: 'noRecord', missingWith: 'noRecord',
    });
  } catch (err) {
    if (err instanceof GatewayError && err.code === 'noRecord') return null;
    throw err;
  }
}
