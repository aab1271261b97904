/**
 * Simulate: the chart runs here with its fake actors (machines/paths.ts fakeActors: a call never answers by itself)
 * and a simulated clock (a delay never runs out by itself); the person sends events, and the answers of calls and
 * the clock are events too, with the model's payloads (one per guard branch, machines/models). Each step lists the
 * transitions it took with their rules; the drawing lights the current states. Reset starts over.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createActor, SimulatedClock, type AnyActorRef, type AnyMachineSnapshot, type EventObject, type InspectionEvent, type StateValue } from 'xstate';
import { transitionIndex, type ChartTransition } from '../../machines/chart';
import type { ChartEntry } from '../../machines/index';
import { models } from '../../machines/models/index';
import { eventsFor, fakeActors } from '../../machines/paths';
import { Payload, stateText, type Highlight } from './shared';

interface Props {
  entry: ChartEntry;
  transitionsById: Map<string, ChartTransition>;
  onHighlight: (h: Highlight) => void;
}

interface LogEntry { event: string; payload: string; to: StateValue; took: string[] }

const payloadOf = (event: EventObject): string => {
  const { type: _type, ...rest } = event;
  return Object.keys(rest).length ? JSON.stringify(rest, (_k, v: unknown) => (v instanceof Error ? { message: v.message } : v)) : '';
};

/** `loadCaptcha answers`, `after 60s`: an event as a person reads it; the event type stays beside it. */
function useEventName() {
  const { t } = useTranslation('studio');
  return (type: string): string => {
    const done = type.match(/^xstate\.done\.actor\.(.+)$/);
    if (done) return t('simulate.answers', { actor: done[1] });
    const error = type.match(/^xstate\.error\.actor\.(.+)$/);
    if (error) return t('simulate.fails', { actor: error[1] });
    const after = type.match(/^xstate\.after\.(\d+)\./);
    if (after) return t('simulate.after', { seconds: Number(after[1]) / 1000 });
    return type;
  };
}

export function SimulatePanel({ entry, transitionsById, onHighlight }: Props) {
  const { t } = useTranslation('studio');
  const eventName = useEventName();
  const model = models[entry.id];
  const machine = useMemo(() => entry.machine.provide({ actors: fakeActors(entry.machine) }), [entry]);
  // The provided machine has its own transition objects: the index must be of it (the ids are the chart's).
  const index = useMemo(() => transitionIndex(machine), [machine]);
  const events = useMemo(() => (model ? eventsFor(model) : () => []), [model]);
  const [run, setRun] = useState(0);
  const [snapshot, setSnapshot] = useState<AnyMachineSnapshot | null>(null);
  const [log, setLog] = useState<LogEntry[]>([]);
  const actorRef = useRef<AnyActorRef | null>(null);
  const took = useRef<string[]>([]);

  useEffect(() => {
    const root: { ref: AnyActorRef | null } = { ref: null };
    const inspect = (e: InspectionEvent) => {
      if (e.type !== '@xstate.microstep' || (root.ref && e.actorRef !== root.ref)) return;
      for (const tr of (e as unknown as { _transitions: unknown[] })._transitions) {
        const found = index.get(tr as never);
        if (found) took.current.push(found.id);
      }
    };
    const actor = createActor(machine, { input: model?.input as never, clock: new SimulatedClock(), inspect });
    root.ref = actor;
    actorRef.current = actor;
    const sub = actor.subscribe({ next: (s) => setSnapshot(s), error: () => undefined });
    actor.start();
    took.current = [];
    setSnapshot(actor.getSnapshot());
    setLog([]);
    return () => { sub.unsubscribe(); actor.stop(); };
  }, [machine, model, index, run]);

  useEffect(() => {
    if (!snapshot) return;
    const transitions = new Map<string, number[]>();
    log.forEach((entryLog, i) => { for (const id of entryLog.took) transitions.set(id, [...(transitions.get(id) ?? []), i + 1]); });
    onHighlight({ current: snapshot._nodes.map((n: { id: string }) => n.id), transitions });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [snapshot, log]);

  if (!model) return <p className="text-sm text-red-800">{t('simulate.noModel')}</p>;
  const available = snapshot && snapshot.status === 'active' ? events(snapshot).filter((e) => snapshot.can(e)) : [];

  const send = (event: EventObject) => {
    const actor = actorRef.current;
    if (!actor) return;
    took.current = [];
    actor.send(event);
    const ids = took.current;
    took.current = [];
    setLog((l) => [...l, { event: event.type, payload: payloadOf(event), to: actor.getSnapshot().value as StateValue, took: ids }]);
  };

  return (
    <div data-testid="simulate-panel">
      <p className="text-xs text-slate-700">{t('simulate.intro')}</p>
      <div className="mt-3 rounded-md bg-blue-50 px-3 py-2 text-sm" role="status" aria-live="polite">
        <span className="text-slate-700">{t('simulate.now')}</span>{' '}
        <code className="font-semibold text-blue-900" data-testid="sim-state" lang="en">{snapshot ? stateText(snapshot.value as StateValue) : ''}</code>
        {snapshot?.status === 'done' && <span className="ml-2 text-slate-800">{t('simulate.done')}</span>}
      </div>
      <h3 className="mt-4 text-sm font-semibold text-slate-900">{t('simulate.events')}</h3>
      {available.length === 0 && <p className="mt-1 text-sm text-slate-700">{t('simulate.noEvents')}</p>}
      <ul className="mt-1 space-y-1" data-testid="sim-events">
        {available.map((e, i) => {
          const payload = payloadOf(e);
          return (
            <li key={`${e.type}-${i}`}>
              <button type="button" onClick={() => send(e)} data-event={e.type}
                className="w-full rounded-md bg-white px-2 py-1 text-left text-sm ring-1 ring-slate-300 hover:bg-blue-50 hover:ring-blue-400">
                <span className="font-medium text-slate-900" lang="en">{eventName(e.type)}</span>
                {payload && <code className="block truncate text-xs text-slate-700" title={payload} lang="en">{payload}</code>}
              </button>
            </li>
          );
        })}
      </ul>
      <div className="mt-4 flex items-center justify-between">
        <h3 className="text-sm font-semibold text-slate-900">{t('simulate.steps', { count: log.length })}</h3>
        <button type="button" onClick={() => setRun((r) => r + 1)} className="rounded-md px-3 py-1 text-sm text-blue-800 ring-1 ring-blue-300 hover:bg-blue-50">{t('simulate.reset')}</button>
      </div>
      <ol className="mt-2 space-y-2" data-testid="sim-log">
        {log.map((l, i) => (
          <li key={i} className="flex gap-2 rounded-md bg-slate-50 p-2 text-sm">
            <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-blue-700 text-xs font-bold text-white">{i + 1}</span>
            <div className="min-w-0">
              <code className="font-semibold text-slate-900" lang="en">{l.event}</code>
              {l.payload && <Payload text={l.payload} />}
              <p className="text-xs text-slate-800">→ <code lang="en">{stateText(l.to)}</code></p>
              {l.took.length === 0 && <p className="text-xs text-slate-600">{t('simulate.nothing')}</p>}
              {l.took.map((id, k) => {
                const tr = transitionsById.get(id);
                return <p key={`${id}-${k}`} className="mt-1 border-l-2 border-blue-300 pl-2 text-xs text-slate-700" lang="en"><code>{tr?.label ?? id}</code>{tr?.description ? `: ${tr.description}` : ''}</p>;
              })}
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
