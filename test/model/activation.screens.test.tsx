// @vitest-environment jsdom
/**
 * The activation chart's generated paths driven through the real /activation screens (the layout route with its step
 * screens and the plan purchase's /activation/propagate, Testing Library) against an in-process gateway with the
 * network sandbox. Page-object verbs are the chart's events; the layout's `data-state` and the URL are checked at every
 * settled step; the transitions the layout's actor took are recorded through xstate inspection. The status is asked
 * again on a simulated clock the test moves (flowClock), so each poll happens exactly where the path says.
 *
 * Every answer a path needs is arranged as the screens make the call (the fetch wrapper below knows the path's next
 * answer), with the gateway's own means where it has them:
 * - cards of the path's own (test/server/activationFixtures.ts newCard): fresh, a dealer's without plan, global; a
 *   wrong code (120019); a reload's resume point written as the host writes it;
 * - another tab acting first over the gateway's API: activating the same card (120020, a card read with its
 *   activation), taking the picked number (numberTaken), registering the username (usernameTaken), correcting the port
 *   (portInNotCorrectable);
 * - the server's clock: a token older than 7 days (activationTokenInvalid); the network sandbox's delays run out and
 *   its jobs run, so the line is activated, or the port (PIN 0000) needs information, or completes;
 * - LOST: the request reaches the gateway and its answer is lost (network, timeout, a proxy's 502): every failed
 *   call of the chart's `[else]` branches, `unavailable`, a status check not read;
 * - LATE: the submit's first answer is lost and the client's retry with the same Idempotency-Key comes after the network
 *   moved on: the gateway's replay answers the activation as it is now (information required, or activated);
 * - RACE (RACE_BECAUSE below says why for each): the gateway's answer as it is when another writer wins a race a test
 *   cannot hold between two reads of one request.
 */
import '../support/nodeRealmEncoding';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedClock, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { i18n } from '../../i18n';
import { activationFlow } from '../../src/app/flows/activation';
import { flowClock } from '../../src/app/flows/checkout';
import { flowObservers } from '../../src/app/flows/login';
import { closeDialog, getFeedback } from '../../src/app/feedback';
import { clearSession } from '../../src/app/session';
import { loadPlans } from '../../src/app/loaders';
import { setItem } from '../../src/storage';
import { endpoints } from '../../src/contract';
import type { ActivationSim, ActivationView } from '../../src/contract/activation';
import {
  ACTIVATION_RESUME_VERSION, inProgress, portNeedsInformation, statusPollDelay, type ActivationContext, type ActivationResume,
} from '../../machines/activation.machine';
import { withoutSecrets } from '../../machines/activationForm';
import { ACTIVATION_TOKEN_TTL_MS } from '../../src/server/activation/token';
import { runDueJobs } from '../../src/server/jobs/runner';
import ActivationLayout from '../../screens/activation/ActivationLayout';
import FirstScreen from '../../screens/activation/FirstScreen';
import SecondScreen from '../../screens/activation/SecondScreen';
import ThirdScreen from '../../screens/activation/ThirdScreen';
import PropagateScreen from '../../screens/activation/PropagateScreen';
import { urlFor } from '../../screens/activation/activation.connect';
import { clearBrowserCookies, withBrowserCookies } from '../support/browserCookies';
import { type TestServer } from '../support/server';
import { form, newCard, portChoice, uniqueUsername, type TestCard } from '../server/activationFixtures';
import { call } from '../server/helpers';
import { activationModel } from '../../machines/models/activation';
import { describePathsByState } from './toolkit/describeChart';
import { coverageOf, formatTable, writeCoverage } from './toolkit/coverage';
import type { PathCase } from '../../machines/paths';
import { newRecorder, observe, type Recorder } from './toolkit/run';
import { JSDOM_DEPTH } from './toolkit/screenDepths';
import { startScreenDepthServer } from './toolkit/screenServer';
import { screenPaths } from '../../machines/models/screens';

const STEP_TIMEOUT = 10_000;
const WRONG_PIN = '0000';
const GOOD_PIN = '1234';
/** Area codes of the sandbox's inventory, one per path in turn, so no code runs out of free numbers. */
const AREA_CODES = ['626', '213', '323', '818', '310', '562', '909', '714', '949', '747', '424', '657'];
/** The number a path ports in: its own, since a completed port gives the number to the path's line for good. */
const portNumber = () => `6265550${String(200 + serial).padStart(3, '0')}`;

