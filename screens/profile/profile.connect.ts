/** From the profile chart's snapshot to what /personal/myinfo shows (zag "connect" pattern). */
import type { ProfileContext, ProfileEvent, ProfileField } from '../../machines/profile.machine';
import { messageFirstText, type Text } from '../ui/text';

interface SnapshotLike { context: ProfileContext; matches(value: never): boolean; hasTag(tag: string): boolean }

/** The field a gateway answer is about (`data.field`), so its message sits next to that field. */
const FIELD_OF_CODE: Record<string, ProfileField | 'email' | 'code'> = {
  birthdaySet: 'birthday', emailSame: 'email', codeWrong: 'code', codeExpired: 'code', codeLocked: 'code',
};

export function connectProfile(snapshot: SnapshotLike, send: (e: ProfileEvent) => void) {
  const c = snapshot.context;
  const is = (v: unknown) => snapshot.matches(v as never);
  const problemField = c.problem ? FIELD_OF_CODE[c.problem.code] : undefined;
  const errorsOf = (field: ProfileField | 'email' | 'code'): Text[] => [
    ...(c.fieldErrors[field] ?? []).map((key) => ({ key })),
    ...(c.problem && problemField === field ? [messageFirstText(c.problem)] : []),
  ];
  return {
    loading: is('loading'),
    loadFailed: is('loadFailed'),
    profile: c.profile,
    editing: is('editing') || is('saving'),
    saving: is('saving'),
    changingEmail: is('changingEmail'),
    emailStep: (is({ changingEmail: 'codeSent' }) || is({ changingEmail: 'verifying' })) ? 'code' as const : 'address' as const,
    sendingCode: is({ changingEmail: 'sending' }),
    verifying: is({ changingEmail: 'verifying' }),
    draft: c.draft,
    newEmail: c.newEmail,
    emailCode: c.emailCode,
    birthdayLocked: Boolean(c.profile?.birthday),
    notice: c.notice,
    errorsOf,
    formError: c.problem && !problemField ? messageFirstText(c.problem) : null,
    retry: () => send({ type: 'profile.retry' }),
    edit: () => send({ type: 'info.edit' }),
    cancelEdit: () => send({ type: 'info.cancel' }),
    setField: (field: ProfileField, value: string) => send({ type: 'field.change', field, value }),
    save: () => send({ type: 'info.submit' }),
    startEmailChange: () => send({ type: 'email.change' }),
    cancelEmailChange: () => send({ type: 'email.cancel' }),
    typeEmail: (value: string) => send({ type: 'email.type', value }),
    typeCode: (value: string) => send({ type: 'code.type', value }),
    sendCode: () => send({ type: 'email.sendCode' }),
    verify: () => send({ type: 'email.verify' }),
  };
}

export type ProfileView = ReturnType<typeof connectProfile>;
