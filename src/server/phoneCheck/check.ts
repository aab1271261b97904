/**
 * The phone check's answer (issue 18, decision 0038), decided here and nowhere else: the registry's status first
 * (blocked, then locked: such a phone cannot be used whatever it is), then the device table by the IMEI's TAC (a model
 * the table does not know, or has not certified, is uncertified), then its compatibility. A device without eSIM (every
 * model made for mainland China, spec section 5) says so first among its limits.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { devices } from '../db/schema';
import type { PhoneCheckAnswer } from '../../contract/phoneCheck';
import { brandMatches, type Limit, type Verdict } from '../../domain/devices';
import { tacOf } from '../../domain/imei';
import type { DeviceStatusSource } from './deviceStatus';

const BY_COMPATIBILITY = { full: 'fullyCompatible', partial: 'partlyCompatible', none: 'notCompatible' } as const;

export async function checkPhone(db: Db, registry: DeviceStatusSource, req: { brand: string; model: string; imei: string }): Promise<PhoneCheckAnswer> {
  const [status, [device]] = await Promise.all([registry.statusOf(req.imei), db.select().from(devices).where(eq(devices.tac, tacOf(req.imei)))]);
  let verdict: Verdict;
  if (status !== 'clear') verdict = status;
  else if (!device || !device.certified) verdict = 'uncertified';
  else verdict = BY_COMPATIBILITY[device.compatibility];
  return {
    verdict,
    device: device ? {
      brand: device.brand, model: device.model, market: device.market, compatibility: device.compatibility, esim: device.esim, certified: device.certified,
    } : null,
    limits: device ? [...(device.esim ? [] : ['noEsim' as const]), ...(device.limits as Limit[])] : [],
    brandMatches: device ? brandMatches(req.brand, device.brand) : false,
  };
}
