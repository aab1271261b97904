/**
 * ID photos of the real-name check (spec section 5: "images JPG only, max 1MB; hand-held, front, back required"):
 * each upload is judged by its content (src/server/images/intake.ts), stored re-encoded without its metadata, and
 * encrypted at rest with AES-256-GCM under a key of its own purpose, bound to its row, its owner and its slot: a blob
 * copied onto another row or customer does not open. Readable by its owner and by staff; nobody else learns it exists.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { UploadedImage } from '../../contract/dualNumber';
import type { IdPhotoSlot } from '../../domain/dualNumber';
import type { Deps } from '../context';
import { idImages } from '../db/schema';
import { GatewayError } from '../http/errors';
import { imageKeyFrom, intakeJpeg, openImage, sealImage, type ImageRefusal } from '../images';
import { requireUsLine } from '../portal';
import { enforce, hit, RULES } from '../limits';


const REFUSALS: Record<ImageRefusal, 'imageOnlyJpg' | 'imageTooLarge' | 'imageUploadFailed'> = {
  onlyJpg: 'imageOnlyJpg', tooLarge: 'imageTooLarge', uploadFailed: 'imageUploadFailed',
};

const keys = new Map<string, Buffer>();
const keyOf = (deps: Deps) => {
  let key = keys.get(deps.config.codePepper);
  if (!key) keys.set(deps.config.codePepper, (key = imageKeyFrom(deps.config.codePepper)));
  return key;
};
const aadOf = (row: { ref: string; customerId: number; slot: string }) => `id-image:${row.ref}:${row.customerId}:${row.slot}`;

export async function uploadPhoto(deps: Deps, input: { customerId: number; slot: IdPhotoSlot; body: unknown }): Promise<UploadedImage> {
  await requireUsLine(deps, input.customerId);
  const bytes = Buffer.isBuffer(input.body) ? input.body : Buffer.alloc(0);
  // Checked and counted in one step by the limits (every gateway, parallel uploads included); refused files count too.
  await enforce(deps.limits, [hit(RULES.idPhotoDay, `customer:${input.customerId}`)]);
  const intake = await intakeJpeg(bytes);
  if (!intake.ok) throw new GatewayError(REFUSALS[intake.reason], { data: { field: input.slot } });
  const ref = randomBytes(18).toString('base64url');
  const row = { ref, customerId: input.customerId, slot: input.slot };
  await deps.db.insert(idImages).values({
    ...row, sealed: sealImage(keyOf(deps), intake.jpeg, aadOf(row)), width: intake.width, height: intake.height,
    bytes: intake.jpeg.length, createdAt: deps.clock.now(),
  });
  return { ref, slot: input.slot, width: intake.width, height: intake.height, bytes: intake.jpeg.length };
}

type ImageRow = typeof idImages.$inferSelect;
const open = (deps: Deps, row: ImageRow | undefined): Buffer => {
  if (!row?.sealed) throw new GatewayError('noRecord');
  return openImage(keyOf(deps), row.sealed, aadOf(row));
};

/** The customer's own photo; anybody else's, a deleted one or an unknown reference: noRecord (404), the same answer. */
export async function ownPhoto(deps: Deps, customerId: number, ref: string): Promise<Buffer> {
  // Decision 0002, like every dual-number route: an account without a US line of its own is refused first.
  await requireUsLine(deps, customerId);
  const [row] = await deps.db.select().from(idImages).where(and(eq(idImages.ref, ref), eq(idImages.customerId, customerId), isNull(idImages.deletedAt)));
  return open(deps, row);
}

/** A photo of an application, for staff. */
export async function applicationPhoto(deps: Deps, applicationId: number, slot: IdPhotoSlot): Promise<Buffer> {
  const [row] = await deps.db.select().from(idImages).where(and(eq(idImages.applicationId, applicationId), eq(idImages.slot, slot), isNull(idImages.deletedAt)));
  return open(deps, row);
}
