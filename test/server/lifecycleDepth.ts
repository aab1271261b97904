/**
 * The server depth of a lifecycle chart (the plan, service, SIM, port-in, dual-number and number-keeping tests): what a
 * stored move of an entity's row took in the chart, recorded for its coverage row.
 */
import type { AnyStateMachine, EventObject } from 'xstate';
import { transitionIndex } from '../../machines/chart';
import { stateValueOf } from '../../src/server/db/lifecycle';
import type { Recorder } from '../model/toolkit/run';

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
