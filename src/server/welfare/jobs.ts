/**
 * Bank card points on the server's clock (decision 0043; one run per payment and per participation, by dedupe key):
 * - welfare.cardPaid {paymentId, paidAt}: a settled card payment, enqueued by the payments area in the paying
 *   transaction, looked at for cashback.
 * - welfare.close {participationId}: an hour after the edition's end, a participation still earning ends.
 */
import type { JobHandler } from '../jobs/types';
import { WELFARE_CARD_PAID_JOB, WELFARE_CLOSE_JOB } from './jobRequests';
import { closeParticipation, earnCashback } from './service';

const cardPaid: JobHandler = async (deps, job) => {
  await earnCashback(deps, Number(job.payload.paymentId), new Date(String(job.payload.paidAt)));
};

const close: JobHandler = async (deps, job) => { await closeParticipation(deps, Number(job.payload.participationId)); };

export const welfareJobHandlers: Record<string, JobHandler> = { [WELFARE_CARD_PAID_JOB]: cardPaid, [WELFARE_CLOSE_JOB]: close };
