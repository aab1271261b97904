/**
 * The eSIM profile provider (an SM-DP+ server, GSMA SGP.22): allocates a downloadable profile for an ICCID and
 * answers the parts of the GSMA activation code. Allocation is idempotent on the ICCID: asking again answers the
 * same profile. It fails when no profile can be had (the real one: its pool for our issuer is empty).
 */
export interface EsimProfile { iccid: string; smdpAddress: string; matchingId: string }

export type SmdpErrorCode = 'ESIM_ALLOCATION_FAILED' | 'INVALID_ICCID';

export class SmdpError extends Error {
  constructor(readonly code: SmdpErrorCode, message: string) {
    super(message);
    this.name = 'SmdpError';
  }
}

export interface SmdpProvider {
  /** Idempotent on iccid. Throws SmdpError 'ESIM_ALLOCATION_FAILED' when no profile can be had. */
  allocateProfile(req: { iccid: string; reference: string; email: string }): Promise<EsimProfile>;
}

/** "LPA:1$<SM-DP+ address>$<matching id>" (GSMA SGP.22 activation code), the text of the eSIM QR code. */
export const activationCodeText = (p: Pick<EsimProfile, 'smdpAddress' | 'matchingId'>) => `LPA:1$${p.smdpAddress}$${p.matchingId}`;
