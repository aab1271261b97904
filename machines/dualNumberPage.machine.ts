/**
 * /personal/doubleNumber/openDouble and /waitReview (spec section 2; issue 16): the customer's page of the US-China
 * dual number. The number's own states are the server's `dualNumber` lifecycle; this chart is the page: reading it,
 * starting an application, the real-name form with its three photos (spec sections 3 and 5), and the customer's changes
 * (give up, close, keep, reopen, resume, try the opening again). Nothing typed is lost on any error.
 */
import { assign, fromPromise, setup } from 'xstate';
import { realNameForm, type DualAction, type DualNumberData, type UploadedImage } from '../src/contract/dualNumber';
import { ID_PHOTO_SLOTS, type IdPhotoSlot } from '../src/domain/dualNumber';
import { toProblem, type Problem } from './login.machine';

export type RealNameField = 'nationality' | 'idType' | 'idName' | 'idNumber' | 'issuePlace' | 'address';
export type RealNameDraft = Record<RealNameField, string>;
export type RealNameErrors = Partial<Record<RealNameField | IdPhotoSlot, string[]>>;
/** A chosen file as the page holds it (a File in the browser; its name, size and type are what the chart reads). */
export interface ChosenFile { name: string; size: number; type: string }
export interface PhotoSlotState { ref: string; name: string; width: number; height: number; bytes: number }

/** Spec section 5: "images JPG only, max 1MB": checked by the gateway by content; the size is known before sending. */
export const PHOTO_MAX_BYTES = 1024 * 1024;
/** While the China number is being opened the page looks again this often. */
export const OPENING_POLL_MS = 3000;
/** Actions that lose something (the application, the number's service) ask first. */
export type ConfirmedAction = Extract<DualAction, 'giveUp' | 'close'>;

export interface DualNumberPageContext {
  data: DualNumberData | null;
  draft: RealNameDraft;
  photos: Record<IdPhotoSlot, PhotoSlotState | null>;
  uploadingSlot: IdPhotoSlot | null;
  pendingFile: ChosenFile | null;
  pendingAction: DualAction | null;
  fieldErrors: RealNameErrors;
  problem: Problem | null;
}

export type DualNumberPageEvent =
  | { type: 'page.retry' }
  | { type: 'page.refresh' }
  | { type: 'dual.apply' }
  | { type: 'field.change'; field: RealNameField; value: string }
  | { type: 'photo.choose'; slot: IdPhotoSlot; file: ChosenFile }
  | { type: 'realName.submit' }
  | { type: 'action.ask'; action: ConfirmedAction }
  | { type: 'action.confirm' }
  | { type: 'action.cancel' }
  | { type: 'action.run'; action: Exclude<DualAction, ConfirmedAction> };

export const EMPTY_DRAFT: RealNameDraft = { nationality: '', idType: '', idName: '', idNumber: '', issuePlace: '', address: '' };
const NO_PHOTOS: Record<IdPhotoSlot, PhotoSlotState | null> = { handheld: null, front: null, back: null };

const formOf = (c: Pick<DualNumberPageContext, 'draft' | 'photos'>) => ({
  ...c.draft,
  photos: { handheld: c.photos.handheld?.ref ?? '', front: c.photos.front?.ref ?? '', back: c.photos.back?.ref ?? '' },
});

/** The form's problems by the gateway's own schema (one schema, both sides), each next to its field or photo. */
export const realNameProblems = (c: Pick<DualNumberPageContext, 'draft' | 'photos'>): RealNameErrors => {
  const result = realNameForm.safeParse(formOf(c));
  if (result.success) return {};
  const out: RealNameErrors = {};
  for (const issue of result.error.issues) {
    const [first, second] = issue.path;
    const field = (first === 'photos' && typeof second === 'string' ? second : first) as RealNameField | IdPhotoSlot;
    if (typeof field === 'string' && !(out[field] ?? []).includes(issue.message)) (out[field] ??= []).push(issue.message);
  }
  return out;
};

type ErrorEvent = { error?: unknown };
const fieldOfError = (event: unknown): string | undefined => {
  const data = ((event as ErrorEvent).error as { data?: { field?: unknown } } | undefined)?.data;
  return typeof data?.field === 'string' ? data.field : undefined;
};

