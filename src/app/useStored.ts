import { useCallback, useSyncExternalStore } from 'react';
import { getItem, subscribeStorage, type StorageKey, type StoredValues } from '../storage';

/** A stored value that re-renders the component when this tab changes it. */
export function useStored<K extends StorageKey>(key: K): StoredValues[K] | null {
  const subscribe = useCallback((l: () => void) => subscribeStorage((k) => { if (k === key) l(); }), [key]);
  // Snapshot by raw JSON so an unchanged value keeps its identity.
  const raw = useSyncExternalStore(subscribe, () => JSON.stringify(getItem(key)), () => 'null');
  return JSON.parse(raw) as StoredValues[K] | null;
}
