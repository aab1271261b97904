/**
 * A customer's image as the product keeps it (the dual number's ID photos, campaign screenshots): judged by its content
 * (intake.ts: JPG only, at most 1 MB, re-encoded without metadata), refused with the spec's messages next to its field
 * ("only JPG", "max 1MB", "picture upload failed"), and sealed at rest (seal.ts) bound to what the owner's area names
 * it by (its row, owner and slot), so a blob copied elsewhere does not open.
 */
import { randomBytes } from 'node:crypto';
import type { Deps } from '../context';
import { GatewayError } from '../http/errors';
import { intakeJpeg, type ImageRefusal } from './intake';
import { imageKeyFrom, openImage, sealImage } from './seal';

const REFUSALS: Record<ImageRefusal, 'imageOnlyJpg' | 'imageTooLarge' | 'imageUploadFailed'> = {
  onlyJpg: 'imageOnlyJpg', tooLarge: 'imageTooLarge', uploadFailed: 'imageUploadFailed',
};

const keys = new Map<string, Buffer>();
const keyOf = (deps: Pick<Deps, 'config'>) => {
  let key = keys.get(deps.config.codePepper);
  if (!key) keys.set(deps.config.codePepper, (key = imageKeyFrom(deps.config.codePepper)));
  return key;
};

export interface SealedImage { ref: string; sealed: Buffer; width: number; height: number; bytes: number }

/** An upload's body judged and sealed under a new reference; `aadOf` binds the seal to what the caller stores it as. */
export async function sealUpload(deps: Pick<Deps, 'config'>, body: unknown, field: string, aadOf: (ref: string) => string): Promise<SealedImage> {
  const intake = await intakeJpeg(Buffer.isBuffer(body) ? body : Buffer.alloc(0));
  if (!intake.ok) throw new GatewayError(REFUSALS[intake.reason], { data: { field } });
  const ref = randomBytes(18).toString('base64url');
  return { ref, sealed: sealImage(keyOf(deps), intake.jpeg, aadOf(ref)), width: intake.width, height: intake.height, bytes: intake.jpeg.length };
}

/** A stored image opened; none (unknown, deleted, another owner's): noRecord (404), the same answer for each. */
export function openSealed(deps: Pick<Deps, 'config'>, sealed: Buffer | null | undefined, aad: string): Buffer {
  if (!sealed) throw new GatewayError('noRecord');
  return openImage(keyOf(deps), sealed, aad);
}
