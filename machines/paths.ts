/**
 * The generated paths of a chart: shortest paths from xstate/graph, keyed on the ARRIVING transition, so every
 * transition of a chart is the last step of some path (not only every state). The state space is bounded by
 * serializing an abstraction of context, one payload per guard branch (the chart's model, machines/models), and by
 * driving done/error/after events ourselves. One source for the model tests (test/model), `npm run paths` and the
 * studio (screens/studio): what QA reads is what the tests run.
 */
import { __unsafe_getAllOwnEventDescriptors, fromCallback, type AnyActorLogic, type AnyMachineSnapshot, type AnyStateMachine, type EventObject, type StateValue } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { allStates, allTransitions, transitionIndex, type ChartTransition } from './chart';
import type { ChartEntry } from './index';

export type Payload = Record<string, unknown>;

export interface ChartModel {
  entry: ChartEntry;
  /**
   * Payloads per event: keyed by event type, or `done:<actor src>` / `error:<actor src>` for an invoked actor's
   * result (`output` / `error`). One payload per guard branch. Events without payloads are sent bare.
   */
  payloads?: Record<string, Payload[]>;
  /** Events the chart raises itself (never sent from outside). */
  internalEvents?: readonly string[];
  /** What of the context decides guards; everything else is left out of a state's identity. */
  abstractContext?: (context: never) => unknown;
  input?: unknown;
  /** Events a depth can produce in a state (e.g. what the screen offers); all by default. */
  filterEvents?: (snapshot: AnyMachineSnapshot, event: EventObject) => boolean;
}

export interface PathCase {
  /** The arriving transition this path exists for. */
  transition: ChartTransition;
  events: EventObject[];
  /** State value before each event, then the final value. */
  values: StateValue[];
  /** The snapshots behind `values`. */
  snapshots: AnyMachineSnapshot[];
}

/** The actor source behind each invoke id of a chart (its done and error events name the invoke id). */
export const invokeSources = (machine: AnyStateMachine): Map<string, string> => {
  const out = new Map<string, string>();
  const walk = (node: AnyStateMachine['root']) => {
    for (const inv of node.invoke) out.set(inv.id, typeof inv.src === 'string' ? inv.src : inv.id);
    for (const child of Object.values(node.states)) walk(child);
  };
  walk(machine.root);
  return out;
};

/** The events a snapshot handles, with the model's payloads expanded. */
export const eventsFor = (model: ChartModel) => {
  const sources = invokeSources(model.entry.machine);
  const internal = new Set(model.internalEvents ?? []);
  // An actor answers only while it runs: its done and error events are offered only in states that invoke it (a
  // parallel region listening for another region's call would otherwise take an answer to a call never made).
  const running = (snapshot: AnyMachineSnapshot, id: string) =>
    snapshot._nodes.some((n: { invoke: { id: string }[] }) => n.invoke.some((i) => i.id === id));
  return (snapshot: AnyMachineSnapshot): EventObject[] =>
    __unsafe_getAllOwnEventDescriptors(snapshot).flatMap((type: string) => {
      if (internal.has(type)) return [];
      if (type.startsWith('xstate.done.actor.') && !running(snapshot, type.slice(18))) return [];
      if (type.startsWith('xstate.error.actor.') && !running(snapshot, type.slice(19))) return [];
      let key = type;
      if (type.startsWith('xstate.done.actor.')) key = `done:${sources.get(type.slice(18)) ?? ''}`;
      else if (type.startsWith('xstate.error.actor.')) key = `error:${sources.get(type.slice(19)) ?? ''}`;
      const payloads = model.payloads?.[key] ?? model.payloads?.[type];
      if (!payloads?.length) {
        if (type.startsWith('xstate.error.actor.')) return [{ type, error: new Error('fake failure') }];
        return [{ type }];
      }
      return payloads.map((p) => ({ ...p, type }));
    });
};

