/**
 * The activation form as typed (spec section 3 "Activation form") and its rules, read from the contract's schemas
 * (src/contract/activation.ts), the same ones the gateway parses: step 1 (ICCID, activation code, where the card was
 * collected), step 2 (new number or port-in, personal info, the account registered in the same step, Wi-Fi calling
 * with its E911 address) and the port-in correction of step 3 and /personal. Pure: no React, no I/O.
 */
import { z } from 'zod';
import {
  activationCodeField, activationFormSchema, iccidField, portInCorrectionFor, simCollected,
  type ActivationFormInput, type ActivationSim, type PortInCorrectionInput, type PortInReason, type SimCollected,
} from '../src/contract/activation';

export type NumberKind = 'new' | 'port';

export const PORT_FIELDS = ['carrier', 'msisdn', 'accountNumber', 'pin', 'accountZip'] as const;
export type PortField = (typeof PORT_FIELDS)[number];
export type PortDraft = Record<PortField, string>;

export const E911_LINES = ['address1', 'address2', 'city', 'state', 'zip'] as const;
export type E911Line = (typeof E911_LINES)[number];

/** Step 2 as typed: every field a string or a switch, so nothing the customer typed is lost on an error. */
export interface ActivationDraft {
  numberKind: NumberKind;
  /** The area code the numbers were looked up in, and the number picked from them. */
  areaCode: string;
  newNumber: string;
  port: PortDraft;
  birthday: string;
  email: string;
  zip: string;
  username: string;
  password: string;
  confirm: string;
  wifiCalling: boolean;
  e911: Record<E911Line, string>;
}

/** The form's fields by the names the screens give their controls (`data-field`): focus goes to the first in error. */
export type DraftField =
  | 'numberKind' | 'areaCode' | 'newNumber' | `port.${PortField}`
  | 'birthday' | 'email' | 'zip' | 'username' | 'password' | 'confirm'
  | 'wifiCalling' | `e911.${E911Line}` | 'e911.country';

export type FieldErrors = Partial<Record<string, string[]>>;

/** Page order of step 2's fields: focus goes to the first one in error. */
export const DRAFT_FIELD_ORDER: readonly DraftField[] = [
  'numberKind', 'areaCode', 'newNumber', ...PORT_FIELDS.map((f) => `port.${f}` as const),
  'birthday', 'email', 'zip', 'username', 'password', 'confirm',
  'wifiCalling', 'e911.country', ...E911_LINES.map((l) => `e911.${l}` as const),
];

export const emptyPort = (): PortDraft => ({ carrier: '', msisdn: '', accountNumber: '', pin: '', accountZip: '' });

export const emptyDraft = (): ActivationDraft => ({
  numberKind: 'new', areaCode: '', newNumber: '', port: emptyPort(),
  birthday: '', email: '', zip: '', username: '', password: '', confirm: '',
  wifiCalling: false, e911: { address1: '', address2: '', city: '', state: '', zip: '' },
});

export type DraftChange =
  | { field: 'numberKind'; value: NumberKind }
  | { field: 'wifiCalling'; value: boolean }
  | { field: Exclude<DraftField, 'numberKind' | 'wifiCalling' | 'e911.country'>; value: string };

export function setDraftField(draft: ActivationDraft, change: DraftChange): ActivationDraft {
  const { field, value } = change;
  if (field.startsWith('port.')) return { ...draft, port: { ...draft.port, [field.slice(5)]: value } };
  if (field.startsWith('e911.')) return { ...draft, e911: { ...draft.e911, [field.slice(5)]: value } };
  return { ...draft, [field]: value } as ActivationDraft;
}

/** What the step-2 rules depend on besides the draft: the card (global: data only) and whether an account is logged in. */
export interface FormScope { kind: ActivationSim['kind']; loggedIn: boolean }

