/** The keeping pages' actor the layout owns, for its three screens. */
import { createContext, useContext } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ProtectPageMachine } from '../../machines/protectPage.machine';

export const ProtectActorContext = createContext<ActorRefFrom<ProtectPageMachine> | null>(null);

export function useProtect() {
  const actor = useContext(ProtectActorContext);
  if (!actor) throw new Error('keeping screens render inside ProtectLayout');
  const snapshot = useSelector(actor, (s) => s);
  return { actor, snapshot, send: actor.send };
}
