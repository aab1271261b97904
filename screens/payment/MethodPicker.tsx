/** Spec section 3 pay methods map: the methods the gateway allows, as radios; locked while a payment runs. */
import { useTranslation } from 'react-i18next';
import type { PaymentView } from './payment.connect';

export function MethodPicker({ view }: { view: PaymentView }) {
  const { t } = useTranslation('payment');
  if (view.methods.length < 2) return null;
  return (
    <fieldset disabled={!view.canSwitch}>
      <legend className="text-sm font-medium text-slate-800">{t('methods.legend')}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {view.methods.map((m) => {
          const checked = view.method === m;
          return (
            <label key={m} className={`flex cursor-pointer items-start gap-3 rounded-xl border px-3 py-3 text-sm focus-within:ring-2 focus-within:ring-blue-600 ${checked ? 'border-blue-700 bg-blue-50' : 'border-slate-300 bg-white hover:border-slate-400'}`}>
              <input type="radio" name="payMethod" value={m} checked={checked} onChange={() => view.chooseMethod(m)} className="mt-0.5 h-4 w-4 accent-blue-700" />
              <span>
                <span className="block font-semibold text-slate-900">{t(`methods.${m}`)}</span>
                <span className="block text-xs text-slate-700">{t(`methods.${m}Note`)}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
