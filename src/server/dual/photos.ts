/**
 * ID photos of the real-name check (spec section 5: "images JPG only, max 1MB; hand-held, front, back required"):
 * each upload is judged by its content (src/server/images/intake.ts), stored re-encoded without its metadata, and
 * encrypted at rest with AES-256-GCM under a key of its own purpose, bound to its row, its owner and its slot: a blob
 * copied onto another row or customer does not open. Readable by its owner and by staff; nobody else learns it exists.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { UploadedImage } from '../../contract/dualNumber';
import type { IdPhotoSlot } from '../../domain/dualNumber';
import type { Deps } from '../context';
import { idImages } from '../db/schema';
import { openSealed, sealUpload } from '../images';
import { requireUsLine } from '../portal';
import { enforce, hit, RULES } from '../limits';

const aadOf = (row: { ref: string; customerId: number; slot: string }) => `id-image:${row.ref}:${row.customerId}:${row.slot}`;

export async function uploadPhoto(deps: Deps, input: { customerId: number; slot: IdPhotoSlot; body: unknown }): Promise<UploadedImage> {
  await requireUsLine(deps, input.customerId);
  // Checked and counted in one step by the limits (every gateway, parallel uploads included); refused files count too.
  await enforce(deps.limits, [hit(RULES.idPhotoDay, `customer:${input.customerId}`)]);
  const image = await sealUpload(deps, input.body, input.slot, (ref) => aadOf({ ref, customerId: input.customerId, slot: input.slot }));
  await deps.db.insert(idImages).values({
    ref: image.ref, customerId: input.customerId, slot: input.slot, sealed: image.sealed, width: image.width, height: image.height,
    bytes: image.bytes, createdAt: deps.clock.now(),
  });
  return { ref: image.ref, slot: input.slot, width: image.width, height: image.height, bytes: image.bytes };
}

type ImageRow = typeof idImages.$inferSelect;
const open = (deps: Deps, row: ImageRow | undefined): Buffer => openSealed(deps, row?.sealed, row ? aadOf(row) : '');

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
