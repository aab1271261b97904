/**
 * A part of the shell loaded when first used (decision 0023): menus and dialogs (Radix and its positioning code) are
 * not in the first load of a page; their module is fetched on the first open (or on a hover or focus that announces
 * it) and kept for the rest of the visit. A failed fetch (offline) is forgotten, so the next use tries again.
 */
import { useEffect, useState } from 'react';

export interface LazyPart<M> {
  /** Starts the fetch (once) and answers the module. */
  load(): Promise<M>;
  /** The module when it has loaded, else null. */
  current(): M | null;
}

export function lazyPart<M>(importer: () => Promise<M>): LazyPart<M> {
  let loaded: M | null = null;
  let pending: Promise<M> | null = null;
  return {
    load: () => (pending ??= importer().then(
      (m) => (loaded = m),
      (e: unknown) => { pending = null; throw e; },
    )),
    current: () => loaded,
  };
}

/**
 * The part's module once `wanted` has been true (it stays loaded afterwards); `failed` when its fetch failed, so the
 * caller can show a plain stand-in rather than nothing.
 */
export function useLazyPart<M>(part: LazyPart<M>, wanted: boolean): { module: M | null; failed: boolean } {
  const [module, setModule] = useState<M | null>(part.current);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!wanted || module) return;
    let live = true;
    part.load().then((m) => { if (live) { setModule(() => m); setFailed(false); } }, () => { if (live) setFailed(true); });
    return () => { live = false; };
  }, [part, wanted, module]);
  return { module, failed };
}