const outputOf = <T,>(e: EventObject | undefined) => (e as { output?: T } | undefined)?.output;
const errorCodeOf = (e: EventObject | undefined) => (e as { error?: { code?: string } } | undefined)?.error?.code;
const actorOf = (e: EventObject | undefined): string | null => e?.type.match(/^xstate\.(?:done|error)\.actor\.(.+)$/)?.[1] ?? null;
const isAnswer = (e: EventObject | undefined) => actorOf(e) !== null;
const running = (s: AnyMachineSnapshot) => s._nodes.some((n: { invoke: unknown[] }) => n.invoke.length > 0);

/** The chart's invoke ids and the gateway endpoint each calls. */
const ENDPOINT: Record<string, string> = {
  checkSim: endpoints.activationCheckSim.path, loadCard: endpoints.activationSimInfo.path, loadNumbers: endpoints.activationNumbers.path,
  submit: endpoints.activationSubmit.path, loadActivation: endpoints.activationStatus.path, loadStatus: endpoints.activationStatus.path,
  correctPortIn: endpoints.portInCorrect.path,
};

const RACE_BECAUSE: Record<string, string> = {
  'checkSim:cardHasActivation': 'another tab\'s submit for the card commits between checkSim\'s check of the card\'s status and its read of the card\'s activation',
  'correctPortIn:answered': 'the activation job sends the correction and the carrier answers between the correction\'s commit and the gateway\'s read of the activation',
};

/** Whether an activation answer says information required, in progress, or settled. */
type ViewKind = 'info' | 'progress' | 'settled';
const viewKind = (v: ActivationView | null | undefined): ViewKind => (portNeedsInformation(v ?? null) ? 'info' : inProgress(v ?? null) ? 'progress' : 'settled');
const answeredView = (e: EventObject | undefined): ActivationView | null => {
  const out = outputOf<ActivationView | { activation: ActivationView }>(e);
  if (!out) return null;
  return 'activation' in out ? out.activation : out;
};
const isValidDraftEvent = (e: EventObject) => Boolean((e as { draft?: { birthday?: string } }).draft?.birthday);


/** What a person can do at these screens, state by state: machines/models/screens.ts (`npm run paths -- <chart> --depth screen`). */
const paths = screenPaths('activation')!;

let server: TestServer;
let serial = 0;
let clock: SimulatedClock;
let lastSnapshot: AnyMachineSnapshot | null = null;
const realFetch = globalThis.fetch;
const recorder = newRecorder();
const raced = new Map<string, number>();

/** What a path has made at the gateway: its card, the card's token, its activation. */
interface World {
  path: PathCase;
  /** The path's answers not given yet, in order. */
  answers: EventObject[];
  card: TestCard & { kind: 'us' | 'global'; collected: 'online' | 'offline' };
  token: string | null;
  activationId: string | null;
  areaCode: string;
  clientAddress: string;
  /** What went wrong arranging an answer (the screens only see a failed call). */
  failure?: unknown;
}
let world: World | null = null;

/** The test's own calls (another tab, what the gateway says now) pass the transport untouched. */
const OWN_CALL = { 'x-test-own-call': '1' };
const api = <T,>(endpoint: Parameters<typeof call>[1], body: unknown) =>
  call<T>(server, endpoint, { body, headers: { Language: 'en', ...OWN_CALL }, ip: `10.99.${serial & 255}.1` });

/** A card of the kind an answer describes (or a fresh US card bought online). */
async function cardFor(out: ActivationSim | undefined): Promise<World['card']> {
  const kind = out?.kind ?? 'us';
  const collected = out?.collected ?? 'online';
  const card = await newCard(server, { kind, collected, plan: out ? out.plan !== null : true });
  return { ...card, kind, collected };
}

async function tokenOf(card: World['card']): Promise<string> {
  const res = await api<ActivationSim & { activationToken: string }>(endpoints.activationCheckSim, { iccid: card.iccid, activationCode: card.code, collected: card.collected });
  if (!res.body.data) throw new Error(`checkSim refused the path's card: ${JSON.stringify(res.body)}`);
  return res.body.data.activationToken;
}

