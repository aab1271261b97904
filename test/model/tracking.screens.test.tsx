// @vitest-environment jsdom
/**
 * The tracking chart's generated paths driven through the real tracking screens (layout route and its three steps,
 * Testing Library) against an in-process gateway (test/support/server.ts) holding a real paid order. Page-object
 * verbs are the chart's events; the layout's `data-state` is checked against the path at every settled step, and
 * the transitions the screens' actor took are recorded through xstate inspection.
 *
 * Exempted from this depth in the registry (machines/index.ts, with the depth that takes it and why; `npm run
 * coverage -- tracking` lists each), because a person at these jsdom screens cannot cause it; Chromium takes each
 * (test/e2e/tracking.paths.spec.ts), and that spec asserts the two depths together take every transition:
 * - `after resendWait` / `after 1s` of the send-code countdown: a minute of real time per path (the countdown is
 *   tested with fake timers in tracking.test.ts).
 * - `loadCaptcha error` (and so `captcha.failed`): needs the network to fail while the picture loads.
 * - `modifyAddress error` of the last branch (any other failure): the screen validates with the gateway's own schema
 *   and cannot change the country, so only the network failing can produce it.
 */
import '../support/nodeRealmEncoding';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { createMemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { i18n } from '../../i18n';
import { flowObservers } from '../../src/app/flows/login';
import { trackingFlow } from '../../src/app/flows/tracking';
import { endpoints } from '../../src/contract';
import { sandboxParcel } from '../../src/server/adapters/logisticsSandbox';
import { runDueJobs } from '../../src/server/jobs/runner';
import { TRACKING_GRANT_TTL_MS } from '../../src/server/tracking/grant';
import { stepOf, TRACKING_PATHS } from '../../screens/tracking/tracking.connect';
import { type TestServer } from '../support/server';
import { fetchAsClient, startScreenDepthServer } from './toolkit/screenServer';
import { renderTrackingScreens } from '../support/trackingScreens';
import { trackingModel } from '../../machines/models/tracking';
import { describePathsByState } from './toolkit/describeChart';
import { coverageOf, formatTable, writeCoverage } from './toolkit/coverage';
import type { PathCase } from '../../machines/paths';
import { newRecorder, observe, type Recorder } from './toolkit/run';
import { buyPaidOrder, NEW_ADDRESS, trackingCodeFor, type BoughtOrder } from './trackingOrders';
import { screenPaths } from '../../machines/models/screens';

const STEP_TIMEOUT = 8_000;

const errorCodeOf = (e: EventObject | undefined) => (e as { error?: { code?: string } } | undefined)?.error?.code;
const waiting = (s: AnyMachineSnapshot) => s._nodes.some((n: { invoke: unknown[] }) => n.invoke.length > 0);


/** What a person can do at these screens, state by state: machines/models/screens.ts (`npm run paths -- <chart> --depth screen`). */
const paths = screenPaths('tracking')!;

let server: TestServer;
let lastCaptchaToken = '';
let clientAddress = '10.8.0.1';
const realFetch = globalThis.fetch;
const recorder = newRecorder();

beforeAll(async () => {
  server = await startScreenDepthServer();
  globalThis.fetch = fetchAsClient(realFetch, () => clientAddress, (token) => { lastCaptchaToken = token; });
}, 120_000);

afterEach(() => {
  cleanup();
  flowObservers.clear();
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await server?.close();
  const coverage = coverageOf(trackingModel.entry, recorder, 'screen', paths.length);
  console.log(`\n${formatTable([coverage])}`);
  writeCoverage([coverage]);
  // Everything but what the registry exempts from this depth (machines/index.ts, with the depth that takes them and why).
  expect({ transitions: coverage.transitions.missing, states: coverage.states.missing }).toEqual({ transitions: [], states: [] });
});

/** Page object of /tracking: its verbs are the tracking chart's events. */
class TrackingScreens {
  constructor(private readonly order: BoughtOrder, private readonly router: ReturnType<typeof createMemoryRouter>) {}

  private field = (label: string) => screen.getByLabelText(i18n.t(label)) as HTMLInputElement;
  private set = (label: string, value: string) => fireEvent.change(this.field(label), { target: { value } });
  private click = (name: string) => fireEvent.click(screen.getByRole('button', { name: i18n.t(name) }));

  state(): unknown {
    return JSON.parse(screen.getByTestId('tracking').dataset.state ?? 'null');
  }

  private async code(): Promise<string> {
    const code = trackingCodeFor(await server.outbox(this.order.email), this.order.orderNo);
    if (!code) throw new Error(`no tracking code sent for ${this.order.orderNo}`);
    return code;
  }

  typeOrderNo() { this.set('tracking:fields.orderNo', this.order.orderNo); }
  refreshCaptcha() { this.click('login:fields.captchaRefresh'); }

  sendCode(valid: boolean) {
    this.set('tracking:fields.orderNo', valid ? this.order.orderNo : '');
    this.set('tracking:fields.email', valid ? this.order.email : 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: new RegExp(`^(${i18n.t('tracking:search.sendCode')}|${i18n.t('tracking:search.resend')})$`) }));
  }

  async search(valid: boolean, accepted: boolean) {
    this.set('tracking:fields.orderNo', this.order.orderNo);
    this.set('tracking:fields.email', this.order.email);
    if (!valid) {
      this.set('tracking:fields.code', '12');
      this.set('login:fields.captcha', '');
    } else {
      const real = await this.code();
      this.set('tracking:fields.code', accepted ? real : String((Number(real) + 1) % 1_000_000).padStart(6, '0'));
      this.set('login:fields.captcha', await server.captchaAnswer(lastCaptchaToken));
    }
    this.click('tracking:search.submit');
  }

  openModify() { this.click('tracking:result.changeAddress'); }
  typeAddress() { this.set('common:address.address1', NEW_ADDRESS.address1); }
  cancelModify() { this.click('tracking:modify.cancel'); }

  /** From the result a button; from the form the header's link to /tracking, which the layout turns into the event. */
  async searchAgain() {
    if (screen.queryByRole('button', { name: i18n.t('tracking:result.searchAgain') })) this.click('tracking:result.searchAgain');
    else await this.router.navigate('/tracking/search');
  }

  async submitAddress(valid: boolean, outcome: 'accepted' | 'alreadyShipped' | 'ticketInvalid') {
    this.set('tracking:address.firstNameEn', valid ? 'Mei' : '美');
    this.set('common:address.address1', NEW_ADDRESS.address1);
    this.set('common:address.city', NEW_ADDRESS.city);
    fireEvent.change(screen.getByLabelText(i18n.t('common:address.state')), { target: { value: NEW_ADDRESS.state } });
    this.set('common:address.zip', valid ? NEW_ADDRESS.zip : '10001');
    if (outcome === 'alreadyShipped') {
      // The carrier ships the parcel while the customer is typing.
      const parcel = await sandboxParcel(server.db, server.clock, this.order.orderNo);
      if (!parcel) throw new Error('no parcel: fulfilment did not run');
      server.clock.advance(Math.max(0, parcel.shipsAt.getTime() - server.clock.now().getTime()) + 1_000);
    }
    if (outcome === 'ticketInvalid') server.clock.advance(TRACKING_GRANT_TTL_MS + 60_000);
    this.click('tracking:modify.save');
  }
}

