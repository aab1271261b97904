/** Spec section 2 "how-did-you-hear channel and reasons for choosing". */
import { useTranslation } from 'react-i18next';
import { CHANNELS, REASONS } from '../../src/contract/orders';
import type { Channel, Reason } from '../../machines/checkoutForm';
import type { CheckoutView } from './checkout.connect';
import { FormSection, SelectInput } from '../ui/fields';

export function AboutSection({ view }: { view: CheckoutView }) {
  const { t } = useTranslation('checkout');
  const reasons = view.draft.reasons;
  const toggle = (reason: Reason, on: boolean) =>
    view.change({ field: 'reasons', value: on ? [...reasons.filter((r) => r !== reason), reason] : reasons.filter((r) => r !== reason) });
  return (
    <FormSection title={t('about.title')}>
      <SelectInput field="channel" label={t('about.channel')} value={view.draft.channel} placeholder={t('about.chooseChannel')}
        options={CHANNELS.map((c) => ({ value: c, label: t(`about.channels.${c}`) }))}
        onChange={(value) => view.change({ field: 'channel', value: value as Channel })} errors={view.fieldError('channel')} />
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{t('about.reasons')} <span className="font-normal text-slate-600">{t('form.optional')}</span></legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {REASONS.map((r, i) => (
            <label key={r} className="flex items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" name="reasons" data-field={i === 0 ? 'reasons' : undefined} checked={reasons.includes(r)}
                onChange={(e) => toggle(r, e.target.checked)} className="h-4 w-4 accent-blue-700" />
              {t(`about.reasonOptions.${r}`)}
            </label>
          ))}
        </div>
      </fieldset>
    </FormSection>
  );
}
