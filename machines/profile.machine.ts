/**
 * /personal/myinfo and /global/personal/myinfo: "my information with edit" (spec section 2, Personal centre) of the
 * Account of spec section 3: English and Chinese names, email, contact number, birthday (set once), billing address,
 * and the referral code, link, QR code, bonus and count. Issue 14: the email changes only after "a code to the new
 * address". States tagged 'technical' (loading, calling) fold into their parent in the business view.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ProfileData, ProfileUpdateInput } from '../src/contract/profile';
import { newEmailField, profileUpdateBody } from '../src/contract/profile';
import { smsCodeField } from '../src/contract/fields';
import { toProblem, type Problem } from './login.machine';

export const PROFILE_FIELDS = [
  'firstNameEn', 'lastNameEn', 'firstNameZh', 'lastNameZh', 'contactPhone', 'birthday',
  'country', 'address1', 'address2', 'city', 'state', 'zip',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileDraft = Record<ProfileField, string>;
export type ProfileErrors = Partial<Record<ProfileField | 'email' | 'code', string[]>>;

export interface ProfileContext {
  profile: ProfileData | null;
  draft: ProfileDraft;
  newEmail: string;
  emailCode: string;
  fieldErrors: ProfileErrors;
  problem: Problem | null;
  notice: 'saved' | 'emailChanged' | 'codeSent' | null;
}

export type ProfileEvent =
  | { type: 'profile.retry' }
  | { type: 'info.edit' }
  | { type: 'info.cancel' }
  | { type: 'field.change'; field: ProfileField; value: string }
  | { type: 'info.submit' }
  | { type: 'email.change' }
  | { type: 'email.cancel' }
  | { type: 'email.type'; value: string }
  | { type: 'code.type'; value: string }
  | { type: 'email.sendCode' }
  | { type: 'email.verify' };

const EMPTY_DRAFT: ProfileDraft = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, ''])) as ProfileDraft;

/** The form as the profile has it: empty strings for what is not set; a US billing address by default. */
export const draftOf = (p: ProfileData | null): ProfileDraft => ({
  ...EMPTY_DRAFT,
  firstNameEn: p?.firstNameEn ?? '', lastNameEn: p?.lastNameEn ?? '', firstNameZh: p?.firstNameZh ?? '', lastNameZh: p?.lastNameZh ?? '',
  contactPhone: p?.contactPhone ?? p?.phone ?? '', birthday: p?.birthday ?? '',
  country: p?.billing?.country ?? 'US', address1: p?.billing?.address1 ?? '', address2: p?.billing?.address2 ?? '',
  city: p?.billing?.city ?? '', state: p?.billing?.state ?? '', zip: p?.billing?.zip ?? '',
});

/**
 * What the form sends: the billing address only when any of its lines is filled (it is optional as a whole), the
 * birthday only while the account has none ("not changeable after submit").
 */
export const bodyOf = (d: ProfileDraft, birthdaySet: boolean): ProfileUpdateInput => {
  const anyBilling = [d.address1, d.address2, d.city, d.state, d.zip].some((v) => v.trim());
  return {
    firstNameEn: d.firstNameEn, lastNameEn: d.lastNameEn, firstNameZh: d.firstNameZh || null, lastNameZh: d.lastNameZh || null,
    contactPhone: d.contactPhone,
    ...(birthdaySet ? {} : { birthday: d.birthday }),
    billing: anyBilling
      ? { country: d.country as 'US' | 'CN', address1: d.address1, address2: d.address2 || null, city: d.city, state: d.state, zip: d.zip }
      : null,
  };
};

export const profileProblems = (d: ProfileDraft, birthdaySet: boolean): ProfileErrors => {
  const result = profileUpdateBody.safeParse(bodyOf(d, birthdaySet));
  if (result.success) return {};
  const out: ProfileErrors = {};
  for (const issue of result.error.issues) {
    const field = [...issue.path].reverse().find((p) => typeof p === 'string') as ProfileField | undefined;
    (out[field ?? 'firstNameEn'] ??= []).push(issue.message);
  }
  return out;
};

