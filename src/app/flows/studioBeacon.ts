/**
 * Tells the chart studio open in another tab of the same browser what state each flow of this tab is in (issue 17,
 * "live"): every snapshot of a flow's root actor goes out on a BroadcastChannel, which only pages of the same origin
 * in the same browser receive. The state's value and the chart's id only, never the context (what the customer
 * typed). A studio that opens later says hello and hears the latest state of every flow still running.
 */
import type { AnyMachineSnapshot, InspectionEvent, StateValue } from 'xstate';

export const STUDIO_CHANNEL = 'linkbridge-studio';

export interface FlowBeacon {
  type: 'flow';
  /** This page load, so two tabs running the same flow are told apart. */
  tab: string;
  actor: string;
  /** The chart's machine id (machines/index.ts: `entry.machine.id`). */
  machine: string;
  value: StateValue;
  status: AnyMachineSnapshot['status'];
  /** The page's path, so the studio can say where the flow runs. */
  path: string;
  at: number;
}

const tab = Math.random().toString(36).slice(2, 10);
const latest = new Map<string, FlowBeacon>();
let channel: BroadcastChannel | null | undefined;

function open(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(STUDIO_CHANNEL) : null;
  if (!channel) return null;
  // In Node (the jsdom tests) an open channel would keep the process alive.
  (channel as unknown as { unref?: () => void }).unref?.();
  channel.onmessage = (message: MessageEvent<{ type?: string }>) => {
    if (message.data?.type === 'hello') for (const beacon of latest.values()) channel?.postMessage(beacon);
  };
  return channel;
}

export function flowBeacon(event: InspectionEvent): void {
  if (event.type !== '@xstate.snapshot' || event.actorRef.sessionId !== event.rootId) return;
  const snapshot = event.snapshot as AnyMachineSnapshot;
  const machine = snapshot.machine?.id;
  if (!machine) return;
  const beacon: FlowBeacon = {
    type: 'flow', tab, actor: event.actorRef.sessionId, machine, value: snapshot.value, status: snapshot.status,
    path: typeof location === 'undefined' ? '' : location.pathname, at: Date.now(),
  };
  if (snapshot.status === 'active') latest.set(beacon.actor, beacon);
  else latest.delete(beacon.actor);
  try {
    open()?.postMessage(beacon);
  } catch {
    // A value that cannot be cloned, a closed channel: the studio is a convenience, the flow goes on.
  }
}
