import { useEffect, useRef } from 'react';

/**
 * Calls back when the page is shown again (the customer comes back to this tab, e.g. from the email saying the number
 * is transferred): a page that follows something asks at once instead of at its next turn.
 */
export function useWhenShownAgain(callback: () => void) {
  const latest = useRef(callback);
  useEffect(() => { latest.current = callback; }, [callback]);
  useEffect(() => {
    const onChange = () => { if (document.visibilityState === 'visible') latest.current(); };
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
}
