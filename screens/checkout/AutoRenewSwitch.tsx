/**
 * Spec sections 4 and 5: "Auto-renewal: not open, open (card or balance) ... Terms must be accepted to open. When
 * on, the card is charged before expiry, non-refundable." Turning the switch on shows the terms first.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckoutView } from './checkout.connect';
import { secondaryButton } from '../ui/fields';
import { useText } from '../ui/text';

export function AutoRenewSwitch({ view }: { view: CheckoutView }) {
  const { t } = useTranslation('checkout');
  const text = useText();
  const labelId = useId();
  const errors = view.fieldError('autoRenewTermsAccepted');
  const errorsId = useId();
  const on = view.autoRenew === 'on';
  const toggle = useRef<HTMLButtonElement>(null);
  return (
    <div className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
      <div className="flex items-center justify-between gap-3">
        <div>
          <p id={labelId} className="text-sm font-semibold text-slate-900">{t('autoRenew.label')}</p>
          <p className="text-xs text-slate-700">{t(on ? 'autoRenew.onNote' : 'autoRenew.offNote')}</p>
        </div>
        <button
          ref={toggle}
          type="button"
          role="switch"
          data-field="autoRenewTermsAccepted"
          aria-checked={on}
          aria-labelledby={labelId}
          aria-describedby={errors.length ? errorsId : undefined}
          onClick={() => (on ? view.turnAutoRenewOff() : view.turnAutoRenewOn())}
          className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2 ${on ? 'bg-blue-700' : 'bg-slate-400'}`}
        >
          <span aria-hidden="true" className={`inline-block h-5 w-5 rounded-full bg-white shadow transition ${on ? 'translate-x-6' : 'translate-x-1'}`} />
        </button>
      </div>
      {errors.length > 0 && <ul id={errorsId} className="mt-1 text-sm text-rose-700">{errors.map((e, i) => <li key={i}>{text(e)}</li>)}</ul>}

      <Dialog.Root open={view.autoRenew === 'readingTerms'} onOpenChange={(open) => { if (!open) view.declineAutoRenewTerms(); }}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-[60] bg-slate-900/50" />
          {/* The dialog has no Trigger (the chart opens it): focus goes back to the switch when it closes. */}
          <Dialog.Content onCloseAutoFocus={(e) => { e.preventDefault(); toggle.current?.focus(); }} className="fixed top-1/2 left-1/2 z-[60] max-h-[90vh] w-[min(92vw,30rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-2xl focus:outline-none">
            <Dialog.Title className="text-lg font-semibold text-slate-900">{t('autoRenew.termsTitle')}</Dialog.Title>
            <Dialog.Description asChild>
              <div className="mt-3 space-y-2 text-sm text-slate-800">
                <p>{t('autoRenew.terms1')}</p>
                <p>{t('autoRenew.terms2')}</p>
                <p>{t('autoRenew.terms3')}</p>
                <p>{t('autoRenew.terms4')}</p>
              </div>
            </Dialog.Description>
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <button type="button" className={secondaryButton} onClick={view.declineAutoRenewTerms}>{t('autoRenew.decline')}</button>
              <button type="button" className="inline-flex items-center justify-center rounded-full bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600" onClick={view.acceptAutoRenewTerms}>
                {t('autoRenew.accept')}
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </div>
  );
}
