/**
 * What a usage page shows, from the gateway's list (pure, testable without React): the totals of its type, the number
 * of pages, and the formats of durations, volumes, numbers and months.
 */
import type { UsageList, UsageTotals, UsageType } from '../../src/contract/usage';

export type TotalItem = { key: string; kind: 'count' | 'duration' | 'volume' | 'money'; value: number };

/** The figures of the month's totals each type shows (spec: voice inbound/outbound, duration, amount; data duration,
 *  volume; SMS sent/received; top-ups). Keys are in the portalUsage namespace. */
export function totalsOf(type: UsageType, t: UsageTotals): TotalItem[] {
  switch (type) {
    case 'voice':
      return [
        { key: 'totals.voice.count', kind: 'count', value: t.count },
        { key: 'totals.voice.inbound', kind: 'count', value: t.inbound },
        { key: 'totals.voice.outbound', kind: 'count', value: t.outbound },
        { key: 'totals.voice.duration', kind: 'duration', value: t.durationSec },
        { key: 'totals.voice.amount', kind: 'money', value: t.amountCents },
      ];
    case 'data':
      return [
        { key: 'totals.data.count', kind: 'count', value: t.count },
        { key: 'totals.data.duration', kind: 'duration', value: t.durationSec },
        { key: 'totals.data.volume', kind: 'volume', value: t.volumeKb },
      ];
    case 'sms':
      return [
        { key: 'totals.sms.count', kind: 'count', value: t.count },
        { key: 'totals.sms.outbound', kind: 'count', value: t.outbound },
        { key: 'totals.sms.inbound', kind: 'count', value: t.inbound },
      ];
    case 'topup':
      return [
        { key: 'totals.topup.count', kind: 'count', value: t.count },
        { key: 'totals.topup.amount', kind: 'money', value: t.amountCents },
      ];
  }
}

export const pageCount = (list: Pick<UsageList, 'totals' | 'pageSize'>): number => Math.max(1, Math.ceil(list.totals.count / list.pageSize));

/** 0:45, 12:05, 1:02:03: as phones show call times, the same in every language. */
export function formatDuration(totalSec: number): string {
  const h = Math.floor(totalSec / 3600);
  const m = Math.floor((totalSec % 3600) / 60);
  const s = totalSec % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** A volume in KB as people read it: 0.83 MB, 12.4 MB, 1.2 GB (MB and GB read the same in every language). */
export function formatVolumeKb(kb: number, locale: string): string {
  const gb = kb >= 1024 * 1024;
  return new Intl.NumberFormat(locale, {
    style: 'unit', unit: gb ? 'gigabyte' : 'megabyte', unitDisplay: 'short', maximumFractionDigits: kb < 1024 ? 2 : 1,
  }).format(gb ? kb / (1024 * 1024) : kb / 1024);
}

/** The other party's number: +1 (626) 555-0123 in North America, else the country code set apart (+86 13812345678). */
export function formatPeer(peer: string | null, dialCode: string | null): string {
  if (!peer) return '';
  if (dialCode === '1' && peer.length === 11) return `+1 (${peer.slice(1, 4)}) ${peer.slice(4, 7)}-${peer.slice(7)}`;
  return dialCode && peer.startsWith(dialCode) ? `+${dialCode} ${peer.slice(dialCode.length)}` : `+${peer}`;
}

/** 'YYYY-MM' as the language writes a month: November 2026, 2026年11月. */
export function formatMonth(month: string, locale: string): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(year, mon - 1, 1)));
}
