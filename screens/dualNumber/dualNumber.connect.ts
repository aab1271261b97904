/** From the dualNumberPage chart's snapshot to what its page shows (the "connect" pattern of the other pages). */
import type { ChosenFile, ConfirmedAction, DualNumberPageContext, DualNumberPageEvent, RealNameField } from '../../machines/dualNumberPage.machine';
import type { DualAction } from '../../src/contract/dualNumber';
import type { IdPhotoSlot } from '../../src/domain/dualNumber';
import { problemText, type Text } from '../ui/text';

interface SnapshotLike { context: DualNumberPageContext; value: unknown; hasTag(tag: string): boolean }

export function connectDualNumber(snapshot: SnapshotLike, send: (e: DualNumberPageEvent) => void) {
  const c = snapshot.context;
  const state = typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value);
  return {
    state,
    busy: snapshot.hasTag('busy'),
    loading: state === 'loading' && c.data === null,
    failed: state === 'loadFailed',
    data: c.data,
    draft: c.draft,
    photos: c.photos,
    uploadingSlot: state === 'uploading' ? c.uploadingSlot : null,
    confirming: state === 'confirming' ? (c.pendingAction as ConfirmedAction) : null,
    acting: state === 'acting' ? c.pendingAction : null,
    submitting: state === 'submitting',
    problem: c.problem ? problemText(c.problem) : null,
    errorsOf: (field: RealNameField | IdPhotoSlot): Text[] => (c.fieldErrors[field] ?? []).map((key) => ({ key })),
    retry: () => send({ type: 'page.retry' }),
    refresh: () => send({ type: 'page.refresh' }),
    apply: () => send({ type: 'dual.apply' }),
    setField: (field: RealNameField, value: string) => send({ type: 'field.change', field, value }),
    choosePhoto: (slot: IdPhotoSlot, file: ChosenFile) => send({ type: 'photo.choose', slot, file }),
    submit: () => send({ type: 'realName.submit' }),
    ask: (action: ConfirmedAction) => send({ type: 'action.ask', action }),
    confirm: () => send({ type: 'action.confirm' }),
    cancel: () => send({ type: 'action.cancel' }),
    run: (action: Exclude<DualAction, ConfirmedAction>) => send({ type: 'action.run', action }),
  };
}

export type DualNumberView = ReturnType<typeof connectDualNumber>;
