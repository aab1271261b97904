/** The customer's referrals as the page shows them: a pure function of the gateway's answer (testable without React). */
import { formatMoney, formatPacificDate } from '../../i18n';
import type { ReferralData } from '../../src/contract/referral';

export interface ReferralRow {
  id: number;
  state: string;
  friend: string | null;
  portIn: boolean;
  ordered: string;
  /** The state's name (namespace referral). */
  stateKey: string;
  /** What the state means for this referral: its dates, or why it earns nothing. */
  detail: { key: string; values?: Record<string, string> } | null;
  reward: string;
}

const STATE_KEYS: Record<string, string> = {
  recorded: 'state.recorded', 'pending.notActivated': 'state.notActivated', 'pending.active': 'state.active', qualified: 'state.qualified',
  credited: 'state.credited', expired: 'state.expired', disqualified: 'state.disqualified',
};

export function referralRows(mine: ReferralData, lang: string): ReferralRow[] {
  const day = (iso: string | null) => (iso ? formatPacificDate(iso, lang) : '');
  return mine.referrals.map((r) => {
    const detail: ReferralRow['detail'] = r.state === 'pending.active' ? { key: 'referrals.activeSince', values: { date: day(r.activeSince), qualifies: day(r.qualifiesAt) } }
        : r.state === 'qualified' ? { key: 'referrals.creditDue', values: { date: day(r.creditDueBy) } }
          : r.state === 'credited' ? { key: 'referrals.credited', values: { date: day(r.creditedAt), expires: day(r.expiresAt) } }
            : r.state === 'expired' ? { key: 'referrals.expiredOn', values: { date: day(r.expiresAt) } }
              : r.state === 'disqualified' && r.reason ? { key: `reason.${r.reason}` } : null;
    const earned = r.referrerCents + r.milestoneCents;
    return {
      id: r.id, state: r.state, friend: r.friend, portIn: r.kind === 'portIn', ordered: day(r.paidAt),
      stateKey: STATE_KEYS[r.state] ?? 'state.recorded', detail, reward: earned > 0 ? formatMoney(earned, lang) : '—',
    };
  });
}
