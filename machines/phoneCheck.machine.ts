/**
 * /phone-detection (spec section 2; section 3 "Phone check: brand, model, IMEI"; section 5 "IMEI 15-17 digits" and "A
 * CN-made phone cannot use eSIM"; section 8 "phone not compatible or blocked"; issue 18): the customer types the
 * phone's brand, model and IMEI; the gateway answers, and the answer is one of the spec's results.
 */
import { assign, fromPromise, setup } from 'xstate';
import { brandField, imeiField, modelField, type PhoneCheckAnswer } from '../src/contract/phoneCheck';
import { toProblem, type Problem } from './login.machine';

export type PhoneCheckField = 'brand' | 'model' | 'imei';
export interface PhoneCheckContext {
  brand: string;
  model: string;
  imei: string;
  fieldErrors: Partial<Record<PhoneCheckField, string[]>>;
  problem: Problem | null;
  answer: PhoneCheckAnswer | null;
}
export type PhoneCheckEvent =
  | { type: 'field.change'; field: PhoneCheckField; value: string }
  | { type: 'check.submit' }
  | { type: 'check.again' };

const SCHEMAS = { brand: brandField, model: modelField, imei: imeiField } as const;
const FIELDS = Object.keys(SCHEMAS) as PhoneCheckField[];

/** The form's problems, field by field, by the schemas the gateway parses with (src/contract/phoneCheck.ts). */
export function phoneCheckProblems(values: Pick<PhoneCheckContext, PhoneCheckField>): Partial<Record<PhoneCheckField, string[]>> {
  const out: Partial<Record<PhoneCheckField, string[]>> = {};
  for (const field of FIELDS) {
    const result = SCHEMAS[field].safeParse(values[field]);
    if (!result.success) out[field] = [...new Set(result.error.issues.map((i) => i.message))];
  }
  return out;
}

const verdictOf = (event: unknown) => (event as { output?: PhoneCheckAnswer }).output?.verdict;

export const phoneCheckMachine = setup({
  types: { context: {} as PhoneCheckContext, events: {} as PhoneCheckEvent },
  actors: {
    checkPhone: fromPromise<PhoneCheckAnswer, { brand: string; model: string; imei: string }>(() => Promise.reject(new Error('provided by the host'))),
  },
  guards: {
    formValid: ({ context }) => Object.keys(phoneCheckProblems(context)).length === 0,
    isBlocked: ({ event }) => verdictOf(event) === 'blocked',
    isLocked: ({ event }) => verdictOf(event) === 'locked',
    isUncertified: ({ event }) => verdictOf(event) === 'uncertified',
    isNotCompatible: ({ event }) => verdictOf(event) === 'notCompatible',
    isPartlyCompatible: ({ event }) => verdictOf(event) === 'partlyCompatible',
  },
  actions: {
    rememberTyping: assign(({ context, event }) => (event.type === 'field.change'
      ? { [event.field]: event.value, fieldErrors: { ...context.fieldErrors, [event.field]: undefined } } : {})),
    markFields: assign(({ context }) => ({ fieldErrors: phoneCheckProblems(context), problem: null })),
    clearProblem: assign({ problem: null, fieldErrors: {} }),
    showProblem: assign({ problem: ({ event }) => toProblem((event as { error?: unknown }).error) }),
    keepAnswer: assign({ answer: ({ event }) => (event as unknown as { output: PhoneCheckAnswer }).output }),
    forgetAnswer: assign({ answer: null }),
  },
}).createMachine({
  id: 'phoneCheck',
  description: 'Spec section 3: "Phone check: brand, model, IMEI." Section 2: "results not compatible, partly compatible, fully compatible, locked, uncertified." Section 8: "phone not compatible or blocked."',
  context: { brand: '', model: '', imei: '', fieldErrors: {}, problem: null, answer: null },
  initial: 'editing',
  states: {
    editing: {
      description: 'Spec section 3: "Phone check: brand, model, IMEI." The customer types them; nothing typed is lost.',
      on: {
        'field.change': { actions: 'rememberTyping', description: 'Nothing typed is lost; the field\'s error goes while it is corrected.' },
        'check.submit': [
          { guard: 'formValid', target: 'checking', actions: 'clearProblem', description: 'Brand, model and an IMEI of 15-17 digits (a 15-digit one with its Luhn check digit): the gateway is asked.' },
          { actions: 'markFields', description: 'Spec section 5: "IMEI 15-17 digits"; issue 18: "the Luhn check digit on 15-digit IMEIs". Each field says what is wrong, what was typed is kept.' },
        ],
      },
    },
    checking: {
      description: 'Technical: the gateway looks the IMEI up (the device table by its TAC, the registry of locked and blocked phones).',
      tags: ['busy', 'technical'],
      invoke: {
        id: 'checkPhone', src: 'checkPhone', input: ({ context }) => ({ brand: context.brand, model: context.model, imei: context.imei }),
        onDone: [
          { guard: 'isBlocked', target: 'answered.blocked', actions: 'keepAnswer', description: 'Spec section 8: "phone not compatible or blocked": the IMEI is reported lost or stolen.' },
          { guard: 'isLocked', target: 'answered.locked', actions: 'keepAnswer', description: 'Spec section 2: "locked": the phone is locked to another carrier.' },
          { guard: 'isUncertified', target: 'answered.uncertified', actions: 'keepAnswer', description: 'Spec section 2: "uncertified": a model we have not certified, or do not know.' },
          { guard: 'isNotCompatible', target: 'answered.notCompatible', actions: 'keepAnswer', description: 'Spec section 2: "not compatible": the phone cannot use the network.' },
          { guard: 'isPartlyCompatible', target: 'answered.partlyCompatible', actions: 'keepAnswer', description: 'Spec section 2: "partly compatible": it works, with limits (no eSIM on a model made for mainland China, spec section 5).' },
          { target: 'answered.fullyCompatible', actions: 'keepAnswer', description: 'Spec section 2: "fully compatible": calls, data, eSIM and Wi-Fi calling.' },
        ],
        onError: { target: 'editing', actions: 'showProblem', description: 'The gateway refused a field or could not be reached: said on the form, everything typed kept.' },
      },
    },
    answered: {
      description: 'Spec section 2: the phone check\'s result, one of the spec\'s answers.',
      initial: 'fullyCompatible',
      on: {
        'field.change': { target: 'editing', actions: ['rememberTyping', 'forgetAnswer'], description: 'Typing again asks again: the answer was for what was typed before.' },
        'check.again': { target: 'editing', actions: 'forgetAnswer', description: 'Check another phone; what was typed stays to be changed.' },
      },
      states: {
        fullyCompatible: { description: 'Spec section 2: "fully compatible".' },
        partlyCompatible: { description: 'Spec section 2: "partly compatible". Spec section 5: "A CN-made phone cannot use eSIM."' },
        notCompatible: { description: 'Spec section 2: "not compatible". Spec section 8: "phone not compatible or blocked."' },
        uncertified: { description: 'Spec section 2: "uncertified".' },
        locked: { description: 'Spec section 2: "locked".' },
        blocked: { description: 'Spec section 8: "phone not compatible or blocked."' },
      },
    },
  },
});
