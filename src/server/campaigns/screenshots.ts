/**
 * Campaign screenshots (spec section 6: "Staff review IDs and screenshots"), under the dual number's image rules
 * (src/server/images): judged by their content (JPG only, at most 1 MB), stored re-encoded without their metadata and
 * sealed at rest (AES-256-GCM) bound to their row, owner and slot. Readable by their owner and by staff; nobody else
 * learns one exists.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { ScreenshotSlot } from '../../contract/campaigns';
import type { Deps } from '../context';
import { campaignImages } from '../db/schema';
import { openSealed, sealUpload } from '../images';
import { enforce, hit, RULES } from '../limits';

const aadOf = (row: { ref: string; customerId: number; slot: string }) => `campaign-image:${row.ref}:${row.customerId}:${row.slot}`;

export async function uploadScreenshot(deps: Deps, input: { customerId: number; slot: ScreenshotSlot; body: unknown }) {
  // Checked and counted in one step (every gateway, parallel uploads included); refused files count too.
  await enforce(deps.limits, [hit(RULES.campaignShotDay, `customer:${input.customerId}`)]);
  const image = await sealUpload(deps, input.body, input.slot, (ref) => aadOf({ ref, customerId: input.customerId, slot: input.slot }));
  await deps.db.insert(campaignImages).values({
    ref: image.ref, customerId: input.customerId, slot: input.slot, sealed: image.sealed, width: image.width, height: image.height,
    bytes: image.bytes, createdAt: deps.clock.now(),
  });
  return { ref: image.ref, slot: input.slot, width: image.width, height: image.height, bytes: image.bytes };
}

type ImageRow = typeof campaignImages.$inferSelect;
const open = (deps: Deps, row: ImageRow | undefined): Buffer => openSealed(deps, row?.sealed, row ? aadOf(row) : '');

/** The customer's own screenshot; anybody else's or an unknown reference: noRecord (404), the same answer. */
export async function ownScreenshot(deps: Deps, customerId: number, ref: string): Promise<Buffer> {
  const [row] = await deps.db.select().from(campaignImages).where(and(eq(campaignImages.ref, ref), eq(campaignImages.customerId, customerId), isNull(campaignImages.deletedAt)));
  return open(deps, row);
}

/** The screenshots of a participation in the order they were sent (groups first, then the post). */
export const screenshotsOf = (deps: Deps, rewardId: number) =>
  deps.db.select().from(campaignImages).where(and(eq(campaignImages.rewardId, rewardId), isNull(campaignImages.deletedAt))).orderBy(asc(campaignImages.id));

/** The n-th screenshot of a participation, for staff. */
export async function rewardScreenshot(deps: Deps, rewardId: number, n: number): Promise<Buffer> {
  return open(deps, (await screenshotsOf(deps, rewardId))[n]);
}
