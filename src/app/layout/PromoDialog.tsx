import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { AppLink } from './AppLink';

/** Opened by a `recommendCode` query parameter: the referral offer (spec section 9), with a way to the plans. */
export function PromoDialog({ code, open, onClose }: { code: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('layout');
  return (
    <Dialog.Root open={open} onOpenChange={(o) => { if (!o) onClose(); }}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 overflow-hidden rounded-2xl bg-white shadow-2xl focus:outline-none">
          <div className="bg-gradient-to-br from-blue-700 to-indigo-800 px-6 py-5 text-white">
            <p className="text-sm font-medium text-blue-100">{t('promo.eyebrow')}</p>
            <Dialog.Title className="mt-1 text-xl font-bold">{t('promo.title')}</Dialog.Title>
          </div>
          <div className="space-y-3 px-6 py-5">
            <Dialog.Description className="text-sm text-slate-700">{t('promo.body')}</Dialog.Description>
            <p className="text-sm text-slate-700">{t('promo.portIn')}</p>
            <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-800">{t('promo.code', { code })}</p>
            <p className="text-xs text-slate-600">{t('promo.fineprint')}</p>
          </div>
          <div className="flex justify-end gap-2 border-t border-slate-200 px-6 py-4">
            <Dialog.Close className="rounded-md px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100">{t('promo.later')}</Dialog.Close>
            <AppLink to="/plans" onClick={onClose} className="rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800">{t('promo.cta')}</AppLink>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
