/**
 * Dialogs and toasts any part of the client can raise; the app root renders them (FeedbackHost).
 * Spec section 7/8: a failed response shows a toast for 5 seconds; known business codes a warning dialog
 * with the message and one button.
 */
import { useSyncExternalStore } from 'react';

export const TOAST_MS = 5_000;

export interface DialogRequest {
  id: number;
  kind: 'alert' | 'confirm';
  message: string;
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  resolve: (confirmed: boolean) => void;
}

export interface Toast {
  id: number;
  message: string;
}

interface FeedbackState {
  dialogs: DialogRequest[];
  toasts: Toast[];
}

let state: FeedbackState = { dialogs: [], toasts: [] };
let nextId = 1;
const listeners = new Set<() => void>();
const set = (next: FeedbackState) => {
  state = next;
  for (const l of listeners) l();
};

export function showDialog(opts: { message: string; title?: string; confirmLabel?: string; onConfirm?: () => void }): void {
  const { onConfirm, ...rest } = opts;
  set({
    ...state,
    dialogs: [...state.dialogs, { ...rest, id: nextId++, kind: 'alert', resolve: () => onConfirm?.() }],
  });
}

export function confirmDialog(opts: { message: string; title?: string; confirmLabel?: string; cancelLabel?: string }): Promise<boolean> {
  return new Promise((resolve) => {
    set({ ...state, dialogs: [...state.dialogs, { ...opts, id: nextId++, kind: 'confirm', resolve }] });
  });
}

/** Closes the dialog on top of the queue; `confirmed` is what its promise (or onConfirm) gets. */
export function closeDialog(id: number, confirmed: boolean): void {
  const dialog = state.dialogs.find((d) => d.id === id);
  if (!dialog) return;
  set({ ...state, dialogs: state.dialogs.filter((d) => d.id !== id) });
  // A one-button dialog has no "no": closing it any way acknowledges it and runs onConfirm.
  dialog.resolve(dialog.kind === 'confirm' ? confirmed : true);
}

export function showToast(message: string): void {
  if (!message) return;
  const id = nextId++;
  set({ ...state, toasts: [...state.toasts, { id, message }] });
  setTimeout(() => dismissToast(id), TOAST_MS);
}

export function dismissToast(id: number): void {
  if (!state.toasts.some((t) => t.id === id)) return;
  set({ ...state, toasts: state.toasts.filter((t) => t.id !== id) });
}

export const getFeedback = (): FeedbackState => state;

export const subscribeFeedback = (l: () => void) => {
  listeners.add(l);
  return () => { listeners.delete(l); };
};

export function useFeedback(): FeedbackState {
  return useSyncExternalStore(subscribeFeedback, getFeedback, getFeedback);
}
