/** The job kinds of the tracking area (decision 0006), gathered with every area's by jobs/handlers.ts. */
import type { GiveUpPayload, JobHandler } from '../jobs/types';
import { TRACKING_CODE_JOB, trackingCodeEmailJob, trackingCodeGivenUp } from './codes';

export const trackingJobHandlers: Record<string, JobHandler> = {
  /** {codeId, orderNo, email, lang, code}: enqueued by /tracking's send-code for every pair, matched or not. */
  [TRACKING_CODE_JOB]: trackingCodeEmailJob,
};

/** What a tracking code email that gave up keeps (no code). */
export const trackingJobGiveUps: Record<string, GiveUpPayload> = {
  [TRACKING_CODE_JOB]: trackingCodeGivenUp,
};
