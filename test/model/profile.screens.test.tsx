// @vitest-environment jsdom
/**
 * The PROFILE charts' generated paths (issue 14) driven through the real screens with Testing Library:
 * - profile on /personal/myinfo (MyInfoScreen with its email change),
 * - passwordBySms on /resetpwd (ResetPasswordScreen, "With an SMS code" chosen),
 * - bankCards on /mybank (BankCardsScreen).
 * Page-object verbs are the charts' events; the screen's `data-state` is checked before every step and at the end,
 * and the transitions the screens' actors took are recorded through xstate inspection (`inspectFlow`).
 *
 * The gateway's answers are the path's own done/error events, as in portalHome.screens.test.tsx: each call the screen
 * makes waits until the path answers it, so every branch the gateway can take is reached (the real gateway of these
 * charts is exercised by test/server/profile*.test.ts and test/e2e/profile.spec.ts).
 *
 * The provider's card form is a cross-origin iframe that jsdom cannot run: the bankCards chart's `cardForm` actor is a
 * double standing in the card-form slot. It answers what the provider's form answers, as the path says: the form
 * loaded (cardForm.ready) or not (cardForm.failed), and, after the chart asked it to tokenize (the double checks the
 * chart's `cardForm.tokenize` command arrived), a single-use token, the card fields' errors or the provider's error.
 * The screen's own part of the card entry (holder's name, "Save card", "Try again", "Cancel") is clicked for real.
 *
 * Transitions a person at these screens cannot cause, left to the pure depth: none (every state and transition of
 * the three charts is taken here; the afterAll blocks fail under 100%).
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnyStateMachine, EventObject } from 'xstate';
import { i18n, initI18n } from '../../i18n';
import { flowObservers } from '../../src/app/flows/login';
import { bankCardsFlow, passwordBySmsFlow, profileFlow } from '../../src/app/flows/profile';
import MyInfoScreen from '../../screens/profile/MyInfoScreen';
import BankCardsScreen from '../../screens/profile/BankCardsScreen';
import ResetPasswordScreen from '../../screens/account/ResetPasswordScreen';
import { CARDS_FIXTURE } from '../../machines/models/profile';
import { describePathsByState } from './toolkit/describeChart';
import { coverageOf, formatTable, writeCoverage } from './toolkit/coverage';
import { generatePaths, invokeSources, type ChartModel, type PathCase } from '../../machines/paths';
import { newRecorder, observe, type Recorder } from './toolkit/run';
import { JSDOM_DEPTH } from './toolkit/screenDepths';
import { screenModels } from '../../machines/models/screens';

/** Each call of the flows waits in `calls` until the path answers it; `cardForm` is the card-form double in the slot. */
const { calls, cardForm } = vi.hoisted(() => ({
  calls: new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>(),
  cardForm: { current: null as null | { sendBack: (e: unknown) => void; commands: string[] } },
}));
vi.mock('../../src/app/flows/profile', async () => {
  const { fromCallback, fromPromise } = await import('xstate');
  const { profileMachine } = await import('../../machines/profile.machine');
  const { passwordBySmsMachine } = await import('../../machines/passwordBySms.machine');
  const { bankCardsMachine } = await import('../../machines/bankCards.machine');
  const waiting = (src: string) => fromPromise(() => new Promise((resolve, reject) => { calls.set(src, { resolve, reject }); }));
  const cardFormDouble = fromCallback(({ sendBack, receive }) => {
    const me = { sendBack: sendBack as (e: unknown) => void, commands: [] as string[] };
    cardForm.current = me;
    receive((command: { type: string }) => { me.commands.push(command.type); });
    return () => { if (cardForm.current === me) cardForm.current = null; };
  });
  return {
    profileFlow: profileMachine.provide({
      actors: { loadProfile: waiting('loadProfile'), saveProfile: waiting('saveProfile'), sendEmailCode: waiting('sendEmailCode'), changeEmail: waiting('changeEmail') } as never,
    }),
    passwordBySmsFlow: passwordBySmsMachine.provide({ actors: { sendPasswordCode: waiting('sendPasswordCode'), resetPassword: waiting('resetPassword') } as never }),
    bankCardsFlow: bankCardsMachine.provide({
      actors: { loadCards: waiting('loadCards'), addCard: waiting('addCard'), setDefaultCard: waiting('setDefaultCard'), removeCard: waiting('removeCard'), cardForm: cardFormDouble } as never,
    }),
  };
});

