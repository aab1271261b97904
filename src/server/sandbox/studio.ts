/**
 * The data of the chart studio, the sandbox page where product owners and QA see the product's statecharts: how much
 * of each chart the model tests covered (their last report), and where real entities went through the lifecycle
 * charts. Loopback only and off in production, as the rest of the sandbox (routes.ts registers it).
 *
 * The history is state_history, which applyLifecycleEvent writes in the same transaction as the entity's new state
 * (src/server/db/lifecycle.ts). Every lifecycle chart of the registry writes it: order (an order's payment,
 * keyed by order number), shipment (order number), simLifecycle (the card's ICCID), portIn (the activation's public
 * id), and plan, autoRenewal and service (the line's id). Flow charts run in the browser and leave no history.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { COVERAGE_REPORT_FILE } from '../../../machines/coverageReport';
import { textField } from '../../contract/fields';
import type { Deps } from '../context';
import { stateHistory } from '../db/schema';
import { GatewayError } from '../http/errors';
import { requestLanguage } from '../http/language';
import { ok, parsed } from './respond';

/** The history answers this many rows at most, the newest: a line's plan and service move every cycle for years. */
const HISTORY_ROWS = 200;
/** How many entities "recent" lists: enough to pick one to look at, few enough to read. */
const RECENT_ENTITIES = 10;

/** The entity's natural key as state_history stores it (order number, ICCID, activation id, line id). */
const entityRef = textField({ max: 64, trim: true }).min(1);

/**
 * The queries' schemas, made on the first request: the chart must be a registry chart whose entities keep their state
 * on the server (kind 'lifecycle'), and the registry holds every flow chart too, which the gateway's start need not load.
 */
let queries: Promise<{ history: z.ZodType<{ chart: string; ref: string }>; recent: z.ZodType<{ chart: string }> }> | null = null;
const studioQueries = () => (queries ??= import('../../../machines/index').then(({ chartById }) => {
  const lifecycleChart = textField({ max: 64, trim: true }).refine((id) => chartById(id)?.kind === 'lifecycle');
  return { history: z.object({ chart: lifecycleChart, ref: entityRef }), recent: z.object({ chart: lifecycleChart }) };
}));

export interface CoverageRead {
  /** The report as the tests wrote it, or null when there is none or it cannot be read as one. */
  report: unknown;
  /** When the file was last written (its mtime), or null when there is no file. */
  writtenAt: string | null;
  /** Why a file that exists gave no report. */
  problem?: string;
}

/**
 * Reads the model tests' coverage report. No file is the ordinary state before the model tests first ran, not an
 * error; a file that is not a report (cut short, edited by hand) says why, so the studio can tell "run the tests"
 * from "the report is broken". The tests rename a finished report into place, so a read never sees half of one.
 */
export async function readCoverageReport(file: string): Promise<CoverageRead> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { report: null, writtenAt: null };
    throw error;
  }
  try {
    // The same open file for both: its mtime is the one of the text read.
    const writtenAt = (await handle.stat()).mtime.toISOString();
    let report: unknown;
    try {
      report = JSON.parse(await handle.readFile('utf8'));
    } catch {
      return { report: null, writtenAt, problem: 'The file is not valid JSON.' };
    }
    const charts = typeof report === 'object' && report !== null ? (report as { charts?: unknown }).charts : undefined;
    if (!Array.isArray(charts)) return { report: null, writtenAt, problem: 'The file has no list of charts.' };
    return { report, writtenAt };
  } finally {
    await handle.close();
  }
}

export function studioRoutes(app: FastifyInstance, deps: Deps) {
  app.get('/sandbox/api/studio/coverage', async (request) => {
    const read = await readCoverageReport(resolve(process.cwd(), COVERAGE_REPORT_FILE));
    return ok(requestLanguage(request), { ...read, source: COVERAGE_REPORT_FILE });
  });

  /** One entity's way through a lifecycle chart, oldest first, and the state it is in now. */
  app.get('/sandbox/api/studio/history', async (request) => {
    const lang = requestLanguage(request);
    const { chart, ref } = parsed((await studioQueries()).history, request.query, lang);
    const newestFirst = await deps.db.select().from(stateHistory)
      .where(and(eq(stateHistory.chart, chart), eq(stateHistory.entityRef, ref)))
      .orderBy(desc(stateHistory.at), desc(stateHistory.id)).limit(HISTORY_ROWS);
    const latest = newestFirst[0];
    if (!latest) throw new GatewayError('noRecord');
    return ok(lang, {
      chart, ref, current: latest.toState,
      history: newestFirst.reverse().map((row) => ({ from: row.fromState, event: row.event, to: row.toState, at: row.at.toISOString(), meta: row.meta })),
    });
  });

  /** The entities of a lifecycle chart that moved last, newest first, each in the state its latest row left it in. */
  app.get('/sandbox/api/studio/recent', async (request) => {
    const lang = requestLanguage(request);
    const { chart } = parsed((await studioQueries()).recent, request.query, lang);
    // DISTINCT ON keeps each entity's first row in the inner order: its latest (by at, then id).
    const latest = deps.db.selectDistinctOn([stateHistory.entityRef], { ref: stateHistory.entityRef, current: stateHistory.toState, at: stateHistory.at, id: stateHistory.id })
      .from(stateHistory).where(eq(stateHistory.chart, chart))
      .orderBy(stateHistory.entityRef, desc(stateHistory.at), desc(stateHistory.id))
      .as('latest');
    const rows = await deps.db.select().from(latest).orderBy(desc(latest.at), desc(latest.id)).limit(RECENT_ENTITIES);
    return ok(lang, { chart, entities: rows.map((row) => ({ ref: row.ref, current: row.current, at: row.at.toISOString() })) });
  });
}