/** The body of activationSubmit without its token: a global card has no number and no Wi-Fi calling; a logged-in customer no account. */
export function toFormBody(draft: ActivationDraft, scope: FormScope): ActivationFormInput {
  const number: ActivationFormInput['number'] = scope.kind === 'global'
    ? { kind: 'none' }
    : draft.numberKind === 'port'
      ? { kind: 'port', ...draft.port }
      : { kind: 'new', msisdn: draft.newNumber };
  return {
    number,
    personal: { birthday: draft.birthday, email: draft.email, zip: draft.zip },
    account: scope.loggedIn ? null : { username: draft.username, password: draft.password, confirm: draft.confirm },
    wifiCalling: scope.kind === 'us' && draft.wifiCalling
      ? { enabled: true, e911: { country: 'US', ...draft.e911, address2: draft.e911.address2 || null } }
      : { enabled: false },
  };
}

/** The form field a contract issue path names. */
const fieldOfPath = (path: readonly PropertyKey[]): DraftField => {
  const [head, second, third] = path.map(String);
  switch (head) {
    case 'number': return second === 'msisdn' ? 'newNumber' : second && second !== 'kind' ? (`port.${second}` as DraftField) : 'numberKind';
    case 'personal': return (second ?? 'birthday') as DraftField;
    case 'account': return (second ?? 'username') as DraftField;
    case 'wifiCalling': return third ? (`e911.${third}` as DraftField) : 'wifiCalling';
    default: return 'numberKind';
  }
};

const collect = <F extends string>(issues: readonly z.core.$ZodIssue[], fieldOf: (path: readonly PropertyKey[]) => F): Partial<Record<F, string[]>> => {
  const out: Partial<Record<F, string[]>> = {};
  for (const issue of issues) {
    const field = fieldOf(issue.path);
    const list = (out[field] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return out;
};

/**
 * Step 2's broken rules by field (i18n keys of `validation`): the contract's activationFormSchema. A new number must
 * have been picked from the numbers offered ('validation:newNumber.required' until then).
 */
export function formProblems(draft: ActivationDraft, scope: FormScope): FieldErrors {
  const result = activationFormSchema.safeParse(toFormBody(draft, scope));
  return result.success ? {} : collect(result.error.issues, fieldOfPath);
}

// ---- step 1 --------------------------------------------------------------------------------------

export type SimField = 'iccid' | 'activationCode' | 'collected';
export interface SimDraft { iccid: string; activationCode: string; collected: SimCollected | '' }

const simCheckSchema = z.object({
  iccid: iccidField,
  activationCode: activationCodeField,
  collected: simCollected.or(z.literal('')).refine((v) => v !== '', 'validation:collected.required'),
});

export function simProblems(sim: SimDraft): Partial<Record<SimField, string[]>> {
  const result = simCheckSchema.safeParse(sim);
  return result.success ? {} : collect(result.error.issues, (path) => String(path[0] ?? 'iccid') as SimField);
}

/** The ICCID as the gateway reads it: the spaces and dashes printed on the card dropped. */
export const normalIccid = (iccid: string): string => iccid.replace(/[\s-]/g, '');

// ---- port-in correction --------------------------------------------------------------------------

/**
 * The correction's broken rules by field, for a port the carrier refused for `reason` (the contract's
 * portInCorrectionFor, which the gateway applies too): the account number and PIN are never sent back to be filled
 * in, so left empty they are kept as the carrier was given them; the one the carrier named must be typed again.
 */
export function correctionProblems(port: PortDraft, reason: PortInReason | null): Partial<Record<PortField, string[]>> {
  const result = portInCorrectionFor(reason).safeParse(toCorrectionBody(port));
  return result.success ? {} : collect(result.error.issues, (path) => String(path[0] ?? 'carrier') as PortField);
}

/** The correction as sent: an empty account number or PIN is left out (kept as it was). */
export function toCorrectionBody(port: PortDraft): PortInCorrectionInput {
  const { accountNumber, pin, ...rest } = port;
  return { ...rest, ...(accountNumber.trim() ? { accountNumber } : {}), ...(pin.trim() ? { pin } : {}) };
}

/** Area codes: three digits, not starting with 0 or 1 (the contract's activationNumbers rule). */
export const areaCodeIsValid = (areaCode: string): boolean => /^[2-9]\d{2}$/.test(areaCode.trim());

/** A step-2 draft as kept for a reload: never the password, its confirmation, the carrier PIN or account number. */
export const withoutSecrets = (draft: ActivationDraft): ActivationDraft => ({
  ...draft, password: '', confirm: '', port: { ...draft.port, accountNumber: '', pin: '' },
});
