/**
 * The server depth of a lifecycle chart (the plan, service, SIM, port-in, dual-number, number-keeping, referral,
 * replacement, agreement, campaign and welfare tests): every generated path (test/model, the same paths as the pure
 * depth) walked on real rows by the gateway's own apply function, and what each stored move took in the chart recorded
 * for its coverage row.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AnyStateMachine, EventObject } from 'xstate';
import { transitionIndex } from '../../machines/chart';
import { generatePaths, type ChartModel, type PathCase } from '../../machines/paths';
import { stateName, stateValueOf } from '../../src/server/db/lifecycle';
import { newIccid } from '../../src/server/activation/sims';
import { customers, lines, stateHistory } from '../../src/server/db/schema';
import { coverageOf, formatTable, isComplete, writeCoverage, type ChartCoverage } from '../model/toolkit/coverage';
import { newRecorder, type Recorder } from '../model/toolkit/run';
import { testDatabases, type TestServer } from '../support/server';

/** The states of a stored state name (its ancestors included). */
export function recordState(machine: AnyStateMachine, recorder: Recorder, value: string) {
  for (const node of machine.resolveState({ value: stateValueOf(value), context: {} })._nodes) if (node !== machine.root) recorder.states.add(node.id);
}

/** The transitions `event` takes from the stored state `from`, and the states on both sides of the move. */
export function recordMove(machine: AnyStateMachine, recorder: Recorder, from: string, event: EventObject, to: string) {
  const index = transitionIndex(machine);
  const before = machine.resolveState({ value: stateValueOf(from), context: {} });
  for (const t of machine.getTransitionData(before, event)) {
    const found = index.get(t);
    if (found) recorder.transitions.add(found.id);
  }
  for (const value of [from, to]) recordState(machine, recorder, value);
}

/** The databases a walk of chart paths runs on: PGlite only (PostgreSQL too with TEST_PG_EVERYWHERE=1). */
export const walkDatabases = () => testDatabases({ postgres: false, because: 'chart paths applied row by row, one request at a time: the same SQL on both databases' });

/** The state_history rows of one entity of a chart, oldest first. */
export const historyOf = (server: TestServer, chart: string, entityRef: string) => server.db.select().from(stateHistory)
  .where(and(eq(stateHistory.chart, chart), eq(stateHistory.entityRef, entityRef))).orderBy(asc(stateHistory.id));

/** An activated physical line of a new customer (its username starts with `prefix`): the entity of the line's lifecycles. */
export async function newActiveLine(server: TestServer, prefix: string): Promise<{ id: number; customerId: number }> {
  const [c] = await server.db.insert(customers).values({ username: `${prefix}${randomBytes(5).toString('hex')}` }).returning({ id: customers.id });
  const [l] = await server.db.insert(lines).values({ customerId: c!.id, iccid: newIccid('us'), simType: 'physical', simStatus: 'activated' }).returning({ id: lines.id });
  return { id: l!.id, customerId: c!.id };
}

/** The named actions the chart's transitions run along a path, in order. */
export const chartActions = (machine: AnyStateMachine, path: PathCase): string[] => path.events.flatMap((e, i) =>
  machine.getTransitionData(machine.resolveState({ value: path.values[i]!, context: {} }), e)
    .flatMap((t) => t.actions.map((a) => (typeof a === 'string' ? a : (a as { type: string }).type))));

/** Stand-ins for a chart's named actions, passed to an apply function in place of the host's own. */
export type Recorders = Record<string, () => Promise<void>>;

/** Stand-ins that record each action's name in `ran` when the host runs it. */
export const recordersInto = (ran: string[], names: readonly string[]): Recorders =>
  Object.fromEntries(names.map((name) => [name, async () => { ran.push(name); }]));

/** Stand-ins for an event that must be refused: any action run fails the test. */
export const mustNotRun = (names: readonly string[]): Recorders =>
  Object.fromEntries(names.map((name) => [name, async () => { throw new Error(`${name} must not run`); }]));

