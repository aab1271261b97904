import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the server renders a page and while the browser hydrates that HTML (decision 0022), true in every render
 * after: what only the browser knows (its clock, this tab's storage) shows from then on, so the HTML the server sent
 * and the hydrating render agree. A page the browser renders by itself is true from its first render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(never, () => true, () => false);
}
