/**
 * The studio's calls to the gateway's sandbox (src/server/sandbox/studio.ts): the coverage report of the last test run
 * and a lifecycle entity's state_history. Sandbox endpoints, not contract endpoints: they exist only while the sandbox
 * is on, and answer 404 otherwise (the studio's route then goes to /404).
 */
import type { CoverageReport } from '../../machines/coverageReport';
import { headersFor } from '../api/client';

export interface CoverageAnswer { report: CoverageReport | null; writtenAt: string | null; source: string; problem?: string }
export interface HistoryRow { from: string; event: string; to: string; at: string; meta: Record<string, unknown> }
export interface HistoryAnswer { chart: string; ref: string; current: string; history: HistoryRow[] }
export interface RecentAnswer { chart: string; entities: { ref: string; current: string; at: string }[] }

/** A refusal of the sandbox: its catalogue code and message, in the studio's language. */
export class StudioError extends Error {
  constructor(readonly code: string, message: string, readonly status: number) { super(message); }
}

async function get<T>(path: string, query: Record<string, string> = {}): Promise<T> {
  const search = new URLSearchParams(query).toString();
  let res: Response;
  try {
    res = await fetch(`${path}${search ? `?${search}` : ''}`, { headers: headersFor(), credentials: 'same-origin' });
  } catch {
    throw new StudioError('http', '', 0);
  }
  const body = await res.json().catch(() => null) as { code?: string; message?: string; data?: T } | null;
  if (!res.ok || body?.code !== '200') throw new StudioError(body?.code ?? 'http', body?.message ?? '', res.status);
  return body.data as T;
}

export const fetchCoverage = () => get<CoverageAnswer>('/sandbox/api/studio/coverage');
export const fetchHistory = (chart: string, ref: string) => get<HistoryAnswer>('/sandbox/api/studio/history', { chart, ref });
export const fetchRecent = (chart: string) => get<RecentAnswer>('/sandbox/api/studio/recent', { chart });

/** Whether this gateway serves the studio: its sandbox answers (loopback, sandbox on); anything else shows /404. */
export async function studioAvailable(): Promise<boolean> {
  try {
    await fetchCoverage();
    return true;
  } catch {
    return false;
  }
}