export interface EveryPath<Entity, E extends EventObject> {
  server: TestServer;
  model: ChartModel;
  /** The state a fresh entity is in (its row may be written only by its first event: `load` answers null till then). */
  initial: string;
  /**
   * Every action the chart names, each replaced by a recorder passed to `apply`: the chart must name exactly these, and
   * they must run in the chart's order. Left out where the host's own actions run (their effects checked in `afterStep`).
   */
  actions?: readonly string[];
  /** The fewest paths the chart is expected to have. */
  minPaths?: number;
  /** A fresh entity in `initial`, for one path. */
  create(path: PathCase): Promise<Entity>;
  /** The entity's stored state, or null while it has no row. */
  load(entity: Entity): Promise<string | null>;
  /** Applies one event through the gateway's apply function. */
  apply(entity: Entity, event: E, actions: Recorders): Promise<unknown>;
  /** The entity's ref in state_history (chart: the model's id). */
  historyRef(entity: Entity): string;
  /** More checks after each step, with the state the row now holds. */
  afterStep?(entity: Entity, event: E, state: string): Promise<void> | void;
  /** More checks after each path, with the actions the recorders saw. */
  afterPath?(entity: Entity, path: PathCase, ran: string[]): Promise<void> | void;
}

/**
 * Walks every generated path of a chart on fresh entities: after each event the row holds the state the path says,
 * a state_history row records each move, and the recorded actions ran in the chart's order. Coverage is computed from
 * what the rows went through, reported and written as depth 'server', and must be complete.
 */
export async function walkEveryPath<Entity, E extends EventObject>(o: EveryPath<Entity, E>): Promise<ChartCoverage> {
  const { entry } = o.model;
  const machine = entry.machine;
  if (o.actions) {
    const named = Object.keys((machine.implementations.actions ?? {}) as Record<string, unknown>).sort();
    expect(named, 'the recorders stand for every action the chart names').toEqual([...o.actions].sort());
  }
  const recorder = newRecorder();
  const paths = generatePaths(o.model);
  if (o.minPaths !== undefined) expect(paths.length).toBeGreaterThanOrEqual(o.minPaths);
  for (const path of paths) {
    expect(stateName(path.values[0]!), `${path.transition.id}: where a path starts`).toBe(o.initial);
    const entity = await o.create(path);
    expect((await o.load(entity)) ?? o.initial, `${path.transition.id}: a fresh entity`).toBe(o.initial);
    const ran: string[] = [];
    const recorders = recordersInto(ran, o.actions ?? []);
    recordState(machine, recorder, o.initial);
    for (const [i, event] of (path.events as E[]).entries()) {
      const from = (await o.load(entity)) ?? o.initial;
      await o.apply(entity, event, recorders);
      const to = await o.load(entity);
      expect(to, `${path.transition.id} step ${i + 1} (${event.type})`).toBe(stateName(path.values[i + 1]!));
      recordMove(machine, recorder, from, event, to!);
      await o.afterStep?.(entity, event, to!);
    }
    const history = await historyOf(o.server, entry.id, o.historyRef(entity));
    expect(history.map((h) => `${h.fromState}>${h.event}>${h.toState}`), `${path.transition.id}: its state_history rows`)
      .toEqual(path.events.map((e, i) => `${stateName(path.values[i]!)}>${e.type}>${stateName(path.values[i + 1]!)}`));
    if (o.actions) expect(ran, `${path.transition.id}: the chart's named actions, run by the host in order`).toEqual(chartActions(machine, path));
    await o.afterPath?.(entity, path, ran);
  }
  const row = coverageOf(entry, recorder, 'server', paths.length);
  console.log(`\n${formatTable([row])}`);
  writeCoverage([row]);
  expect({ states: row.states.missing, transitions: row.transitions.missing }).toEqual({ states: [], transitions: [] });
  expect(isComplete(row)).toBe(true);
  return row;
}