export function generatePaths(model: ChartModel): PathCase[] {
  const machine = model.entry.machine;
  const index = transitionIndex(machine);
  const abstract = (model.abstractContext ?? (() => null)) as (c: unknown) => unknown;
  const arriving = (prev: AnyMachineSnapshot | undefined, event: EventObject | undefined): ChartTransition[] =>
    !prev || !event ? [] : machine.getTransitionData(prev, event).map((t) => index.get(t)).filter((t): t is ChartTransition => !!t);
  const serializeState = (s: AnyMachineSnapshot, event: EventObject | undefined, prev?: AnyMachineSnapshot) =>
    `${JSON.stringify(s.value)}|${JSON.stringify(abstract(s.context))}|${arriving(prev, event).map((t) => t.id).join('+')}`;

  const paths = getShortestPaths(machine, {
    events: eventsFor(model),
    serializeState: serializeState as never,
    input: model.input as never,
    ...(model.filterEvents ? { filterEvents: model.filterEvents as never } : {}),
  });

  // Each step is { event, state reached by it }; the first is xstate.init. One path per arriving transition:
  // the shortest path whose last step takes it.
  const best = new Map<string, PathCase>();
  for (const path of paths) {
    const steps = path.steps;
    if (steps.length < 2) continue;
    const last = steps[steps.length - 1]!;
    const before = steps[steps.length - 2]!.state as AnyMachineSnapshot;
    for (const t of arriving(before, last.event)) {
      const current = best.get(t.id);
      if (current && current.events.length <= steps.length - 1) continue;
      best.set(t.id, {
        transition: t,
        events: steps.slice(1).map((s) => s.event),
        values: steps.map((s) => (s.state as AnyMachineSnapshot).value),
        snapshots: steps.map((s) => s.state as AnyMachineSnapshot),
      });
    }
  }
  return [...best.values()].sort((a, b) => a.transition.id.localeCompare(b.transition.id));
}

/** A stand-in for every actor of the chart: it does nothing, so only the path (or the studio's simulation) decides what happens. */
export const fakeActors = (machine: AnyStateMachine): Record<string, AnyActorLogic> =>
  Object.fromEntries(Object.keys(machine.implementations.actors).map((name) => [name, fromCallback(() => () => undefined)]));

export interface Step {
  event: string;
  payload: Record<string, unknown>;
  /** The state reached, as xstate writes its value. */
  state: StateValue;
  /** The ids of the transitions this step took (`<source state id>:<event type>:<index>`). */
  took: string[];
}

export interface PrintedPath {
  /** The transition this path exists for: its last step takes it. */
  covers: { id: string; label: string; from: string; to: string[]; description?: string };
  steps: Step[];
}

/** An error as a payload shows it: its code and message, not an empty object. */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (_k, v: unknown) => (v instanceof Error ? { message: v.message } : v)));

/** A path as people read it: each step's event, the payload that chose the branch, the state reached, the transitions taken. */
export function describePath(path: PathCase, machine: AnyStateMachine, index: Map<unknown, ChartTransition> = transitionIndex(machine)): PrintedPath {
  const t = path.transition;
  return {
    covers: { id: t.id, label: t.label, from: t.source.id, to: t.targets.map((n) => n.id), ...(t.description ? { description: t.description } : {}) },
    steps: path.events.map((event: EventObject, i) => {
      const { type, ...payload } = event;
      const before = path.snapshots[i] as AnyMachineSnapshot;
      const took = machine.getTransitionData(before, event).flatMap((d) => index.get(d)?.id ?? []);
      return { event: type, payload: plain(payload) as Record<string, unknown>, state: path.values[i + 1]!, took };
    }),
  };
}

/**
 * The generated path to one state or transition: a transition's own path (its last step takes it), or the shortest
 * path that ends in the state. `unknown` when the chart has no such id; an empty list when no generated path gets there
 * (a transition declared unreachable).
 */
export function pathsTo(model: ChartModel, paths: PathCase[], to: string): PathCase[] | 'unknown' {
  const machine = model.entry.machine;
  if (allTransitions(machine).some((t) => t.id === to)) return paths.filter((p) => p.transition.id === to);
  if (!allStates(machine).some((n) => n.id === to)) return 'unknown';
  const reaching = paths.filter((p) => (p.snapshots.at(-1) as AnyMachineSnapshot)._nodes.some((n: { id: string }) => n.id === to));
  return reaching.sort((a, b) => a.events.length - b.events.length).slice(0, 1);
}

/** The name of the generated test that runs a path: its transition and where it goes (the `it` of test/model). */
export const stepTitle = (path: Pick<PathCase, 'transition'>): string => {
  const t = path.transition;
  const to = t.targets.length ? t.targets.map((n) => n.key).join(', ') : '(stays)';
  return `${t.label} → ${to}`;
};
