/** From the wifiCalling and esimInstall charts' snapshots to what their pages show (zag "connect" pattern). */
import type { E911Field, WifiCallingContext, WifiCallingEvent } from '../../machines/wifiCalling.machine';
import type { EsimInstallContext, EsimInstallEvent, InstallChannel, InstallField } from '../../machines/esimInstall.machine';
import { problemText, type Text } from '../ui/text';

interface SnapshotLike<C> { context: C; value: unknown; hasTag(tag: string): boolean }

const stateOf = (s: SnapshotLike<unknown>): string => (typeof s.value === 'string' ? s.value : JSON.stringify(s.value));

export function connectWifiCalling(snapshot: SnapshotLike<WifiCallingContext>, send: (e: WifiCallingEvent) => void) {
  const c = snapshot.context;
  const state = stateOf(snapshot);
  return {
    state,
    busy: snapshot.hasTag('busy'),
    loading: state === 'loading',
    failed: state === 'loadFailed',
    editing: state === 'editing' || state === 'saving',
    info: c.info,
    draft: c.draft,
    saved: c.saved && state === 'viewing',
    problem: c.problem ? problemText(c.problem) : null,
    errorsOf: (field: E911Field): Text[] => (c.fieldErrors[field] ?? []).map((key) => ({ key })),
    retry: () => send({ type: 'wifiCall.retry' }),
    edit: () => send({ type: 'address.edit' }),
    cancel: () => send({ type: 'address.cancel' }),
    setField: (field: E911Field, value: string) => send({ type: 'field.change', field, value }),
    submit: () => send({ type: 'address.submit', draft: c.draft }),
  };
}

export function connectEsimInstall(snapshot: SnapshotLike<EsimInstallContext>, send: (e: EsimInstallEvent) => void) {
  const c = snapshot.context;
  const state = stateOf(snapshot);
  return {
    state,
    busy: snapshot.hasTag('busy'),
    sending: state === 'sendingCode',
    asking: state === 'askingWhere' || (state === 'sendingCode' && c.sent === null),
    answering: state === 'answering' || state === 'revealing' || (state === 'sendingCode' && c.sent !== null),
    shown: state === 'shown',
    sent: c.sent,
    channel: c.channel,
    hasPassword: c.hasPassword,
    values: { code: c.code, password: c.password },
    details: c.details,
    problem: c.problem ? problemText(c.problem) : null,
    errorsOf: (field: InstallField): Text[] => (c.fieldErrors[field] ?? []).map((key) => ({ key })),
    sendCode: (channel: InstallChannel) => send({ type: 'code.send', channel }),
    setField: (field: InstallField, value: string) => send({ type: 'field.change', field, value }),
    reveal: () => send({ type: 'install.reveal', code: c.code, password: c.password }),
    hide: () => send({ type: 'install.hide' }),
  };
}
