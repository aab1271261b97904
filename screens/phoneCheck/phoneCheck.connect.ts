/** What /phone-detection shows from the phone check chart's snapshot (pure, no React). */
import type { PhoneCheckAnswer } from '../../src/contract/phoneCheck';
import type { PhoneCheckContext, PhoneCheckField } from '../../machines/phoneCheck.machine';
import type { Verdict } from '../../src/domain/devices';

export type ResultTone = 'success' | 'warning' | 'error';

export interface NextLink { to: string; key: 'plans' | 'esim' | 'physical' }

export interface PhoneCheckResult {
  verdict: Verdict;
  tone: ResultTone;
  device: PhoneCheckAnswer['device'];
  limits: PhoneCheckAnswer['limits'];
  /** The brand typed, when the IMEI belongs to another brand's phone. */
  mismatchTyped: string | null;
  next: NextLink[];
}

const TONES: Record<Verdict, ResultTone> = {
  fullyCompatible: 'success', partlyCompatible: 'warning', uncertified: 'warning', locked: 'warning', notCompatible: 'error', blocked: 'error',
};

export const fieldErrorTexts = (c: Pick<PhoneCheckContext, 'fieldErrors'>, field: PhoneCheckField) => (c.fieldErrors[field] ?? []).map((key) => ({ key }));

export function resultOf(c: Pick<PhoneCheckContext, 'answer' | 'brand'>): PhoneCheckResult | null {
  const a = c.answer;
  if (!a) return null;
  const next: NextLink[] = a.verdict === 'fullyCompatible' ? [{ to: '/plans/propagate', key: 'plans' }, { to: '/esim', key: 'esim' }]
    : a.verdict === 'partlyCompatible' ? [{ to: a.device?.esim ? '/plans/propagate' : '/plans/propagate?simType=physical', key: a.device?.esim ? 'plans' : 'physical' }]
      : [];
  return {
    verdict: a.verdict, tone: TONES[a.verdict], device: a.device, limits: a.limits,
    mismatchTyped: a.device && !a.brandMatches ? c.brand.trim() : null, next,
  };
}
