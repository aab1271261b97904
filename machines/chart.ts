/**
 * Reads a chart's own definition: every state node and every transition (including `always` and `after`,
 * which xstate's toDirectedGraph leaves out). Used by the diagrams (machines/diagram.ts) and the coverage of
 * the model tests (test/model/toolkit), so both count the same things.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { getStateNodes } from 'xstate/graph';

export type TransitionKind = 'event' | 'always' | 'after' | 'done' | 'error';

export interface ChartTransition {
  /** `<source id>:<event type or "always">:<index among the source's transitions for that event>` */
  id: string;
  source: AnyStateNode;
  targets: AnyStateNode[];
  kind: TransitionKind;
  eventType: string;
  /** The guard's name, 'else' for the unguarded fallback after guarded branches, null when the event has one branch. */
  guard: string | null;
  /** What the diagram writes on the edge: `event [guard]`, `after 60s`, `always`, `loadCaptcha done`. */
  label: string;
  description: string | undefined;
  definition: AnyTransitionDefinition;
}

export const allStates = (machine: AnyStateMachine): AnyStateNode[] => getStateNodes(machine.root);

const guardName = (guard: unknown): string | null => {
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard && 'type' in guard && typeof (guard as { type: unknown }).type === 'string') return (guard as { type: string }).type;
  if (typeof guard === 'function') return guard.name || 'inline';
  return 'inline';
};

const formatDelay = (ms: number): string => (ms % 1000 === 0 ? `${ms / 1000}s` : `${ms}ms`);

const kindOf = (eventType: string): TransitionKind =>
  eventType.startsWith('xstate.after.') ? 'after'
    : eventType.startsWith('xstate.done.actor.') ? 'done'
      : eventType.startsWith('xstate.error.actor.') ? 'error'
        : 'event';

const eventLabel = (t: AnyTransitionDefinition, kind: TransitionKind): string => {
  switch (kind) {
    case 'always': return 'always';
    case 'after': {
      const delay = (t as { delay?: unknown }).delay;
      return typeof delay === 'number' ? `after ${formatDelay(delay)}` : `after ${String(delay)}`;
    }
    case 'done': return `${t.eventType.slice('xstate.done.actor.'.length)} done`;
    case 'error': return `${t.eventType.slice('xstate.error.actor.'.length)} error`;
    default: return t.eventType;
  }
};

const describeGroup = (source: AnyStateNode, eventType: string, group: readonly AnyTransitionDefinition[], kind: TransitionKind): ChartTransition[] =>
  group.map((definition, index) => {
    const named = guardName(definition.guard);
    const guard = named ?? (group.length > 1 && index === group.length - 1 ? 'else' : null);
    const base = eventLabel(definition, kind);
    return {
      id: `${source.id}:${kind === 'always' ? 'always' : eventType}:${index}`,
      source,
      targets: [...(definition.target ?? [])],
      kind,
      eventType: kind === 'always' ? '' : eventType,
      guard,
      label: guard ? `${base} [${guard}]` : base,
      description: definition.description,
      definition,
    };
  });

/** Every transition of the chart, in document order of the state nodes. */
export const allTransitions = (machine: AnyStateMachine): ChartTransition[] => {
  const out: ChartTransition[] = [];
  for (const node of [machine.root, ...allStates(machine)]) {
    for (const [eventType, group] of node.transitions) out.push(...describeGroup(node, eventType, group, kindOf(eventType)));
    if (node.always?.length) out.push(...describeGroup(node, '', node.always, 'always'));
  }
  return out;
};

/** Maps the transition objects xstate hands out (getTransitionData, inspection) back to their ids. */
export const transitionIndex = (machine: AnyStateMachine): Map<AnyTransitionDefinition, ChartTransition> =>
  new Map(allTransitions(machine).map((t) => [t.definition, t]));

/** `loginPage.path.smsLogin` for the state `login.loginPage.path.smsLogin`. */
export const statePath = (node: AnyStateNode): string => node.path.join('.') || node.id;
