/**
 * What the customer sees of an activation (step 3, /personal): its SIM, number, port-in state without the secrets,
 * and the account's referral code and link (spec section 3, Account: "referral code (4 characters), link, QR code").
 * Read with the card's activation token or by the logged-in owner.
 */
import { desc, eq } from 'drizzle-orm';
import type { ActivationView } from '../../contract/activation';
import type { Deps } from '../context';
import { activations, portIns, sims } from '../db/schema';
import { GatewayError } from '../http/errors';
import { iccidOfToken, simStatusOf } from './check';
import { siteUrl } from '../messages';
import { referralCodeOf } from '../accounts';

export type ActivationRow = typeof activations.$inferSelect;
export type PortInRow = typeof portIns.$inferSelect;

export const maskEmail = (email: string): string => email.replace(/^(.)[^@]*(@.*)$/, '$1***$2');

/** "A recommendCode query parameter opens a promo dialog" (spec section 2, Header and footer). */
export const referralLink = (deps: Deps, code: string): string => `${siteUrl(deps)}/?recommendCode=${encodeURIComponent(code)}`;

export async function activationView(deps: Deps, activation: ActivationRow): Promise<ActivationView> {
  const [sim] = await deps.db.select({ status: sims.status }).from(sims).where(eq(sims.iccid, activation.iccid));
  const [portIn] = await deps.db.select().from(portIns).where(eq(portIns.activationId, activation.id));
  const code = await referralCodeOf(deps, activation.customerId);
  return {
    activationId: activation.publicId,
    iccid: activation.iccid,
    kind: activation.kind,
    simType: activation.simType,
    simStatus: simStatusOf(sim?.status ?? 'activating'),
    msisdn: activation.msisdn,
    numberKind: activation.numberKind,
    portIn: portIn
      ? {
        state: portIn.state, reason: portIn.reason, carrierMessage: portIn.carrierMessage, carrier: portIn.carrier,
        msisdn: portIn.msisdn, accountZip: portIn.accountZip, accountNumberHint: portIn.accountNumberHint,
        updatedAt: portIn.updatedAt.toISOString(),
      }
      : null,
    wifiCalling: activation.wifiCalling,
    emailMasked: maskEmail(activation.email),
    submittedAt: activation.submittedAt.toISOString(),
    activatedAt: activation.activatedAt?.toISOString() ?? null,
    referral: { code, link: referralLink(deps, code) },
  };
}

export interface ActivationReader { customerId: number | null; activationToken?: string | null }

/**
 * The activation, if the reader may see it: the holder of a token for its card, or its owner logged in. Anyone else
 * is told there is no such record (an id alone proves nothing); a forged or expired token is told so.
 */
export async function findActivationFor(deps: Deps, publicId: string, reader: ActivationReader): Promise<ActivationRow> {
  const tokenIccid = reader.activationToken ? iccidOfToken(deps, reader.activationToken) : null;
  const [row] = await deps.db.select().from(activations).where(eq(activations.publicId, publicId));
  if (!row) throw new GatewayError('noRecord');
  const byToken = tokenIccid !== null && tokenIccid === row.iccid;
  const byOwner = reader.customerId !== null && reader.customerId === row.customerId;
  if (!byToken && !byOwner) throw new GatewayError('noRecord');
  return row;
}

export async function myActivations(deps: Deps, customerId: number): Promise<ActivationView[]> {
  const rows = await deps.db.select().from(activations).where(eq(activations.customerId, customerId)).orderBy(desc(activations.submittedAt), desc(activations.id));
  const views: ActivationView[] = [];
  for (const row of rows) views.push(await activationView(deps, row));
  return views;
}