/** The path carries a port-in: an answer shows one, or the customer corrects one. */
const needsPort = (path: PathCase) => path.events.some((e) => e.type.startsWith('portIn.') || answeredView(e)?.portIn);

/** Another tab submits step 2 for the path's card (a port whose PIN the carrier refuses, or a new number). */
async function submitElsewhere(w: World, opts: { username?: string; msisdn?: string } = {}): Promise<string> {
  const token = w.token ?? await tokenOf(w.card);
  w.token = token;
  let number: unknown;
  if (w.card.kind === 'global') number = { kind: 'none' };
  else if (needsPort(w.path) && !opts.msisdn) number = portChoice({ pin: WRONG_PIN, msisdn: portNumber(), carrier: 'T-Mobile' });
  else number = { kind: 'new', msisdn: opts.msisdn ?? (await api<{ numbers: string[] }>(endpoints.activationNumbers, { activationToken: token, areaCode: w.areaCode })).body.data!.numbers.at(-1) };
  const body = form(number, w.card.kind === 'global' ? { wifiCalling: { enabled: false, e911: null } } : {});
  if (opts.username) body.account = { ...body.account, username: opts.username };
  const res = await call<{ activation: ActivationView }>(server, endpoints.activationSubmit, {
    body: { activationToken: token, ...body }, headers: { 'Idempotency-Key': crypto.randomUUID(), Language: 'en', ...OWN_CALL }, ip: `10.99.${serial & 255}.2`,
  });
  if (!res.body.data) throw new Error(`another tab's submit was refused: ${JSON.stringify(res.body)}`);
  return res.body.data.activation.activationId;
}

