/** Spec section 4: "A loading overlay shows while any request is pending (counted)." */
import { useSyncExternalStore } from 'react';

let pending = 0;
const listeners = new Set<() => void>();
const emit = () => { for (const l of listeners) l(); };

export const startLoading = () => { pending += 1; emit(); };
export const endLoading = () => { pending = Math.max(0, pending - 1); emit(); };
export const pendingRequests = () => pending;

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => { listeners.delete(l); };
};

export function usePendingRequests(): number {
  return useSyncExternalStore(subscribe, pendingRequests, pendingRequests);
}
