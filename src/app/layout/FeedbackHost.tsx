import { useTranslation } from 'react-i18next';
import { closeDialog, dismissToast, useFeedback, type DialogRequest } from '../feedback';
import { lazyPart, useLazyPart } from './lazyPart';

/** The dialog's code (Radix Dialog) comes with the first dialog of the visit (decision 0023). */
const feedbackDialog = lazyPart(() => import('./FeedbackDialog'));

/**
 * Without the dialog's code (offline, which is when a dialog says the network failed): the same words and buttons in a
 * plain modal box, focused, closed with Escape.
 */
function PlainDialog({ dialog }: { dialog: DialogRequest }) {
  const { t } = useTranslation('common');
  const titleId = `feedback-title-${dialog.id}`;
  return (
    <>
      <div className="fixed inset-0 z-[60] bg-slate-900/50" aria-hidden="true" />
      <div
        role={dialog.kind === 'confirm' ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        ref={(node) => { node?.focus(); }}
        onKeyDown={(event) => { if (event.key === 'Escape') closeDialog(dialog.id, false); }}
        className="fixed top-1/2 left-1/2 z-[60] w-[min(92vw,26rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-2xl focus:outline-none"
      >
        <h2 id={titleId} className="text-base font-semibold text-slate-900">{dialog.title ?? t('feedback.notice')}</h2>
        <p className="mt-2 text-sm text-slate-700">{dialog.message}</p>
        <div className="mt-6 flex justify-end gap-2">
          {dialog.kind === 'confirm' && (
            <button type="button" onClick={() => closeDialog(dialog.id, false)} className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50">
              {dialog.cancelLabel ?? t('feedback.cancel')}
            </button>
          )}
          <button type="button" onClick={() => closeDialog(dialog.id, true)} className="rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800">
            {dialog.confirmLabel ?? t('feedback.ok')}
          </button>
        </div>
      </div>
    </>
  );
}

/** Renders the dialog on top of the queue (Radix Dialog) and the toasts (a polite live region). */
export function FeedbackHost() {
  const { t } = useTranslation('common');
  const { dialogs, toasts } = useFeedback();
  const dialog = dialogs[0];
  const { module, failed } = useLazyPart(feedbackDialog, Boolean(dialog));
  return (
    <>
      {module ? <module.FeedbackDialog dialog={dialog} /> : dialog && failed ? <PlainDialog dialog={dialog} /> : null}
      <div aria-live="polite" role="status" className="pointer-events-none fixed inset-x-0 top-4 z-[70] flex flex-col items-center gap-2 px-4">
        {toasts.map((toast) => (
          <div key={toast.id} className="pointer-events-auto flex max-w-md items-start gap-3 rounded-lg bg-slate-900 px-4 py-3 text-sm text-white shadow-lg">
            <span>{toast.message}</span>
            <button type="button" onClick={() => dismissToast(toast.id)} className="text-slate-300 hover:text-white" aria-label={t('feedback.dismiss')}>
              <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true"><path d="M3 3l8 8M11 3l-8 8" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" /></svg>
            </button>
          </div>
        ))}
      </div>
    </>
  );
}
