/**
 * The eSIM profile provider (an SM-DP+ server): allocates a downloadable profile for an ICCID and answers
 * the GSMA activation code parts. The sandbox keeps profiles on the `sims` rows and fails on a documented test
 * value, like the real one fails when its profile pool is empty.
 */
export interface EsimProfile { iccid: string; smdpAddress: string; matchingId: string }

export interface SmdpProvider {
  /** Idempotent on iccid. Throws an Error with code 'ESIM_ALLOCATION_FAILED' when no profile can be had. */
  allocateProfile(req: { iccid: string; reference: string; email: string }): Promise<EsimProfile>;
}

/** "LPA:1$<SM-DP+ address>$<matching id>" (GSMA SGP.22 activation code), the text of the eSIM QR code. */
export const activationCodeText = (p: Pick<EsimProfile, 'smdpAddress' | 'matchingId'>) => `LPA:1$${p.smdpAddress}$${p.matchingId}`;
