/** From the numberSecurity chart's snapshot to what its pages show (the "connect" pattern of the other pages). */
import type { GuardedAction, NumberSecurityContext, NumberSecurityEvent, ReauthChannel, ReauthField } from '../../machines/numberSecurity.machine';
import { problemText, type Text } from '../ui/text';

interface SnapshotLike { context: NumberSecurityContext; value: unknown; hasTag(tag: string): boolean }

export function connectNumberSecurity(snapshot: SnapshotLike, send: (e: NumberSecurityEvent) => void) {
  const c = snapshot.context;
  const state = typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value);
  const asking = ['askingWhere', 'sendingCode', 'answering', 'performing'].includes(state);
  return {
    state,
    busy: snapshot.hasTag('busy'),
    loading: state === 'loading' && c.info === null,
    failed: state === 'loadFailed',
    info: c.info,
    action: asking ? c.action : null,
    choosingChannel: state === 'askingWhere' || (state === 'sendingCode' && c.sent === null),
    answering: state === 'answering' || state === 'performing',
    sending: state === 'sendingCode',
    performing: state === 'performing',
    sent: c.sent,
    values: { code: c.code, password: c.password },
    pin: c.pin,
    done: c.done,
    problem: c.problem ? problemText(c.problem) : null,
    errorsOf: (field: ReauthField): Text[] => (c.fieldErrors[field] ?? []).map((key) => ({ key })),
    retry: () => send({ type: 'page.retry' }),
    lock: () => send({ type: 'lock.on' }),
    start: (action: GuardedAction) => send({ type: 'action.start', action }),
    cancel: () => send({ type: 'action.cancel' }),
    sendCode: (channel: ReauthChannel) => send({ type: 'code.send', channel }),
    again: () => send({ type: 'code.again' }),
    setField: (field: ReauthField, value: string) => send({ type: 'field.change', field, value }),
    submit: () => send({ type: 'reauth.submit' }),
    hidePin: () => send({ type: 'pin.hide' }),
  };
}

export type NumberSecurityView = ReturnType<typeof connectNumberSecurity>;
