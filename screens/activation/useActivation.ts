/** The activation actor the layout owns, for its step screens (and the plan purchase's /activation/propagate). */
import { createContext, useContext } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ActivationMachine } from '../../machines/activation.machine';

export const ActivationActorContext = createContext<ActorRefFrom<ActivationMachine> | null>(null);

export function useActivation() {
  const actor = useContext(ActivationActorContext);
  if (!actor) throw new Error('activation screens render inside ActivationLayout');
  const snapshot = useSelector(actor, (s) => s);
  return { snapshot, send: actor.send };
}
