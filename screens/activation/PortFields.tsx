/**
 * The port-in details (spec section 3: "original carrier, original number, carrier account number, PIN, original
 * account zip"; section 5: "Port-in needs account number and PIN"): step 2, the correction on step 3 and in /personal.
 * In a correction the account number and PIN come back empty (they are never sent back): left empty they are kept as
 * the carrier was given them, except the one the carrier named, which is typed again.
 */
import { useTranslation } from 'react-i18next';
import type { PortDraft, PortField } from '../../machines/activationForm';
import { TextInput } from '../ui/fields';
import type { Text } from '../ui/text';

/** What a correction keeps when left empty: the account number (its last two characters shown) and the PIN. */
export interface KeptSecrets { accountNumberHint: string }

export function PortFields({ values, errorsOf, onChange, highlight, kept }: {
  values: PortDraft;
  errorsOf: (field: PortField) => Text[];
  onChange: (field: PortField, value: string) => void;
  /** The field the carrier said is wrong. */
  highlight?: PortField | null;
  /** A correction: the secrets the gateway keeps when left empty. */
  kept?: KeptSecrets | null;
}) {
  const { t } = useTranslation('activation');
  const field = (f: PortField) => `port.${f}`;
  const secretNamed = (f: 'accountNumber' | 'pin') => kept && highlight === f;
  const mark = (f: PortField) => (highlight === f ? t(f === 'accountNumber' || f === 'pin' ? 'port.enterAgain' : 'port.checkThis') : undefined);
  const keptHint = (f: 'accountNumber' | 'pin') => (kept && !secretNamed(f)
    ? t(f === 'pin' ? 'port.keptPin' : 'port.keptAccountNumber', { last2: kept.accountNumberHint })
    : undefined);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextInput field={field('carrier')} label={t('port.carrier')} value={values.carrier} autoComplete="off" hint={mark('carrier') ?? t('port.carrierHint')}
        onChange={(v) => onChange('carrier', v)} errors={errorsOf('carrier')} />
      <TextInput field={field('msisdn')} label={t('port.msisdn')} value={values.msisdn} type="tel" inputMode="tel" autoComplete="tel-national" hint={mark('msisdn')}
        onChange={(v) => onChange('msisdn', v)} errors={errorsOf('msisdn')} />
      <TextInput field={field('accountNumber')} label={t('port.accountNumber')} value={values.accountNumber} autoComplete="off"
        optional={Boolean(kept) && !secretNamed('accountNumber')} hint={mark('accountNumber') ?? keptHint('accountNumber') ?? t('port.accountNumberHint')}
        onChange={(v) => onChange('accountNumber', v)} errors={errorsOf('accountNumber')} />
      <TextInput field={field('pin')} label={t('port.pin')} value={values.pin} autoComplete="off"
        optional={Boolean(kept) && !secretNamed('pin')} hint={mark('pin') ?? keptHint('pin') ?? t('port.pinHint')}
        onChange={(v) => onChange('pin', v)} errors={errorsOf('pin')} />
      <TextInput field={field('accountZip')} label={t('port.accountZip')} value={values.accountZip} inputMode="numeric" maxLength={5} autoComplete="off" hint={mark('accountZip')}
        onChange={(v) => onChange('accountZip', v)} errors={errorsOf('accountZip')} />
    </div>
  );
}