async function statusNow(w: World): Promise<ActivationView> {
  const res = await api<ActivationView>(endpoints.activationStatus, { activationId: w.activationId, activationToken: w.token });
  if (!res.body.data) throw new Error(`status not readable: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** The network sandbox's delays run out and its jobs run until the activation is where the path needs it. */
async function networkUntil(w: World, want: ViewKind) {
  for (let round = 0; round < 8; round++) {
    if (viewKind(await statusNow(w)) === want) return;
    await runDueJobs(server.app.deps);
    server.clock.advance(20_000);
    await runDueJobs(server.app.deps);
  }
  throw new Error(`the activation never became '${want}': ${JSON.stringify(await statusNow(w))}`);
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const lost = async (res: Response): Promise<never> => {
  await res.arrayBuffer();
  throw new TypeError('fetch failed: the connection was reset');
};

/** Arranges the gateway for the answer the path expects to this call, makes the call, and carries the answer. */
async function answerCall(w: World, answer: EventObject, input: RequestInfo | URL, init: RequestInit | undefined): Promise<Response> {
  const actor = actorOf(answer)!;
  const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
  const send = () => realFetch(input, init);
  const error = answer.type.startsWith('xstate.error.actor.');
  const code = errorCodeOf(answer);
  if (error && code === 'http') return lost(await send());
  if (error && code === 'activationTokenInvalid') server.clock.advance(ACTIVATION_TOKEN_TTL_MS + 60_000);
  if (actor === 'submit' && error) {
    if (code === 'numberTaken') {
      const other = await cardFor(undefined);
      await submitElsewhere({ ...w, card: other, token: null }, { msisdn: String((body.number as { msisdn?: string }).msisdn) });
    }
    if (code === '120020') w.activationId = await submitElsewhere(w);
    if (code === 'usernameTaken') await submitElsewhere({ ...w, card: await cardFor(undefined), token: null }, { username: String((body.account as { username?: string }).username) });
  }
  if (actor === 'correctPortIn' && code === 'portInNotCorrectable') {
    const fix = { carrier: 'T-Mobile', msisdn: portNumber(), accountNumber: '123456789', pin: GOOD_PIN, accountZip: '91801' };
    await api(endpoints.portInCorrect, { activationId: w.activationId, activationToken: w.token, ...fix });
  }
  if (actor === 'loadCard' && outputOf<ActivationSim>(answer)?.activationId && !w.activationId) w.activationId = await submitElsewhere(w);
  if ((actor === 'loadActivation' || actor === 'loadStatus') && !error) await networkUntil(w, viewKind(answeredView(answer)));

  const res = await send();
  if (actor === 'checkSim' && res.ok) {
    const data = ((await res.clone().json()) as { data?: { activationToken?: string } }).data;
    w.token = data?.activationToken ?? w.token;
    if (outputOf<ActivationSim>(answer)?.activationId) {
      w.activationId = await submitElsewhere(w);
      raced.set(RACE_BECAUSE['checkSim:cardHasActivation']!, (raced.get(RACE_BECAUSE['checkSim:cardHasActivation']!) ?? 0) + 1);
      const card = await api<ActivationSim>(endpoints.activationSimInfo, { activationToken: w.token });
      return json(200, { code: '200', message: '', data: { ...card.body.data, activationToken: w.token } });
    }
  }
  if (actor === 'submit' && res.ok) {
    const data = ((await res.clone().json()) as { data?: { activation?: ActivationView } }).data;
    w.activationId = data?.activation?.activationId ?? w.activationId;
    const want = viewKind(answeredView(answer));
    if (want !== 'progress') {
      // LATE: the first answer is lost; the retry with the same key comes after the network moved on.
      await res.arrayBuffer();
      await networkUntil(w, want);
      return realFetch(input, init);
    }
  }
  if (actor === 'correctPortIn' && res.ok) {
    const want = viewKind(answeredView(answer));
    if (want !== 'progress') {
      await res.arrayBuffer();
      raced.set(RACE_BECAUSE['correctPortIn:answered']!, (raced.get(RACE_BECAUSE['correctPortIn:answered']!) ?? 0) + 1);
      await networkUntil(w, want);
      return json(200, { code: '200', message: '', data: await statusNow(w) });
    }
  }
  return res;
}

beforeAll(async () => {
  server = await startScreenDepthServer();
  globalThis.fetch = withBrowserCookies(async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const w = world;
    const headers = new Headers(init?.headers);
    if (w) headers.set('x-forwarded-for', w.clientAddress);
    const sent = { ...init, headers };
    const head = w?.answers[0];
    if (!w || !head || headers.has('x-test-own-call') || ENDPOINT[actorOf(head)!] !== url.pathname) return realFetch(input, sent);
    w.answers.shift();
    return answerCall(w, head, input, sent).catch((e: unknown) => {
      if (!(e instanceof TypeError)) w.failure = e;
      throw e;
    });
  });
}, 120_000);

afterEach(() => {
  clearBrowserCookies();
  for (const d of getFeedback().dialogs) closeDialog(d.id, true);
  cleanup();
  flowObservers.clear();
  flowClock.current = undefined;
  world = null;
  lastSnapshot = null;
  sessionStorage.clear();
  localStorage.clear();
  clearSession();
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await server?.close();
  const coverage = coverageOf(activationModel.entry, recorder, JSDOM_DEPTH, paths.length);
  console.log(`\n${formatTable([coverage])}`);
  console.log(`answers of a race: ${[...raced].map(([why, n]) => `${n} × ${why}`).join('; ') || 'none'}`);
  writeCoverage([coverage]);
  expect({ states: coverage.states.missing, transitions: coverage.transitions.missing }).toEqual({ states: [], transitions: [] });
});

function renderScreens() {
  const router = createMemoryRouter([
    {
      Component: ActivationLayout,
      children: [
        { path: '/activation/first', Component: FirstScreen },
        ...['/activation/second', '/activation/secondOffline', '/activation/global/second'].map((path) => ({ path, Component: SecondScreen })),
        ...['/activation/third', '/activation/global/third'].map((path) => ({ path, Component: ThirdScreen })),
        { path: '/activation/propagate', Component: PropagateScreen, loader: loadPlans },
      ],
    },
  ], { initialEntries: ['/activation/first'] });
  render(<RouterProvider router={router} />);
  return router;
}

const t = (key: string) => i18n.t(key);

/** Page object of /activation: its verbs are the activation chart's events. */
class ActivationScreens {
  constructor(private readonly w: World) {}
  state(): unknown { return JSON.parse(screen.getByTestId('activation').dataset.state ?? 'null'); }
  private field(name: string) {
    const el = document.querySelector<HTMLInputElement>(`[data-field="${name}"]`);
    if (!el) throw new Error(`no field ${name} on the screen`);
    return el;
  }
  private set(name: string, value: string) { fireEvent.change(this.field(name), { target: { value } }); }
  private click(name: string) { fireEvent.click(screen.getAllByRole('button', { name: t(name) })[0]!); }

  changeSim() { this.set('iccid', this.w.card.iccid); }

  async checkSim(valid: boolean, next: EventObject | undefined) {
    if (!valid) {
      this.set('iccid', '8901260010000000014');
      this.set('activationCode', '12');
    } else {
      this.w.card = await cardFor(outputOf<ActivationSim>(next));
      this.w.token = null;
      this.w.activationId = null;
      const code = errorCodeOf(next) === '120019' ? String((Number(this.w.card.code) + 1) % 1_000_000).padStart(6, '0') : this.w.card.code;
      fireEvent.click(document.querySelector(`input[name="collected"][value="${this.w.card.collected}"]`)!);
      this.set('iccid', this.w.card.iccid);
      this.set('activationCode', code);
    }
    this.click('activation:first.submit');
  }

  typeEmail() { this.set('email', `mei${serial}@example.com`); }

  searchNumbers(valid: boolean) {
    this.set('areaCode', valid ? this.w.areaCode : '12');
    this.click('activation:number.search');
  }

  submit(valid: boolean) {
    if (!valid) {
      this.set('birthday', '');
      this.click('activation:second.submit');
      return;
    }
    if (this.w.card.kind === 'us') {
      if (needsPort(this.w.path)) {
        fireEvent.click(document.querySelector('input[name="numberKind"][value="port"]')!);
        this.set('port.carrier', 'T-Mobile');
        this.set('port.msisdn', portNumber());
        this.set('port.accountNumber', '123456789');
        this.set('port.pin', WRONG_PIN);
        this.set('port.accountZip', '91801');
      } else {
        fireEvent.click(document.querySelector('input[name="numberKind"][value="new"]')!);
        fireEvent.click(document.querySelector('input[name="newNumber"]')!);
      }
    }
    this.set('birthday', '1990-05-01');
    this.set('email', `mei${serial}@example.com`);
    this.set('zip', '91801');
    this.set('username', uniqueUsername('screen'));
    this.set('password', 'Activate1x');
    this.set('confirm', 'Activate1x');
    this.click('activation:second.submit');
  }

  forgetCard() {
    const names = ['activation:second.otherCard', 'activation:unavailable.startOver', 'checkout:activationPlan.otherCard'];
    const button = screen.getAllByRole('button').find((b) => names.some((n) => b.textContent === t(n)));
    fireEvent.click(button!);
  }
  retry() { this.click('activation:unavailable.retry'); }
  another() { this.click('activation:third.another'); }
  /** status.refresh: the customer comes back to the tab (the page is shown again). */
  refresh() { document.dispatchEvent(new Event('visibilitychange')); }
  typePin() { this.set('port.pin', GOOD_PIN); }

  /**
   * The carrier named the PIN: only the PIN is typed again. The account number comes back empty (it is never sent
   * back) and is kept as the carrier was given it (issue 12: "the customer changes only what the carrier named").
   */
  correct(valid: boolean, stillWrong: boolean) {
    expect(this.field('port.accountNumber').value).toBe('');
    expect(this.field('port.carrier').value).not.toBe('');
    this.set('port.pin', valid ? (stillWrong ? WRONG_PIN : GOOD_PIN) : '');
    fireEvent.click(screen.getByRole('button', { name: t('activation:correction.submit') }));
  }
}

async function perform(page: ActivationScreens, path: PathCase, i: number) {
  const event = path.events[i]!;
  const next = path.events[i + 1];
  const valid = (e: EventObject) => {
    const p = e as Record<string, unknown>;
    if (e.type === 'sim.check') return p.activationCode !== '12';
    if (e.type === 'activation.submit') return isValidDraftEvent(e);
    if (e.type === 'portIn.submit') return Boolean((p.port as { pin?: string }).pin);
    return true;
  };
  switch (event.type) {
    case 'activation.open': return undefined; // the layout sends it as it opens
    case 'sim.change': return page.changeSim();
    case 'sim.check': return page.checkSim(valid(event), next);
    case 'form.change': return page.typeEmail();
    case 'numbers.search': return page.searchNumbers((event as unknown as { areaCode: string }).areaCode.length === 3);
    case 'activation.submit': return page.submit(valid(event));
    case 'sim.forget': return page.forgetCard();
    case 'card.retry': return page.retry();
    case 'activation.another': return page.another();
    case 'status.refresh': return page.refresh();
    case 'portIn.change': return page.typePin();
    case 'portIn.submit': {
      const later = path.events.slice(i + 1).find((e) => answeredView(e));
      return page.correct(valid(event), viewKind(answeredView(later)) === 'info');
    }
    default:
      if (event.type.startsWith('xstate.after.statusPoll')) return clock.increment(statusPollDelay((path.snapshots[i]!.context as ActivationContext).statusChecks));
      if (isAnswer(event)) return undefined; // the gateway (arranged by the transport) gives it; the next check waits for it
      throw new Error(`no verb for ${event.type}`);
  }
}

/** What a reload of this tab left behind, as the host keeps it, for the path's card or activation. */
async function resumeFor(w: World, open: EventObject): Promise<ActivationResume | null> {
  const resume = (open as unknown as { resume: ActivationResume | null }).resume;
  if (!resume) return null;
  w.token = await tokenOf(w.card);
  if (resume.activationId) w.activationId = await submitElsewhere(w);
  return {
    version: ACTIVATION_RESUME_VERSION, activationToken: w.token, activationId: w.activationId, collected: w.card.collected,
    draft: resume.draft ? withoutSecrets({ ...resume.draft, areaCode: '', newNumber: '' }) : null,
  };
}

async function runOnScreen(path: PathCase, record: Recorder) {
  serial += 1;
  clock = new SimulatedClock();
  flowClock.current = clock;
  const firstCard = path.events.map((e) => (['checkSim', 'loadCard'].includes(actorOf(e) ?? '') ? outputOf<ActivationSim>(e) : undefined)).find(Boolean);
  const w: World = {
    path, answers: path.events.filter(isAnswer), card: await cardFor(firstCard), token: null, activationId: null,
    areaCode: AREA_CODES[serial % AREA_CODES.length]!, clientAddress: `10.9.${(serial >> 8) & 255}.${serial & 255}`,
  };
  const resume = await resumeFor(w, path.events[0]!);
  if (resume) setItem('activation/resume', resume as unknown as Record<string, unknown>);
  world = w;

  const pathRecorder = newRecorder();
  const onInspect = observe(activationFlow, pathRecorder);
  const onInspectAll = observe(activationFlow, record);
  const isActivation = (ref: unknown) => (ref as { logic?: unknown } | undefined)?.logic === activationFlow;
  flowObservers.add((e) => {
    onInspect(e as never, isActivation);
    onInspectAll(e as never, isActivation);
    if (!isActivation(e.actorRef) || (e.type !== '@xstate.snapshot' && e.type !== '@xstate.event')) return;
    // The state the actor starts in is entered while it is created, before any microstep is inspected.
    const snapshot = (e.type === '@xstate.snapshot' ? e.snapshot : e.actorRef.getSnapshot()) as AnyMachineSnapshot;
    for (const node of snapshot._nodes) if (node !== activationFlow.root) { record.states.add(node.id); pathRecorder.states.add(node.id); }
    lastSnapshot = snapshot;
  });

  const router = renderScreens();
  const page = new ActivationScreens(w);
  /** The chart is where the path says, the URL follows it and the step's screen is shown there. */
  const atStep = (value: unknown) => {
    expect(page.state()).toEqual(value);
    const url = lastSnapshot ? urlFor(lastSnapshot as never) : null;
    if (url) expect(router.state.location.pathname).toBe(url);
    expect(screen.queryByText(t('activation:loading'))).toBeNull();
  };
  for (let i = 0; i < path.events.length; i++) {
    const event = path.events[i]!;
    if (i > 0 && !isAnswer(event)) await waitFor(() => atStep(path.values[i]), { timeout: STEP_TIMEOUT });
    await perform(page, path, i);
    const after = path.snapshots[i + 1]!;
    if (!running(after)) await waitFor(() => { if (w.failure) throw w.failure; atStep(after.value); }, { timeout: STEP_TIMEOUT });
  }
  await waitFor(() => expect([...pathRecorder.transitions]).toContain(path.transition.id), { timeout: STEP_TIMEOUT });
  expect(w.answers.map((e) => e.type), 'answers the screens never asked for').toEqual([]);
  router.dispose();
}

describe('activation screen paths', () => {
  it('the screens can reach every part of the chart a person can', () => {
    expect(paths.length).toBeGreaterThan(50);
  });

  describePathsByState(paths, (path) => runOnScreen(path, recorder));
});
