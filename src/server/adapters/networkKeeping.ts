/**
 * The network sandbox's usage of a kept line (issue 16, number keeping, decision 0035): the subscriber's calls and
 * texts of the hour as usual, but no data, and only within the keeping allowance of the 30-day period (spec section 9:
 * "30 minutes and 100 texts"): minutes of calls in and out, texts sent and received. A call that runs past the minutes
 * left is cut off when they run out; calls and texts beyond the allowance do not go through. Pure: the caller gives what
 * the period used before the hour (the sandbox keeps it per hour, so an hour read twice answers the same).
 */
import { DAY_MS } from '../../domain/planCalendar';
import { PROTECT_PERIOD_DAYS } from '../../domain/numberKeeping';
import type { NetworkUsageRecord } from './networkUsage';

export interface KeepingAllowance { voiceSeconds: number; texts: number }
export interface KeepingUse { voiceSeconds: number; texts: number }

/** The start of the 30-day keeping period that holds `at`, for a keeping from `from`. */
export function keepingPeriodStart(from: Date, at: Date): Date {
  const period = PROTECT_PERIOD_DAYS * DAY_MS;
  const n = Math.max(0, Math.floor((at.getTime() - from.getTime()) / period));
  return new Date(from.getTime() + n * period);
}

/** The hour's records a kept line carries, and what they use of the allowance. */
export function keptUsage(records: readonly NetworkUsageRecord[], usedBefore: KeepingUse, allowance: KeepingAllowance): { records: NetworkUsageRecord[]; used: KeepingUse } {
  let voiceLeft = Math.max(0, allowance.voiceSeconds - usedBefore.voiceSeconds);
  let textsLeft = Math.max(0, allowance.texts - usedBefore.texts);
  const used: KeepingUse = { voiceSeconds: 0, texts: 0 };
  const out: NetworkUsageRecord[] = [];
  for (const r of [...records].sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime())) {
    if (r.type === 'data') continue;
    if (r.type === 'voice') {
      if (voiceLeft <= 0) continue;
      const durationSec = Math.min(r.durationSec, voiceLeft);
      voiceLeft -= durationSec;
      used.voiceSeconds += durationSec;
      out.push({ ...r, durationSec });
      continue;
    }
    if (textsLeft <= 0) continue;
    textsLeft -= 1;
    used.texts += 1;
    out.push(r);
  }
  return { records: out, used };
}
