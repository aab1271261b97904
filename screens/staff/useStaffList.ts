/**
 * A staff console list: loaded once the staff member is known, loaded again when `keys` change or on refresh, the
 * console's error shown in its words. An answer that arrives after the list moved on (another tab, a refresh) is dropped.
 */
import { useEffect, useState } from 'react';
import { StaffApiError } from '../../src/app/forScreens';
import { problemText, type Text } from '../ui/text';
import type { StaffMember } from './StaffFrame';

export function useStaffList<T>(me: StaffMember | undefined, load: () => Promise<T>, keys: readonly unknown[] = []) {
  const [answer, setAnswer] = useState<T | null>(null);
  const [problem, setProblem] = useState<Text | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!me) return undefined;
    let live = true;
    setAnswer(null);
    load().then((a) => { if (live) { setAnswer(a); setProblem(null); } },
      (e: unknown) => { if (live) setProblem(e instanceof StaffApiError ? problemText(e) : { key: 'errors:code.serverError' }); });
    return () => { live = false; };
    // `load` is a new function on every render: what it loads is named by `keys`.
  }, [me, tick, ...keys]);
  return { answer, problem, refresh: () => setTick((n) => n + 1) };
}