const STEP_TIMEOUT = 4_000;

beforeAll(async () => {
  await initI18n('en');
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  flowObservers.clear();
  calls.clear();
  cardForm.current = null;
});

const t = (key: string) => i18n.t(key);
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const click = (name: string | RegExp) => fireEvent.click(button(name));
const type = (field: string, value: string) => {
  const input = document.querySelector(`[name="${field}"]`);
  if (!input) throw new Error(`no ${field} field on the screen`);
  fireEvent.change(input, { target: { value } });
};
const payload = <T,>(e: EventObject) => e as unknown as T;

const SOURCES = new Map([profileFlow, passwordBySmsFlow, bankCardsFlow].flatMap((m) => [...invokeSources(m)]));

/** The gateway's answer of a path step: the call the screen made settles as the path says. */
async function answer(event: EventObject) {
  const id = event.type.replace(/^xstate\.(done|error)\.actor\./, '');
  const src = SOURCES.get(id) ?? id;
  await waitFor(() => expect(calls.has(src), `the screen called ${src}`).toBe(true), { timeout: STEP_TIMEOUT });
  const call = calls.get(src)!;
  calls.delete(src);
  const p = payload<{ output?: unknown; error?: unknown }>(event);
  if (event.type.startsWith('xstate.done.actor.')) call.resolve(p.output);
  else call.reject(p.error);
}

/** What the provider's card form answers: loading done or failed, or (asked to tokenize) its tokenization's answer. */
async function cardFormAnswers(event: EventObject) {
  const asked = ['cardForm.tokenized', 'cardForm.invalid', 'cardForm.error'].includes(event.type);
  const form = await waitFor(() => {
    const current = cardForm.current;
    expect(current, 'the card form is in its slot').not.toBeNull();
    if (asked) expect(current!.commands, 'the chart asked the card form for a token').toContain('cardForm.tokenize');
    return current!;
  }, { timeout: STEP_TIMEOUT });
  if (asked) form.commands.length = 0;
  form.sendBack(event);
}

type Verbs = Record<string, (event: EventObject) => void>;

/** Page object of /personal/myinfo: its verbs are the profile chart's events. */
const myInfoVerbs: Verbs = {
  'profile.retry': () => click(t('portalProfile:common.retry')),
  'info.edit': () => click(t('portalProfile:common.edit')),
  'info.cancel': () => click(t('portalProfile:common.cancel')),
  'field.change': (e) => { const { field, value } = payload<{ field: string; value: string }>(e); type(field, value); },
  'info.submit': () => click(t('portalProfile:myInfo.save')),
  'email.change': () => click(new RegExp(`^(${t('portalProfile:myInfo.changeEmail')}|${t('portalProfile:myInfo.addEmail')})$`)),
  'email.cancel': () => click(t('portalProfile:common.cancel')),
  'email.type': (e) => type('email', payload<{ value: string }>(e).value),
  'code.type': (e) => type('code', payload<{ value: string }>(e).value),
  'email.sendCode': () => click(new RegExp(`^(${t('portalProfile:myInfo.sendCode')}|${t('portalProfile:myInfo.resendCode')})$`)),
  'email.verify': () => click(t('portalProfile:myInfo.verify')),
};

/** Page object of /resetpwd by SMS code: its verbs are the passwordBySms chart's events. */
const bySmsVerbs: Verbs = {
  'code.send': () => click(new RegExp(`^(${t('portalProfile:bySms.send')}|${t('portalProfile:bySms.resend')})$`)),
  'field.change': (e) => { const { field, value } = payload<{ field: string; value: string }>(e); type(field, value); },
  'password.submit': () => click(t('portalProfile:bySms.submit')),
};

/** The saved card's row on /mybank (the fixture's order). */
const cardRow = (cardId: number) => {
  const index = CARDS_FIXTURE.cards.findIndex((c) => c.id === cardId);
  return screen.getAllByTestId('saved-card')[index]!;
};

