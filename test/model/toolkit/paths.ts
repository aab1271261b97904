/**
 * Shortest paths from xstate/graph, keyed on the ARRIVING transition, so every transition of a chart is the
 * last step of some path (not only every state). The state space is bounded by serializing an abstraction of
 * context, one payload per guard branch, and by driving done/error/after events ourselves.
 */
import { __unsafe_getAllOwnEventDescriptors, type AnyMachineSnapshot, type AnyStateMachine, type EventObject, type StateValue } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { transitionIndex, type ChartTransition } from '../../../machines/chart';
import type { ChartEntry } from '../../../machines/index';

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

const invokeSources = (machine: AnyStateMachine): Map<string, string> => {
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
  return (snapshot: AnyMachineSnapshot): EventObject[] =>
    __unsafe_getAllOwnEventDescriptors(snapshot).flatMap((type: string) => {
      if (internal.has(type)) return [];
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