export const dualNumberPageMachine = setup({
  types: { context: {} as DualNumberPageContext, events: {} as DualNumberPageEvent },
  actors: {
    loadDualNumber: fromPromise<DualNumberData>(() => Promise.reject(new Error('provided by the host'))),
    applyDualNumber: fromPromise<DualNumberData>(() => Promise.reject(new Error('provided by the host'))),
    uploadPhoto: fromPromise<UploadedImage, { slot: IdPhotoSlot; file: ChosenFile }>(() => Promise.reject(new Error('provided by the host'))),
    submitRealName: fromPromise<DualNumberData, ReturnType<typeof formOf>>(() => Promise.reject(new Error('provided by the host'))),
    runAction: fromPromise<DualNumberData, { action: DualAction }>(() => Promise.reject(new Error('provided by the host'))),
  },
  delays: { openingPoll: OPENING_POLL_MS },
  guards: {
    photoTooLarge: ({ event }) => event.type === 'photo.choose' && event.file.size > PHOTO_MAX_BYTES,
    formFollowsTheRules: ({ context }) => Object.keys(realNameProblems(context)).length === 0,
    isOpening: ({ context }) => context.data?.state === 'opening',
    refusedAField: ({ event }) => {
      const field = fieldOfError(event);
      return field !== undefined && (field in EMPTY_DRAFT || (ID_PHOTO_SLOTS as readonly string[]).includes(field));
    },
  },
  actions: {
    keepData: assign(({ event }) => ({ data: (event as unknown as { output: DualNumberData }).output, problem: null })),
    keepSubmitted: assign(({ event }) => ({ data: (event as unknown as { output: DualNumberData }).output, problem: null, draft: EMPTY_DRAFT, photos: NO_PHOTOS, fieldErrors: {} })),
    rememberTyping: assign(({ context, event }) => (event.type === 'field.change'
      ? { draft: { ...context.draft, [event.field]: event.value }, fieldErrors: { ...context.fieldErrors, [event.field]: undefined } } : {})),
    startUpload: assign(({ context, event }) => (event.type === 'photo.choose'
      ? { uploadingSlot: event.slot, pendingFile: event.file, fieldErrors: { ...context.fieldErrors, [event.slot]: undefined }, problem: null } : {})),
    markPhotoTooLarge: assign(({ context, event }) => (event.type === 'photo.choose'
      ? { fieldErrors: { ...context.fieldErrors, [event.slot]: ['errors:code.imageTooLarge'] } } : {})),
    keepPhoto: assign(({ context, event }) => {
      const image = (event as unknown as { output: UploadedImage }).output;
      const name = context.pendingFile?.name ?? '';
      return { photos: { ...context.photos, [image.slot]: { ref: image.ref, name, width: image.width, height: image.height, bytes: image.bytes } }, uploadingSlot: null, pendingFile: null };
    }),
    markPhotoRefused: assign(({ context, event }) => {
      const problem = toProblem((event as ErrorEvent).error);
      const slot = context.uploadingSlot!;
      // The catalogue's message (only JPG, max 1MB, picture upload failed), next to the photo, in the page's language.
      return { fieldErrors: { ...context.fieldErrors, [slot]: [`errors:code.${problem.code}`] }, photos: { ...context.photos, [slot]: null }, uploadingSlot: null, pendingFile: null };
    }),
    markInvalidFields: assign(({ context }) => ({ fieldErrors: realNameProblems(context) })),
    markServerField: assign(({ context, event }) => {
      const problem = toProblem((event as ErrorEvent).error);
      const field = fieldOfError(event) as RealNameField | IdPhotoSlot;
      const photoGone = (ID_PHOTO_SLOTS as readonly string[]).includes(field);
      return {
        fieldErrors: { ...context.fieldErrors, [field]: [`errors:code.${problem.code}`] },
        // A photo the gateway no longer takes (used already, deleted) must be chosen again; everything typed stays.
        photos: photoGone ? { ...context.photos, [field]: null } : context.photos,
      };
    }),
    askFor: assign(({ event }) => (event.type === 'action.ask' ? { pendingAction: event.action, problem: null } : {})),
    runNow: assign(({ event }) => (event.type === 'action.run' ? { pendingAction: event.action, problem: null } : {})),
    forgetAction: assign({ pendingAction: null }),
    showProblem: assign({ problem: ({ event }) => toProblem((event as ErrorEvent).error) }),
    clearProblem: assign({ problem: null }),
  },
}).createMachine({
  id: 'dualNumberPage',
  description: 'Spec section 2: /personal/doubleNumber/openDouble and /waitReview; spec section 3: "Dual number: promo, real-name upload form, waiting for review, audit failed, opened, paused, pending close." The number\'s states are the server\'s dualNumber chart.',
  context: { data: null, draft: EMPTY_DRAFT, photos: NO_PHOTOS, uploadingSlot: null, pendingFile: null, pendingAction: null, fieldErrors: {}, problem: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Technical: reads the line\'s dual number from the gateway.',
      tags: ['busy', 'technical'],
      invoke: {
        id: 'loadDualNumber', src: 'loadDualNumber',
        onDone: { target: 'showing', actions: 'keepData', description: 'The page shows the number as the gateway has it.' },
        onError: { target: 'loadFailed', actions: 'showProblem', description: 'Spec section 8: the error is shown (an account without a US line: "no US line").' },
      },
    },
    loadFailed: {
      description: 'The dual number could not be read: the page says why and what to do next.',
      tags: ['technical'],
      on: { 'page.retry': { target: 'loading', description: 'Try again.' } },
    },
    showing: {
      description: 'Spec section 3: "Dual number: promo, real-name upload form, waiting for review, audit failed, opened, paused, pending close": the screen of the number\'s state.',
      after: { openingPoll: { guard: 'isOpening', target: 'loading', description: 'While the China number is being opened, the page looks again every 3 seconds.' } },
      on: {
        'page.refresh': { target: 'loading', description: 'Look again (a review decided meanwhile).' },
        'dual.apply': { target: 'applying', actions: 'clearProblem', description: 'Spec section 4: "real-name needed": the application starts; a China number is held.' },
        'field.change': { actions: 'rememberTyping', description: 'Nothing the customer typed is lost.' },
        'photo.choose': [
          { guard: 'photoTooLarge', actions: 'markPhotoTooLarge', description: 'Spec section 5: "max 1MB": a larger file is refused before it is sent.' },
          { target: 'uploading', actions: 'startUpload', description: 'Spec section 5: "images JPG only, max 1MB": the photo is sent; the gateway decides by its content.' },
        ],
        'realName.submit': [
          { guard: 'formFollowsTheRules', target: 'submitting', actions: 'clearProblem', description: 'Spec section 5: "ID fields: lengths 2-20, 2-30, 2-60 ... hand-held, front, back required; at least one ID type": a complete form goes to review.' },
          { actions: 'markInvalidFields', description: 'Each broken rule of spec section 5 is shown next to its field or photo.' },
        ],
        'action.ask': { target: 'confirming', actions: 'askFor', description: 'Giving up or closing asks first: it loses the application or the number\'s service.' },
        'action.run': { target: 'acting', actions: 'runNow', description: 'Try the opening again, keep the number, reopen it or resume it (charging $1.99 from the General account).' },
      },
    },
    uploading: {
      description: 'Technical: one photo is sent; it is checked by content, stripped of its metadata and stored encrypted.',
      tags: ['busy', 'technical'],
      on: { 'field.change': { actions: 'rememberTyping', description: 'Typing goes on while a photo uploads: nothing typed is lost.' } },
      invoke: {
        id: 'uploadPhoto', src: 'uploadPhoto',
        input: ({ context }) => ({ slot: context.uploadingSlot!, file: context.pendingFile! }),
        onDone: { target: 'showing', actions: 'keepPhoto', description: 'The photo is taken: its slot shows it.' },
        onError: { target: 'showing', actions: 'markPhotoRefused', description: 'Spec section 8: "picture upload failed; only JPG; max 1MB": the message is next to the photo, everything else stays.' },
      },
    },
    applying: {
      description: 'Technical: the application starts (120074 when no China number is left).',
      tags: ['busy', 'technical'],
      invoke: {
        id: 'applyDualNumber', src: 'applyDualNumber',
        onDone: { target: 'showing', actions: 'keepData', description: 'Spec section 4: "real-name needed": the form is shown.' },
        onError: { target: 'showing', actions: 'showProblem', description: 'Spec section 8: "120074 dual-number resources insufficient", or another error, is shown.' },
      },
    },
    submitting: {
      description: 'Technical: the real-name form and its photos are sent for review.',
      tags: ['busy', 'technical'],
      invoke: {
        id: 'submitRealName', src: 'submitRealName',
        input: ({ context }) => formOf(context),
        onDone: { target: 'showing', actions: 'keepSubmitted', description: 'Spec section 4: "under review (about 3 working days)".' },
        onError: [
          { guard: 'refusedAField', target: 'showing', actions: 'markServerField', description: 'The gateway refused one field or photo: the message is next to it, the form keeps the rest.' },
          { target: 'showing', actions: 'showProblem', description: 'Another failure: the message is shown and the form keeps what was typed.' },
        ],
      },
    },
    confirming: {
      description: 'Spec section 4: "audit failed (re-upload or give up ...)" and "pending close": giving up or closing is confirmed first.',
      on: {
        'action.confirm': { target: 'acting', description: 'Confirmed.' },
        'action.cancel': { target: 'showing', actions: 'forgetAction', description: 'Nothing changes.' },
      },
    },
    acting: {
      description: 'Technical: the change is sent to the gateway.',
      tags: ['busy', 'technical'],
      invoke: {
        id: 'runAction', src: 'runAction',
        input: ({ context }) => ({ action: context.pendingAction! }),
        onDone: { target: 'showing', actions: ['keepData', 'forgetAction'], description: 'The number\'s new state is shown.' },
        onError: { target: 'showing', actions: ['showProblem', 'forgetAction'], description: 'Spec section 8: the error is shown (120079 no main plan, 120081 balance insufficient, 120073 opening failed).' },
      },
    },
  },
});

export type DualNumberPageMachine = typeof dualNumberPageMachine;
