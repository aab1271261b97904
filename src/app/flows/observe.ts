/**
 * What every flow's actor is started with, in a module of its own so that a page running one chart does not load the
 * others with it (/activation/first took the checkout, payment and login charts for these three names; decision 0048).
 */
import type { ActorOptions, AnyActorLogic, InspectionEvent } from 'xstate';
import { flowBeacon } from './studioBeacon';

/**
 * The clock the flows' delays (checkout: quote debounce, fulfilment and WeChat polling, QR expiry; activation: the
 * status asked again) run on: the browser's timers, unless a screen-depth test sets a simulated clock it moves itself.
 */
export const flowClock: { current: ActorOptions<AnyActorLogic>['clock'] } = { current: undefined };

/**
 * Observers of the flows' actors (xstate inspection): the screen-depth model tests record transitions here, and the
 * chart studio of another tab hears each flow's state (studioBeacon.ts).
 */
export const flowObservers = new Set<(event: InspectionEvent) => void>();
export const inspectFlow = (event: InspectionEvent): void => {
  flowBeacon(event);
  for (const observer of flowObservers) observer(event);
};