/** Page object of /mybank: its verbs are the bankCards chart's events. */
const bankCardsVerbs: Verbs = {
  'cards.retry': () => click(t('portalProfile:common.retry')),
  'card.add': () => click(t('portalProfile:bankCards.add')),
  'add.cancel': () => click(t('portalProfile:common.cancel')),
  'field.change': (e) => type('cardholderName', payload<{ value: string }>(e).value),
  'card.submit': () => click(t('portalProfile:bankCards.save')),
  'card.makeDefault': (e) => fireEvent.click(within(cardRow(payload<{ cardId: number }>(e).cardId)).getByRole('button', { name: new RegExp(`^${t('portalProfile:bankCards.makeDefault')}`) })),
  'card.remove': (e) => fireEvent.click(within(cardRow(payload<{ cardId: number }>(e).cardId)).getByRole('button', { name: new RegExp(`^${t('portalProfile:bankCards.remove')}`) })),
  'removal.confirm': () => click(t('portalProfile:bankCards.confirmRemove')),
  'removal.cancel': () => click(t('portalProfile:bankCards.keep')),
  'cardForm.retry': () => click(t('portalProfile:common.retry')),
};

/** Events that stand for an answer (the gateway's or the card form's) rather than something the person does. */
async function step(verbs: Verbs, event: EventObject) {
  if (event.type.startsWith('xstate.')) return answer(event);
  if (event.type.startsWith('cardForm.') && event.type !== 'cardForm.retry') return cardFormAnswers(event);
  const verb = verbs[event.type];
  if (!verb) throw new Error(`no page verb for ${event.type}`);
  return verb(event);
}

function renderAt(path: string, element: React.ReactElement) {
  const router = createMemoryRouter([{ path, element }], { initialEntries: [path] });
  render(<I18nextProvider i18n={i18n}><RouterProvider router={router} /></I18nextProvider>);
}

async function runOnScreen(flow: AnyStateMachine, testId: string, verbs: Verbs, mount: () => Promise<void> | void, path: PathCase, recorder: Recorder) {
  const onInspect = observe(flow, recorder);
  const isFlow = (ref: unknown) => (ref as { logic?: unknown } | undefined)?.logic === flow;
  flowObservers.add((e) => onInspect(e as never, isFlow));
  await mount();
  const stateIs = async (value: unknown) => waitFor(() => expect(JSON.parse(screen.getByTestId(testId).dataset.state ?? 'null')).toEqual(value), { timeout: STEP_TIMEOUT });
  for (const [i, event] of path.events.entries()) {
    await stateIs(path.values[i]);
    await step(verbs, event);
  }
  await stateIs(path.values.at(-1));
}

function screenDepth(model: ChartModel, flow: AnyStateMachine, testId: string, verbs: Verbs, mount: () => Promise<void> | void) {
  const paths = generatePaths(model);
  const recorder = newRecorder();
  it('the screens reach the chart', () => { expect(paths.length).toBeGreaterThan(5); });
  describePathsByState(paths, (path) => runOnScreen(flow, testId, verbs, mount, path, recorder), 30_000);
  afterAll(() => {
    const coverage = coverageOf(model.entry, recorder, JSDOM_DEPTH, paths.length);
    console.log(`\n${formatTable([coverage])}`);
    writeCoverage([coverage]);
    expect(coverage.states.missing, 'states never visited on the screen').toEqual([]);
    expect(coverage.transitions.missing, 'transitions never taken on the screen').toEqual([]);
  });
}

/** What a person can do at these screens in each state: machines/models/screens.ts (also `npm run paths -- <chart> --depth screen`). */
const profileOnScreen = screenModels.profile!;
const bySmsOnScreen = screenModels.passwordBySms!;

describe('profile on /personal/myinfo', () => {
  screenDepth(profileOnScreen, profileFlow, 'my-info', myInfoVerbs, () => renderAt('/personal/myinfo', <MyInfoScreen />));
});

describe('passwordBySms on /resetpwd', () => {
  screenDepth(bySmsOnScreen, passwordBySmsFlow, 'password-by-sms', bySmsVerbs, async () => {
    renderAt('/resetpwd', <ResetPasswordScreen />);
    fireEvent.click(await screen.findByLabelText(t('portalProfile:bySms.bySms')));
  });
});

describe('bankCards on /mybank', () => {
  screenDepth(screenModels.bankCards!, bankCardsFlow, 'bank-cards', bankCardsVerbs, () => renderAt('/mybank', <BankCardsScreen />));
});
