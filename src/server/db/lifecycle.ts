/**
 * Server lifecycles (ARCHITECTURE.md, Statecharts): an entity's state lives in its own row; an event is applied
 * with xstate's pure transition function; an event the chart does not accept in that state is refused with a
 * business error; the new state, the effects the chart names and a state_history row are written in ONE
 * transaction, with the entity's row locked, so two requests cannot both move it from the same state.
 * Shipment, the SIM lifecycle and port-in use it; nested states are stored by their dotted path.
 */
import { transition, type AnyStateMachine, type EventObject, type StateValue } from 'xstate';
import type { ErrorCode } from '../../contract/errors';
import type { Db } from './database';
import { stateHistory } from './schema';
import { GatewayError } from '../http/errors';

/** Where one entity's state is kept: the host maps its column values to the chart's state names. */
export interface LifecycleStore {
  /** The chart's state of the entity, read with its row locked (`for update`); null when there is no such entity. */
  load(tx: Db): Promise<string | null>;
  save(tx: Db, state: string): Promise<void>;
}

/** The chart's named actions, implemented by the host inside the same transaction. */
export type LifecycleActions<E extends EventObject> = Record<string, (tx: Db, event: E) => Promise<void>>;

export interface ApplyEvent<E extends EventObject> {
  /** Chart id of machines/index.ts, written to state_history. */
  chart: string;
  machine: AnyStateMachine;
  /** The entity's natural key (the order number for a shipment). */
  entityRef: string;
  store: LifecycleStore;
  event: E;
  actions: LifecycleActions<E>;
  at: Date;
  /**
   * The business error for an event this state does not accept (e.g. 'alreadyShipped'), or the error for the state the
   * entity is in (the plan chart: 120079 without a plan, 120080 with a pending one).
   */
  rejectWith: ErrorCode | GatewayError | ((from: string) => ErrorCode | GatewayError);
  /** The business error when the entity does not exist. */
  missingWith?: ErrorCode;
  meta?: Record<string, unknown>;
}

export interface AppliedEvent { from: string; to: string }

/** A state as stored: a top-level state by its name, a nested one by its dotted path (`activated.physical`). */
export const stateName = (value: StateValue): string => {
  if (typeof value === 'string') return value;
  const [key, inner] = Object.entries(value)[0]!;
  return inner === undefined ? key : `${key}.${stateName(inner)}`;
};

/** The chart's state value of a stored name (`activated.physical` -> { activated: 'physical' }). */
export const stateValueOf = (name: string): StateValue =>
  name.split('.').reduceRight<StateValue | null>((inner, key) => (inner === null ? key : { [key]: inner }), null)!;

/** Applies one event; throws GatewayError(rejectWith) when the chart refuses it, changing nothing. */
export async function applyLifecycleEvent<E extends EventObject>(db: Db, input: ApplyEvent<E>): Promise<AppliedEvent> {
  return db.transaction(async (trx) => applyLifecycleEventIn(trx as unknown as Db, input));
}

/**
 * The same, inside the caller's transaction, for a host that already holds the entity's row locked and writes more in
 * the same transaction (an order's payment: the attempt, the order and its fulfilment job commit together).
 */
export async function applyLifecycleEventIn<E extends EventObject>(tx: Db, input: ApplyEvent<E>): Promise<AppliedEvent> {
  const from = await input.store.load(tx);
  if (from === null) throw new GatewayError(input.missingWith ?? 'noRecord');
  // Lifecycle charts keep no context of their own: the entity's row is their context, guards read the event.
  const snapshot = input.machine.resolveState({ value: stateValueOf(from), context: {} });
  if (input.machine.getTransitionData(snapshot, input.event).length === 0) {
    const refusal = typeof input.rejectWith === 'function' ? input.rejectWith(from) : input.rejectWith;
    throw refusal instanceof GatewayError ? refusal : new GatewayError(refusal);
  }
  const [next, actions] = transition(input.machine, snapshot, input.event);
  for (const action of actions) {
    const run = input.actions[action.type];
    // A chart action the host forgot would silently skip an effect: fail loudly instead.
    if (!run) throw new Error(`${input.chart}: no implementation for action ${action.type}`);
    await run(tx, input.event);
  }
  const to = stateName(next.value as StateValue);
  if (to !== from) await input.store.save(tx, to);
  const { type, ...payload } = input.event;
  await tx.insert(stateHistory).values({
    chart: input.chart, entityRef: input.entityRef, fromState: from, event: type, toState: to,
    meta: { ...payload, ...input.meta }, at: input.at,
  });
  return { from, to };
}
