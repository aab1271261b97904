/** The line-order actor the layout owns, for its step screens. */
import { createContext, useContext } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { LineOrderMachine } from '../../machines/lineOrder.machine';

export const LineOrderActorContext = createContext<ActorRefFrom<LineOrderMachine> | null>(null);

export function useLineOrder() {
  const actor = useContext(LineOrderActorContext);
  if (!actor) throw new Error('line-order screens render inside LineOrderLayout');
  const snapshot = useSelector(actor, (s) => s);
  return { actor, snapshot, send: actor.send, kind: snapshot.context.kind };
}
