/**
 * Runs a generated path against the pure chart with fake actors (they never settle: the path sends their
 * done/error events itself) and records, from xstate's inspection, every transition each step took,
 * including `always` transitions and events the chart raised itself.
 */
import { createActor, type AnyMachineSnapshot, type AnyStateMachine, type EventObject, type StateValue } from 'xstate';
import { transitionIndex } from '../../../machines/chart';
import { fakeActors, type ChartModel, type PathCase } from '../../../machines/paths';

export interface Recorder {
  states: Set<string>;
  transitions: Set<string>;
}

export const newRecorder = (): Recorder => ({ states: new Set(), transitions: new Set() });


const sameValue = (a: StateValue, b: StateValue) => JSON.stringify(a) === JSON.stringify(b);

export interface StepInfo { index: number; event: EventObject; snapshot: AnyMachineSnapshot }

/** Observes an actor: every microstep's transitions and states go into the recorder. */
export const observe = (machine: AnyStateMachine, recorder: Recorder) => {
  const index = transitionIndex(machine);
  return (e: { type: string; snapshot?: unknown; actorRef?: unknown }, isRoot: (actorRef: unknown) => boolean) => {
    if (e.type !== '@xstate.microstep' || !isRoot(e.actorRef)) return;
    for (const t of (e as unknown as { _transitions: unknown[] })._transitions) {
      const found = index.get(t as never);
      if (!found) continue;
      recorder.transitions.add(found.id);
      // The state a transition left was active: an initial state a screen leaves at once (its first event sent on
      // mount) is seen here, not in a snapshot.
      for (let node: typeof found.source | undefined = found.source; node && node !== machine.root; node = node.parent) recorder.states.add(node.id);
    }
    for (const node of (e.snapshot as AnyMachineSnapshot)._nodes) if (node !== machine.root) recorder.states.add(node.id);
  };
};

/** Runs the path against the pure chart; throws when the chart ends anywhere but where the path says. */
export function runPathPure(model: ChartModel, path: PathCase, recorder: Recorder): AnyMachineSnapshot {
  const machine = model.entry.machine.provide({ actors: fakeActors(model.entry.machine) });
  const onInspect = observe(machine, recorder);
  let root: unknown = null;
  const actor = createActor(machine, {
    input: model.input as never,
    // The initial microstep (with its `always` transitions) is inspected while createActor runs, before `root` is set.
    inspect: (e) => onInspect(e as never, (ref) => root === null || ref === root),
  });
  root = actor;
  actor.start();
  for (const node of actor.getSnapshot()._nodes) if (node !== machine.root) recorder.states.add(node.id);
  try {
    path.events.forEach((event, i) => {
      const before = actor.getSnapshot().value;
      if (!sameValue(before, path.values[i]!)) {
        throw new Error(`step ${i}: expected ${JSON.stringify(path.values[i])} before ${event.type}, chart is in ${JSON.stringify(before)}`);
      }
      actor.send(event);
    });
    const end = actor.getSnapshot();
    if (!sameValue(end.value, path.values[path.values.length - 1]!)) {
      throw new Error(`expected to end in ${JSON.stringify(path.values.at(-1))}, chart is in ${JSON.stringify(end.value)}`);
    }
    return end;
  } finally {
    actor.stop();
  }
}

/**
 * Presses the button named `name` once it is on the page. Found and pressed in one synchronous step: a found element
 * handed back by Testing Library's findBy* has been through a macrotask (its async wrapper drains with a timeout), in
 * which React may commit the route change a chart step asked for and detach it; a click on a detached button reaches
 * nothing (seen on CI: a failed order's "Pay again" and "Change the order" on the form's copy of the result, replaced
 * by the resultError page).
 */
export async function pressButton(name: string | RegExp, timeout: number, opts: { first?: boolean; within?: () => HTMLElement } = {}) {
  const { screen, waitFor, fireEvent, within } = await import('@testing-library/react');
  await waitFor(() => {
    const scope = opts.within ? within(opts.within()) : screen;
    // `first`: a page that shows the button more than once (the step's copy on the form and on its own page while the
    // route changes) has its first one pressed; otherwise exactly one must be there.
    fireEvent.click(opts.first ? scope.getAllByRole('button', { name })[0]! : scope.getByRole('button', { name }));
  }, { timeout });
}
