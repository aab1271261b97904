/**
 * An address of spec section 3: country US or China, address lines, city, state (a US state, or a province), ZIP
 * ("US zip 5 digits and matches state") or a 6-digit China postal code.
 */
import { useTranslation } from 'react-i18next';
import { countryName } from '../../i18n';
import type { AddressDraft } from '../../machines/checkoutForm';
import { US_STATE_CODES, US_STATE_NAMES } from '../../src/domain/usStates';
import type { CheckoutView } from './checkout.connect';
import { SelectInput, TextInput } from './fields';

export function CountryField({ part, value, view }: { part: 'shipping' | 'billing'; value: 'US' | 'CN'; view: CheckoutView }) {
  const { t, i18n } = useTranslation('checkout');
  return (
    <SelectInput
      field={`${part}.country`} label={t('address.country')} value={value} autoComplete={`${part} country`}
      options={(['US', 'CN'] as const).map((c) => ({ value: c, label: countryName(c, i18n.language) }))}
      onChange={(v) => view.change({ field: `${part}.country`, value: v })} errors={view.fieldError(`${part}.country`)}
    />
  );
}

export function AddressFields({ part, address, view }: { part: 'shipping' | 'billing'; address: AddressDraft; view: CheckoutView }) {
  const { t } = useTranslation('checkout');
  const us = address.country === 'US';
  const field = (name: keyof AddressDraft) => `${part}.${name}` as const;
  const set = (name: keyof AddressDraft) => (value: string) => view.change({ field: field(name), value });
  return (
    <>
      <TextInput field={field('address1')} label={t('address.address1')} value={address.address1} autoComplete={`${part} address-line1`}
        hint={t('address.inEnglish')} onChange={set('address1')} errors={view.fieldError(field('address1'))} />
      <TextInput field={field('address2')} label={t('address.address2')} value={address.address2} autoComplete={`${part} address-line2`}
        optional onChange={set('address2')} errors={view.fieldError(field('address2'))} />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextInput field={field('city')} label={t('address.city')} value={address.city} autoComplete={`${part} address-level2`}
          onChange={set('city')} errors={view.fieldError(field('city'))} />
        {us ? (
          <SelectInput field={field('state')} label={t('address.state')} value={address.state} autoComplete={`${part} address-level1`}
            placeholder={t('address.chooseState')} options={US_STATE_CODES.map((s) => ({ value: s, label: `${US_STATE_NAMES[s]} (${s})` }))}
            onChange={set('state')} errors={view.fieldError(field('state'))} />
        ) : (
          <TextInput field={field('state')} label={t('address.province')} value={address.state} autoComplete={`${part} address-level1`}
            onChange={set('state')} errors={view.fieldError(field('state'))} />
        )}
        <TextInput field={field('zip')} label={t(us ? 'address.zip' : 'address.postcode')} value={address.zip} inputMode="numeric"
          autoComplete={`${part} postal-code`} maxLength={10} onChange={set('zip')} errors={view.fieldError(field('zip'))} />
      </div>
    </>
  );
}
