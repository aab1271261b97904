/**
 * The host side of the dual number's page chart (machines/dualNumberPage.machine.ts): its named actors made of real
 * gateway calls, `silent` because the chart shows the errors itself. A chosen photo is sent as it is (the File); the
 * gateway decides by its bytes.
 */
import { fromPromise } from 'xstate';
import { call, uploadFile } from '../../api/client';
import { dualNumberAction, dualNumberApply, dualNumberInfo, dualNumberSubmit, dualNumberUpload, type DualAction, type RealNameForm } from '../../contract/dualNumber';
import type { IdPhotoSlot } from '../../domain/dualNumber';
import { dualNumberPageMachine, type ChosenFile } from '../../../machines/dualNumberPage.machine';

export const dualNumberActors = {
  loadDualNumber: fromPromise(() => call(dualNumberInfo, { silent: true })),
  applyDualNumber: fromPromise(() => call(dualNumberApply, { silent: true })),
  uploadPhoto: fromPromise(({ input }: { input: { slot: IdPhotoSlot; file: ChosenFile } }) =>
    uploadFile(dualNumberUpload, input.file as unknown as Blob, { query: { slot: input.slot }, silent: true })),
  // The form as typed: the gateway validates it with the same schema (a document type outside the list answers its message).
  submitRealName: fromPromise(({ input }: { input: Omit<RealNameForm, 'idType'> & { idType: string } }) =>
    call(dualNumberSubmit, { body: input as RealNameForm, silent: true })),
  runAction: fromPromise(({ input }: { input: { action: DualAction } }) => call(dualNumberAction, { body: input, silent: true })),
};

export const dualNumberPageFlow = dualNumberPageMachine.provide({ actors: dualNumberActors });
