/**
 * Campaign screenshots (spec section 6: "Staff review IDs and screenshots"), under the dual number's image rules
 * (src/server/images): judged by their content (JPG only, at most 1 MB), stored re-encoded without their metadata and
 * sealed at rest (AES-256-GCM) bound to their row, owner and slot. Readable by their owner and by staff; nobody else
 * learns one exists.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { ScreenshotSlot } from '../../contract/campaigns';
import type { Deps } from '../context';
import { campaignImages } from '../db/schema';
import { GatewayError } from '../http/errors';
import { imageKeyFrom, intakeJpeg, openImage, sealImage, type ImageRefusal } from '../images';
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
const aadOf = (row: { ref: string; customerId: number; slot: string }) => `campaign-image:${row.ref}:${row.customerId}:${row.slot}`;

export async function uploadScreenshot(deps: Deps, input: { customerId: number; slot: ScreenshotSlot; body: unknown }) {
  const bytes = Buffer.isBuffer(input.body) ? input.body : Buffer.alloc(0);
  // Checked and counted in one step (every gateway, parallel uploads included); refused files count too.
  await enforce(deps.limits, [hit(RULES.campaignShotDay, `customer:${input.customerId}`)]);
  const intake = await intakeJpeg(bytes);
  if (!intake.ok) throw new GatewayError(REFUSALS[intake.reason], { data: { field: input.slot } });
  const ref = randomBytes(18).toString('base64url');
  const row = { ref, customerId: input.customerId, slot: input.slot };
  await deps.db.insert(campaignImages).values({
    ...row, sealed: sealImage(keyOf(deps), intake.jpeg, aadOf(row)), width: intake.width, height: intake.height,
    bytes: intake.jpeg.length, createdAt: deps.clock.now(),
  });
  return { ref, slot: input.slot, width: intake.width, height: intake.height, bytes: intake.jpeg.length };
}

type ImageRow = typeof campaignImages.$inferSelect;
const open = (deps: Deps, row: ImageRow | undefined): Buffer => {
  if (!row?.sealed) throw new GatewayError('noRecord');
  return openImage(keyOf(deps), row.sealed, aadOf(row));
};

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
