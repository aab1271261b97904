/**
 * The `devices` data set: the phone check's device table (devices), keyed by TAC, the first 8 digits of an IMEI.
 * Columns: tac, brand, model, market (global, or cn for a model made for mainland China), compatibility (full,
 * partial, none), esim and certified (yes or no), limits (what keeps it from full compatibility, separated by |).
 */
import { z } from 'zod';
import { devices } from '../db/schema';
import { COMPATIBILITIES, LIMITS, MARKETS, type Limit } from '../../domain/devices';
import { defineDataset, excluded, samplePath } from './dataset';

const yesNo = z.enum(['yes', 'no'], { error: 'yes or no' }).transform((v) => v === 'yes');
const LIMIT_NAMES = LIMITS.filter((l) => l !== 'noEsim');

const deviceRow = z.object({
  tac: z.string().regex(/^\d{8}$/, 'the 8 digits of a TAC (the first 8 of an IMEI)'),
  brand: z.string().min(1, 'required').max(40, 'at most 40 characters'),
  model: z.string().min(1, 'required').max(80, 'at most 80 characters'),
  market: z.string().transform((s) => s.toLowerCase()).pipe(z.enum(MARKETS, { error: `one of ${MARKETS.join(', ')}` })),
  compatibility: z.string().transform((s) => s.toLowerCase()).pipe(z.enum(COMPATIBILITIES, { error: `one of ${COMPATIBILITIES.join(', ')}` })),
  esim: z.string().transform((s) => s.toLowerCase()).pipe(yesNo),
  certified: z.string().transform((s) => s.toLowerCase()).pipe(yesNo),
  limits: z.string().transform((s) => (s === '' ? [] : s.split('|').map((l) => l.trim())))
    .refine((ls) => ls.every((l) => (LIMIT_NAMES as readonly string[]).includes(l)), `each one of ${LIMIT_NAMES.join(', ')} (no eSIM is the esim column)`)
    .transform((ls) => ls as Limit[]),
})
  .refine((d) => d.market !== 'cn' || !d.esim, { path: ['esim'], message: 'no for a model made for mainland China (spec section 5: "A CN-made phone cannot use eSIM")' })
  .refine((d) => d.compatibility !== 'full' || (d.esim && d.limits.length === 0), { path: ['compatibility'], message: 'full needs esim yes and no limits' })
  .refine((d) => d.compatibility !== 'partial' || !d.esim || d.limits.length > 0, { path: ['limits'], message: 'a partly compatible device needs esim no or at least one limit' });

export type DeviceRow = z.output<typeof deviceRow>;

export const devicesDataset = defineDataset<DeviceRow>({
  name: 'devices',
  description: 'the phone check\'s device table by TAC (devices): compatibility, eSIM, certification',
  columns: ['tac', 'brand', 'model', 'market', 'compatibility', 'esim', 'certified', 'limits'],
  sample: samplePath('devices'),
  row: deviceRow,
  key: (r) => r.tac,
  async upsert(tx, rows) {
    await tx.insert(devices).values(rows).onConflictDoUpdate({
      target: devices.tac,
      set: {
        brand: excluded('brand'), model: excluded('model'), market: excluded('market'), compatibility: excluded('compatibility'),
        esim: excluded('esim'), certified: excluded('certified'), limits: excluded('limits'),
      },
    });
  },
});
