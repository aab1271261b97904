/** The top-up actor the layout owns, for its step screens. */
import { createContext, useContext } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { TopUpMachine } from '../../machines/topUp.machine';

export const TopUpActorContext = createContext<ActorRefFrom<TopUpMachine> | null>(null);

export function useTopUp() {
  const actor = useContext(TopUpActorContext);
  if (!actor) throw new Error('top-up screens render inside TopUpLayout');
  const snapshot = useSelector(actor, (s) => s);
  return { actor, snapshot, send: actor.send };
}
