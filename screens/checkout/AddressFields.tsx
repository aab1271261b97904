/** The checkout's country and address (shipping or billing), drawn with the storefront's one address form (ui/AddressLinesFields.tsx). */
import { useTranslation } from 'react-i18next';
import type { AddressDraft } from '../../machines/checkoutForm';
import { AddressLinesFields, useCountryName, type AddressCountry, type AddressLine } from '../ui/AddressLinesFields';
import { SelectInput } from '../ui/fields';
import type { CheckoutView } from './checkout.connect';

export function CountryField({ part, value, view }: { part: 'shipping' | 'billing'; value: AddressCountry; view: CheckoutView }) {
  const { t } = useTranslation('common');
  const nameOf = useCountryName();
  return (
    <SelectInput
      field={`${part}.country`} label={t('address.country')} value={value} autoComplete={`${part} country`}
      options={(['US', 'CN'] as const).map((c) => ({ value: c, label: nameOf(c) }))}
      onChange={(v) => view.change({ field: `${part}.country`, value: v })} errors={view.fieldError(`${part}.country`)}
    />
  );
}

/** The checkout's address (shipping or billing) on the shared form. */
export function AddressFields({ part, address, view }: { part: 'shipping' | 'billing'; address: AddressDraft; view: CheckoutView }) {
  const fieldOf = (line: AddressLine) => `${part}.${line}` as const;
  return (
    <AddressLinesFields section={part} country={address.country} values={address} fieldOf={fieldOf}
      onChange={(line, value) => view.change({ field: fieldOf(line), value })} errorsOf={(line) => view.fieldError(fieldOf(line))} />
  );
}
