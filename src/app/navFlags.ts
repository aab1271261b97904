/**
 * Spec section 2: "Clicking a link to the current route sets a forget flag and a title-active flag."
 * The forget flag (stored `forget`) tells the screen to start fresh; the layout remounts it by bumping a key.
 */
import { useSyncExternalStore } from 'react';
import { setItem } from '../storage';

let remountKey = 0;
const listeners = new Set<() => void>();

export function markCurrentRouteClicked(pathname: string): void {
  setItem('forget', true);
  setItem('titleActive', pathname);
  remountKey += 1;
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => { listeners.delete(l); };
};
const get = () => remountKey;

export function useRemountKey(): number {
  return useSyncExternalStore(subscribe, get, get);
}
