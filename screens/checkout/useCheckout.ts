/** The checkout actor the layout owns, for its step screens. */
import { createContext, useContext } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { CheckoutMachine } from '../../machines/checkout.machine';
import { connect } from './checkout.connect';

export const CheckoutActorContext = createContext<ActorRefFrom<CheckoutMachine> | null>(null);

export function useCheckout() {
  const actor = useContext(CheckoutActorContext);
  if (!actor) throw new Error('checkout screens render inside CheckoutLayout');
  const snapshot = useSelector(actor, (s) => s);
  return { snapshot, view: connect(snapshot, actor.send) };
}