const isValidPayload = (e: EventObject): boolean => {
  const p = e as Record<string, unknown>;
  switch (e.type) {
    case 'code.send': return p.orderNo !== '';
    case 'search.submit': return p.code !== '12';
    case 'address.submit': return (p.address as { firstNameEn?: string }).firstNameEn !== '美';
    default: return true;
  }
};

async function perform(page: TrackingScreens, event: EventObject, next: EventObject | undefined) {
  const valid = isValidPayload(event);
  const accepted = !next?.type.startsWith('xstate.error.actor.');
  switch (event.type) {
    case 'field.change': return page.typeOrderNo();
    case 'captcha.refresh': return page.refreshCaptcha();
    case 'code.send': return page.sendCode(valid);
    case 'search.submit': return page.search(valid, accepted);
    case 'modify.open': return page.openModify();
    case 'address.change': return page.typeAddress();
    case 'address.submit': {
      const code = errorCodeOf(next);
      return page.submitAddress(valid, code === 'alreadyShipped' ? 'alreadyShipped' : code === 'ticketInvalid' ? 'ticketInvalid' : 'accepted');
    }
    case 'modify.cancel': return page.cancelModify();
    case 'search.again': return page.searchAgain();
    default: return undefined; // a call's answer: the gateway gives it; the next check waits for it
  }
}

let serial = 0;

/** An order for the path, and the code a path that searches without sending one had asked for earlier. */
async function orderFor(path: PathCase): Promise<BoughtOrder> {
  const order = await buyPaidOrder(server.url, server.paymentsUrl);
  await runDueJobs(server.app.deps);
  const sendsInPath = path.events.some((e) => e.type === 'xstate.done.actor.sendCode');
  const searches = path.events.some((e) => e.type === 'search.submit' && isValidPayload(e));
  const refusedSend = path.events.some((e) => e.type === 'xstate.error.actor.sendCode');
  if ((searches && !sendsInPath) || refusedSend) {
    // A code asked for a moment ago (another tab, an earlier visit): it is in the inbox, and a new one must wait.
    await fetch(`${server.url}${endpoints.trackingSendCode.path}`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ orderNo: order.orderNo, email: order.email }),
    });
  }
  return order;
}

async function runOnScreen(path: PathCase, record: Recorder) {
  serial += 1;
  clientAddress = `10.8.${(serial >> 8) & 255}.${serial & 255}`;
  const order = await orderFor(path);
  const pathRecorder = newRecorder();
  const onInspect = observe(trackingFlow, pathRecorder);
  const onInspectAll = observe(trackingFlow, record);
  const isTracking = (ref: unknown) => (ref as { logic?: unknown } | undefined)?.logic === trackingFlow;
  flowObservers.add((e) => { onInspect(e as never, isTracking); onInspectAll(e as never, isTracking); });

  const router = renderTrackingScreens();
  const page = new TrackingScreens(order, router);

  // The URL follows the chart: once a step has settled, the router is at that step's path and its screen is shown.
  const TITLES = { search: 'tracking:search.title', result: 'tracking:result.title', modify: 'tracking:modify.title' } as const;
  const atStepOf = (value: unknown) => {
    const step = stepOf(value);
    expect(router.state.location.pathname).toBe(TRACKING_PATHS[step]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(i18n.t(TITLES[step]));
  };
  for (let i = 0; i < path.events.length; i++) {
    await perform(page, path.events[i]!, path.events[i + 1]);
    const after = path.snapshots[i + 1]!;
    if (!waiting(after)) {
      await waitFor(() => {
        expect(page.state()).toEqual(after.value);
        atStepOf(after.value);
      }, { timeout: STEP_TIMEOUT });
    }
  }
  await waitFor(() => expect([...pathRecorder.transitions]).toContain(path.transition.id), { timeout: STEP_TIMEOUT });
  router.dispose();
}

describe('tracking screen paths', () => {
  it('the screens can reach most of the chart', () => {
    expect(paths.length).toBeGreaterThan(18);
  });

  describePathsByState(paths, (path) => runOnScreen(path, recorder));
});
