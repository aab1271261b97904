import { useEffect, useRef } from 'react';

/** The id of a form's message (Notice): where focus goes when no field is in error. */
export const FORM_ERROR_ID = 'checkout-form-error';

/** After a refused submit, focus moves to the first field in error (page order), or to the form's message. */
export function useFocusFirstError(request: number, fields: readonly string[]) {
  // Only a new request moves focus; the list of fields in error changes as the customer types.
  const latest = useRef(fields);
  useEffect(() => { latest.current = fields; }, [fields]);
  useEffect(() => {
    if (request === 0) return;
    const target = latest.current.map((f) => document.querySelector<HTMLElement>(`[data-field="${f}"]`)).find(Boolean)
      ?? document.getElementById(FORM_ERROR_ID);
    if (!target) return;
    target.focus({ preventScroll: true });
    target.scrollIntoView?.({ block: 'center' });
  }, [request]);
}

/**
 * Moves focus to a field once the dialog on top has closed (a dialog keeps focus inside itself while it is open), without
 * scrolling what the customer was reading away: the page moves only if the field is out of sight.
 */
export function focusFieldAfterDialog(field: string) {
  setTimeout(() => {
    const target = document.querySelector<HTMLElement>(`[data-field="${field}"]`);
    if (!target) return;
    target.focus({ preventScroll: true });
    target.scrollIntoView?.({ block: 'nearest' });
  }, 0);
}
