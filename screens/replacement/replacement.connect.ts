/** From the simReplacementPage chart's snapshot to what /personal/upgradeNewCard shows (the "connect" pattern). */
import type { ReauthChannel } from '../../machines/numberSecurity.machine';
import type { ReplacementField, SimReplacementPageContext, SimReplacementPageEvent } from '../../machines/simReplacementPage.machine';
import { problemText, type Text } from '../ui/text';

interface SnapshotLike { context: SimReplacementPageContext; value: unknown; hasTag(tag: string): boolean; can(event: SimReplacementPageEvent): boolean }

const FORM_STATES = ['editing'];
const REAUTH_STATES = ['askingWhere', 'sendingCode', 'answering', 'ordering'];

export function connectReplacement(snapshot: SnapshotLike, send: (e: SimReplacementPageEvent) => void) {
  const c = snapshot.context;
  const state = typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value);
  const step = FORM_STATES.includes(state) ? 'form' as const : REAUTH_STATES.includes(state) ? 'reauth' as const : null;
  return {
    state,
    busy: snapshot.hasTag('busy'),
    loading: state === 'loading' && c.info === null,
    failed: state === 'loadFailed',
    info: c.info,
    done: c.done,
    problem: c.problem ? problemText(c.problem) : null,
    /** The order form is open (its step: the form, or "is it you?"). */
    ordering: step !== null,
    step,
    canOrder: snapshot.can({ type: 'order.start' }),
    choosingChannel: state === 'askingWhere' || (state === 'sendingCode' && c.sent === null),
    answering: state === 'answering' || state === 'ordering',
    placing: state === 'ordering',
    activating: state === 'activatingCard',
    confirmingCancel: state === 'confirmingCancel',
    cancelling: state === 'cancelling',
    sent: c.sent,
    values: { reason: c.reason, shipping: c.shipping, code: c.code, password: c.password, iccid: c.iccid, activationCode: c.activationCode },
    errorsOf: (field: ReplacementField): Text[] => (c.fieldErrors[field] ?? []).map((key) => ({ key })),
    retry: () => send({ type: 'page.retry' }),
    startOrder: () => send({ type: 'order.start' }),
    next: () => send({ type: 'order.next' }),
    back: () => send({ type: 'order.back' }),
    setField: (field: ReplacementField, value: string) => send({ type: 'field.change', field, value }),
    sendCode: (channel: ReauthChannel) => send({ type: 'code.send', channel }),
    again: () => send({ type: 'code.again' }),
    submitReauth: () => send({ type: 'reauth.submit' }),
    activate: () => send({ type: 'card.submit' }),
    askCancel: () => send({ type: 'cancel.ask' }),
    keep: () => send({ type: 'cancel.keep' }),
    confirmCancel: () => send({ type: 'cancel.confirm' }),
  };
}

export type ReplacementView = ReturnType<typeof connectReplacement>;
