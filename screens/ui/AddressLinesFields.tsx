/**
 * The address of spec section 3, one form for the whole storefront (checkout shipping and billing, the change of
 * address of /tracking/modify, the E911 address): country US or China, address lines, city, state (a US state by its
 * name, or a province), ZIP ("US zip 5 digits and matches state") or a 6-digit China postal code. Country names come
 * from Intl.DisplayNames, state names from the usStates namespace, both in the page's language, each list in that
 * language's order; the value kept is the state's postal code.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { countryName } from '../../i18n';
import { US_STATE_CODES } from '../../src/domain/usStates';
import { SelectInput, TextInput } from './fields';
import type { Text } from './text';

export type AddressLine = 'address1' | 'address2' | 'city' | 'state' | 'zip';
export type AddressCountry = 'US' | 'CN';

/** The longest postal code of each country: 5-digit US ZIP, 6-digit China postal code. */
export const POSTAL_CODE_LENGTH: Record<AddressCountry, number> = { US: 5, CN: 6 };

/** The US states (and DC) by their names in the page's language with their postal code, sorted as that language sorts. */
export function useStateOptions(): { value: string; label: string }[] {
  const { t, i18n } = useTranslation(['usStates', 'common']);
  const lang = i18n.language;
  return useMemo(() => {
    const collator = new Intl.Collator(lang);
    return US_STATE_CODES
      .map((code) => ({ value: code, label: t('common:address.stateOption', { name: t(`usStates:${code}`), code }) }))
      .sort((a, b) => collator.compare(a.label, b.label));
  }, [t, lang]);
}

export function useCountryName() {
  const { i18n } = useTranslation();
  return (country: string) => countryName(country, i18n.language);
}

export function AddressLinesFields(props: {
  /** The autocomplete section of the controls. */
  section: 'shipping' | 'billing';
  country: AddressCountry;
  values: Record<AddressLine, string>;
  /** The control's name and `data-field`: the draft field it edits. */
  fieldOf: (line: AddressLine) => string;
  onChange: (line: AddressLine, value: string) => void;
  errorsOf: (line: AddressLine) => Text[];
}) {
  const { t } = useTranslation('common');
  const stateOptions = useStateOptions();
  const { section, values, fieldOf, errorsOf } = props;
  const us = props.country === 'US';
  const set = (line: AddressLine) => (value: string) => props.onChange(line, value);
  return (
    <>
      <TextInput field={fieldOf('address1')} label={t('address.address1')} value={values.address1} autoComplete={`${section} address-line1`}
        hint={t('address.inEnglish')} onChange={set('address1')} errors={errorsOf('address1')} />
      <TextInput field={fieldOf('address2')} label={t('address.address2')} value={values.address2} autoComplete={`${section} address-line2`}
        optional onChange={set('address2')} errors={errorsOf('address2')} />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextInput field={fieldOf('city')} label={t('address.city')} value={values.city} autoComplete={`${section} address-level2`}
          onChange={set('city')} errors={errorsOf('city')} />
        {us ? (
          <SelectInput field={fieldOf('state')} label={t('address.state')} value={values.state} autoComplete={`${section} address-level1`}
            placeholder={t('address.chooseState')} options={stateOptions} onChange={set('state')} errors={errorsOf('state')} />
        ) : (
          <TextInput field={fieldOf('state')} label={t('address.province')} value={values.state} autoComplete={`${section} address-level1`}
            onChange={set('state')} errors={errorsOf('state')} />
        )}
        <TextInput field={fieldOf('zip')} label={t(us ? 'address.zip' : 'address.postcode')} value={values.zip} inputMode="numeric"
          hint={t(us ? 'address.zipHint' : 'address.postcodeHint')} autoComplete={`${section} postal-code`}
          maxLength={POSTAL_CODE_LENGTH[props.country]} onChange={set('zip')} errors={errorsOf('zip')} />
      </div>
    </>
  );
}
