/**
 * The dialog on top of the feedback queue (Radix Dialog), loaded with the first dialog a visit raises (FeedbackHost,
 * decision 0023). When it cannot be fetched,
 * FeedbackHost shows the same words in a plain box.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { closeDialog, type DialogRequest } from '../feedback';

function WarningIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" className="mt-0.5 shrink-0 text-amber-500">
      <path d="M12 3l10 18H2L12 3z" fill="currentColor" /><path d="M12 10v5M12 17.5v.5" stroke="white" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function DialogButtons({ dialog }: { dialog: DialogRequest }) {
  const { t } = useTranslation('common');
  return (
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
  );
}

const dialogClass = 'fixed top-1/2 left-1/2 z-[60] w-[min(92vw,26rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-2xl focus:outline-none';

export function FeedbackDialog({ dialog }: { dialog: DialogRequest | undefined }) {
  const { t } = useTranslation('common');
  return (
    <Dialog.Root open={Boolean(dialog)} onOpenChange={(open) => { if (!open && dialog) closeDialog(dialog.id, false); }}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-slate-900/50" />
        {dialog && (
          <Dialog.Content role={dialog.kind === 'confirm' ? 'alertdialog' : 'dialog'} className={dialogClass}>
            <div className="flex items-start gap-3">
              <WarningIcon />
              <div>
                <Dialog.Title className="text-base font-semibold text-slate-900">{dialog.title ?? t('feedback.notice')}</Dialog.Title>
                <Dialog.Description className="mt-2 text-sm text-slate-700">{dialog.message}</Dialog.Description>
              </div>
            </div>
            <DialogButtons dialog={dialog} />
          </Dialog.Content>
        )}
      </Dialog.Portal>
    </Dialog.Root>
  );
}
