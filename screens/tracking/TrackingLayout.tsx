/**
 * The layout route of the `tracking` flow (/tracking/search, /result, /modify): it owns the chart's actor, so the
 * grant of a search survives moving between the three URLs and dies with the page (memory only). The URL follows
 * the chart (tracking.connect.ts syncUrl).
 */
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import type { SnapshotFrom } from 'xstate';
import { inspectFlow, trackingFlow } from '../../src/app/forScreens';
import type { TrackingEvent, TrackingMachine } from '../../machines/tracking.machine';
import { stepOf, syncUrl, type TrackingStep } from './tracking.connect';

interface TrackingActor {
  snapshot: SnapshotFrom<TrackingMachine>;
  send: (event: TrackingEvent) => void;
  step: TrackingStep;
}

const TrackingActorContext = createContext<TrackingActor | null>(null);

export function useTracking(): TrackingActor {
  const actor = useContext(TrackingActorContext);
  if (!actor) throw new Error('useTracking outside the tracking layout');
  return actor;
}

export default function TrackingLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  // ?orderNo=&email= (links from result pages and emails) prefill the search once, when the flow starts.
  const [input] = useState(() => {
    const params = new URLSearchParams(location.search);
    return { orderNo: params.get('orderNo'), email: params.get('email') };
  });
  const [snapshot, send, actorRef] = useMachine(trackingFlow, { input, inspect: inspectFlow });
  const step = stepOf(snapshot.value);
  const lastStep = useRef<TrackingStep | null>(null);

  useEffect(() => {
    const action = syncUrl({ step, lastStep: lastStep.current, pathname: location.pathname, can: (e) => actorRef.getSnapshot().can(e) });
    lastStep.current = step;
    if (action.kind === 'navigate') navigate(action.to, { replace: action.replace });
    else if (action.kind === 'send') actorRef.send(action.event);
  }, [step, location.pathname, navigate, actorRef]);

  return (
    <TrackingActorContext.Provider value={{ snapshot, send, step }}>
      <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12" data-testid="tracking" data-state={JSON.stringify(snapshot.value)}>
        <Outlet />
      </div>
    </TrackingActorContext.Provider>
  );
}