const firstIssue = (schema: typeof newEmailField | typeof smsCodeField, value: string): string[] | undefined => {
  const r = schema.safeParse(value);
  return r.success ? undefined : [r.error.issues[0]!.message];
};

export const profileMachine = setup({
  types: { context: {} as ProfileContext, events: {} as ProfileEvent },
  actors: {
    loadProfile: fromPromise<ProfileData>(() => Promise.reject(new Error('provided by the host'))),
    saveProfile: fromPromise<ProfileData, ProfileUpdateInput>(() => Promise.reject(new Error('provided by the host'))),
    sendEmailCode: fromPromise<{ resendAfterSeconds: number; expiresInSeconds: number }, { email: string }>(() => Promise.reject(new Error('provided by the host'))),
    changeEmail: fromPromise<ProfileData, { email: string; code: string }>(() => Promise.reject(new Error('provided by the host'))),
  },
  guards: {
    infoFollowsTheRules: ({ context }) => Object.keys(profileProblems(context.draft, Boolean(context.profile?.birthday))).length === 0,
    emailIsValid: ({ context }) => !firstIssue(newEmailField, context.newEmail),
    codeIsSixDigits: ({ context }) => !firstIssue(smsCodeField, context.emailCode),
  },
  actions: {
    keepProfile: assign(({ event }) => {
      const profile = (event as unknown as { output: ProfileData }).output;
      return { profile, draft: draftOf(profile) };
    }),
    startEditing: assign(({ context }) => ({ draft: draftOf(context.profile), fieldErrors: {}, problem: null, notice: null })),
    rememberTyping: assign(({ context, event }) =>
      event.type === 'field.change' ? { draft: { ...context.draft, [event.field]: event.value }, fieldErrors: { ...context.fieldErrors, [event.field]: undefined } } : {}),
    markInvalidFields: assign({ fieldErrors: ({ context }) => profileProblems(context.draft, Boolean(context.profile?.birthday)) }),
    showProblem: assign({ problem: ({ event }) => toProblem((event as { error?: unknown }).error) }),
    clearProblems: assign({ problem: null, fieldErrors: {}, notice: null }),
    noticeSaved: assign({ notice: 'saved' as const }),
    startEmailChange: assign({ newEmail: '', emailCode: '', fieldErrors: {}, problem: null, notice: null }),
    rememberEmail: assign(({ context, event }) => (event.type === 'email.type' ? { newEmail: event.value, fieldErrors: { ...context.fieldErrors, email: undefined } } : {})),
    rememberCode: assign(({ context, event }) => (event.type === 'code.type' ? { emailCode: event.value, fieldErrors: { ...context.fieldErrors, code: undefined } } : {})),
    markInvalidEmail: assign(({ context }) => ({ fieldErrors: { ...context.fieldErrors, email: firstIssue(newEmailField, context.newEmail) } })),
    markInvalidCode: assign(({ context }) => ({ fieldErrors: { ...context.fieldErrors, code: firstIssue(smsCodeField, context.emailCode) } })),
    noticeCodeSent: assign({ notice: 'codeSent' as const, problem: null }),
    noticeEmailChanged: assign({ notice: 'emailChanged' as const, newEmail: '', emailCode: '' }),
  },
}).createMachine({
  id: 'profile',
  description: 'Spec section 2: "my information with edit"; section 3, Account; section 5: names, phone and birthday rules, US ZIP matching the state.',
  context: { profile: null, draft: EMPTY_DRAFT, newEmail: '', emailCode: '', fieldErrors: {}, problem: null, notice: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['technical'],
      description: 'The account is read (myInfo).',
      invoke: {
        id: 'loadProfile', src: 'loadProfile',
        onDone: { target: 'viewing', actions: 'keepProfile', description: 'The account, with its referral code, link, bonus and count.' },
        onError: { target: 'loadFailed', actions: 'showProblem', description: 'The account could not be read.' },
      },
    },
    loadFailed: {
      description: 'Spec section 8: "system busy/server error": the page says so and offers to try again.',
      on: { 'profile.retry': { target: 'loading', actions: 'clearProblems', description: 'The customer tries again.' } },
    },
    viewing: {
      description: 'Spec section 3, Account: names, email, contact number, birthday, billing address; referral code, link, QR code, bonus, count.',
      on: {
        'info.edit': { target: 'editing', actions: 'startEditing', description: 'Spec section 2: "my information with edit".' },
        'email.change': { target: 'changingEmail', actions: 'startEmailChange', description: 'Issue 14: "email (a code to the new address before it changes)".' },
      },
    },
    editing: {
      description: 'Spec section 5: "English name fields letters only; Chinese name fields Chinese only. Phone must be valid/numeric. Birthday required, not changeable after submit"; "US zip 5 digits and matches state".',
      on: {
        'field.change': { actions: 'rememberTyping', description: 'Nothing the customer typed is lost.' },
        'info.cancel': { target: 'viewing', description: 'The account stays as it was.' },
        'info.submit': [
          { guard: 'infoFollowsTheRules', target: 'saving', actions: 'clearProblems', description: 'Every rule holds: the account is saved.' },
          { actions: 'markInvalidFields', description: 'Each broken rule is shown next to its field.' },
        ],
      },
    },
    saving: {
      tags: ['technical'],
      description: 'updateInfo: the gateway checks every rule again; the birthday is written only while unset.',
      invoke: {
        id: 'saveProfile', src: 'saveProfile',
        input: ({ context }) => bodyOf(context.draft, Boolean(context.profile?.birthday)),
        onDone: { target: 'viewing', actions: ['keepProfile', 'noticeSaved'], description: 'Saved.' },
        onError: { target: 'editing', actions: 'showProblem', description: 'Refused (e.g. "birthday set once") or failed: what was typed stays.' },
      },
    },
    changingEmail: {
      description: 'Issue 14: the email changes only when the code sent to the new address is entered.',
      on: {
        'email.cancel': { target: 'viewing', description: 'The email stays as it was.' },
        'email.type': { actions: 'rememberEmail', description: 'The new address as typed.' },
        'code.type': { actions: 'rememberCode', description: 'The code as typed.' },
      },
      initial: 'entering',
      states: {
        entering: {
          description: 'Spec section 3, Account: "email": the customer types the new address.',
          on: {
            'email.sendCode': [
              { guard: 'emailIsValid', target: 'sending', actions: 'clearProblems', description: 'A valid address: a code is emailed to it.' },
              { actions: 'markInvalidEmail', description: 'Spec section 5: an email in the correct format.' },
            ],
          },
        },
        sending: {
          tags: ['technical'],
          description: 'sendEmailCode: one code a minute per address.',
          invoke: {
            id: 'sendEmailCode', src: 'sendEmailCode',
            input: ({ context }) => ({ email: context.newEmail }),
            onDone: { target: 'codeSent', actions: 'noticeCodeSent', description: 'Spec section 9: "verification code validity 5 minutes".' },
            onError: { target: 'entering', actions: 'showProblem', description: 'Too soon, the same address, or failed: the message says what to do.' },
          },
        },
        codeSent: {
          description: 'Spec section 9: "verification code validity 5 minutes": the code sent to the new mailbox is entered.',
          on: {
            'email.sendCode': { target: 'sending', actions: 'clearProblems', description: 'Send the code again (a new code replaces the old).' },
            'email.verify': [
              { guard: 'codeIsSixDigits', target: 'verifying', actions: 'clearProblems', description: 'Six digits: the code is checked.' },
              { actions: 'markInvalidCode', description: 'The code is 6 digits.' },
            ],
          },
        },
        verifying: {
          tags: ['technical'],
          description: 'changeEmail: the code is spent and the email changes.',
          invoke: {
            id: 'changeEmail', src: 'changeEmail',
            input: ({ context }) => ({ email: context.newEmail, code: context.emailCode }),
            onDone: { target: '#profile.viewing', actions: ['keepProfile', 'noticeEmailChanged'], description: 'The new address is the account\'s email.' },
            onError: { target: 'codeSent', actions: 'showProblem', description: 'A wrong or expired code: the message says what to do.' },
          },
        },
      },
    },
  },
});

export type ProfileMachine = typeof profileMachine;
