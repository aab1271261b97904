/** The network sandbox's usage generator: the same hour answers the same records; a daily rhythm; 128 kbps once the allowance is used. */
import { describe, expect, it } from 'vitest';
import { HOUR_MS, usageHour } from '../../src/server/adapters/networkUsage';
import { OVERAGE_KB_PER_SECOND, cycleAt, pacificMonth, pacificMonthRange, recentMonths } from '../../src/domain/usage';

const ICCIDS = Array.from({ length: 40 }, (_, i) => `890126001000000${String(1000 + i)}`);
/** Pacific 3 AM and 7 PM on the days of November 2026 (PST, UTC-8). */
const hoursAt = (pacificHour: number) => Array.from({ length: 30 }, (_, d) => new Date(Date.UTC(2026, 10, 1 + d, pacificHour + 8)));

describe('usage generator', () => {
  it('answers the same records for the same line and hour, with references of their own', () => {
    const hour = new Date(Date.UTC(2026, 10, 10, 3));
    expect(usageHour({ iccid: ICCIDS[0]!, hourStart: hour, highSpeedLeftKb: null }))
      .toEqual(usageHour({ iccid: ICCIDS[0]!, hourStart: hour, highSpeedLeftKb: null }));
    const refs = ICCIDS.flatMap((iccid) => hoursAt(19).flatMap((h) => usageHour({ iccid, hourStart: h, highSpeedLeftKb: null }).map((r) => r.ref)));
    expect(new Set(refs).size).toBe(refs.length);
  });

  it('follows a daily rhythm: the evening is far busier than 3 AM', () => {
    const count = (h: number) => ICCIDS.reduce((n, iccid) => n + hoursAt(h).reduce((m, hourStart) => m + usageHour({ iccid, hourStart, highSpeedLeftKb: null }).length, 0), 0);
    expect(count(19)).toBeGreaterThan(count(3) * 8);
  });

  it('keeps every record inside its hour, in time order', () => {
    for (const iccid of ICCIDS.slice(0, 5)) {
      for (const hourStart of hoursAt(12)) {
        const records = usageHour({ iccid, hourStart, highSpeedLeftKb: null });
        for (const r of records) expect(r.startedAt.getTime() - hourStart.getTime()).toBeLessThan(HOUR_MS);
        expect(records.map((r) => r.startedAt.getTime())).toEqual(records.map((r) => r.startedAt.getTime()).sort((a, b) => a - b));
      }
    }
  });

  it('draws data down what is left, then moves it at 128 kbps at most', () => {
    let slowSeen = 0;
    for (const iccid of ICCIDS) {
      for (const hourStart of hoursAt(19)) {
        const data = usageHour({ iccid, hourStart, highSpeedLeftKb: 3_000 }).filter((r) => r.type === 'data');
        expect(data.reduce((s, r) => s + r.highSpeedKb, 0)).toBeLessThanOrEqual(3_000);
        for (const r of data.filter((d) => d.highSpeedKb === 0)) {
          slowSeen += 1;
          expect(r.volumeKb).toBeLessThanOrEqual(Math.floor(r.durationSec * OVERAGE_KB_PER_SECOND));
        }
        const unlimited = usageHour({ iccid, hourStart, highSpeedLeftKb: null }).filter((r) => r.type === 'data');
        for (const r of unlimited) expect(r.highSpeedKb).toBe(r.volumeKb);
      }
    }
    expect(slowSeen).toBeGreaterThan(0);
  });
});

describe('usage months and cycles (Pacific time)', () => {
  it('puts an evening in Pacific time in its Pacific month', () => {
    expect(pacificMonth(new Date('2026-12-01T05:00:00Z'))).toBe('2026-11');
    expect(pacificMonth(new Date('2026-12-01T08:00:00Z'))).toBe('2026-12');
  });
  it('bounds a month at Pacific midnight, in winter and in summer', () => {
    expect(pacificMonthRange('2026-11')).toEqual({ start: new Date('2026-11-01T07:00:00Z'), end: new Date('2026-12-01T08:00:00Z') });
    expect(pacificMonthRange('2026-07').start).toEqual(new Date('2026-07-01T07:00:00Z'));
  });
  it('offers the last twelve months, the current one first', () => {
    const months = recentMonths(new Date('2026-02-10T12:00:00Z'));
    expect(months).toHaveLength(12);
    expect(months.slice(0, 3)).toEqual(['2026-02', '2026-01', '2025-12']);
  });
  it('counts 30-day cycles from the plan start', () => {
    const start = new Date('2026-10-01T00:00:00Z');
    expect(cycleAt(start, new Date('2026-10-31T00:00:01Z')).start).toEqual(new Date('2026-10-31T00:00:00Z'));
    expect(cycleAt(start, new Date('2026-10-30T23:59:59Z')).start).toEqual(start);
  });
});
