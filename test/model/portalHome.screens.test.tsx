// @vitest-environment jsdom
/**
 * The wifiCalling and esimInstall charts' generated paths driven through the real screens (/personal/wificall,
 * /person/scanInstall) with Testing Library. Page-object verbs are the charts' events; the gateway's answers are the
 * path's own done/error events (each call the screen makes waits until the path answers it), so every branch the
 * gateway can take is reached; the real gateway is exercised by test/server/portalHome.test.ts and test/e2e. The
 * screen's `data-state` is checked after every step, and the transitions its actor took are recorded.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, vi } from 'vitest';
import type { AnyStateMachine, EventObject } from 'xstate';
import { i18n, initI18n } from '../../i18n';
import { flowObservers } from '../../src/app/flows/login';
import { esimInstallFlow, wifiCallingFlow } from '../../src/app/flows/portal';
import type { PortalData } from '../../src/contract/pageData';
import WifiCallScreen from '../../screens/personal/WifiCallScreen';
import ScanInstallScreen from '../../screens/personal/ScanInstallScreen';
import { esimInstallModel, wifiCallingModel } from './models';
import { describePathsByState } from './toolkit/describeChart';
import { coverageOf, formatTable, writeCoverage } from './toolkit/coverage';
import { generatePaths, type ChartModel, type PathCase } from './toolkit/paths';
import { newRecorder, observe, type Recorder } from './toolkit/run';

/** Each call of the flows waits in `calls` until the path answers it with the actor's done or error event. */
const calls = vi.hoisted(() => new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>());
vi.mock('../../src/app/flows/portal', async () => {
  const { fromPromise } = await import('xstate');
  const { wifiCallingMachine } = await import('../../machines/wifiCalling.machine');
  const { esimInstallMachine } = await import('../../machines/esimInstall.machine');
  const waiting = (src: string) => fromPromise(() => new Promise((resolve, reject) => { calls.set(src, { resolve, reject }); }));
  return {
    wifiCallingFlow: wifiCallingMachine.provide({ actors: { loadWifiCall: waiting('loadWifiCall'), saveE911: waiting('saveE911') } as never }),
    esimInstallFlow: esimInstallMachine.provide({ actors: { sendCode: waiting('sendCode'), reveal: waiting('reveal') } as never }),
  };
});

const STEP_TIMEOUT = 4_000;

beforeAll(async () => { await initI18n('en'); });
afterEach(() => {
  cleanup();
  flowObservers.clear();
  calls.clear();
});

const t = (key: string) => i18n.t(key);
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name: t(name) }));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });

/** The gateway's answer of a path step: the call the screen made settles as the path says. */
async function answer(event: EventObject) {
  const done = event.type.startsWith('xstate.done.actor.');
  const src = event.type.replace(/^xstate\.(done|error)\.actor\./, '');
  await waitFor(() => expect(calls.has(src), `the screen called ${src}`).toBe(true), { timeout: STEP_TIMEOUT });
  const call = calls.get(src)!;
  calls.delete(src);
  const payload = event as unknown as { output?: unknown; error?: unknown };
  if (done) call.resolve(payload.output);
  else call.reject(payload.error);
}

type Verbs = Record<string, (event: EventObject) => void>;

/** Page object of /personal/wificall: its verbs are the wifiCalling chart's events. */
const wifiVerbs: Verbs = {
  'wifiCall.retry': () => click('portalHome:wifi.retry'),
  'address.edit': () => fireEvent.click(screen.getByRole('button', { name: new RegExp(`${t('portalHome:wifi.change')}|${t('portalHome:wifi.add')}`) })),
  'address.cancel': () => click('portalHome:wifi.cancel'),
  'field.change': (e) => type(t('common:address.zip'), (e as unknown as { value: string }).value),
  'address.submit': (e) => {
    const d = (e as unknown as { draft: Record<string, string> }).draft;
    type(t('common:address.address1'), d.address1!);
    type(t('common:address.city'), d.city!);
    fireEvent.change(screen.getByLabelText(t('common:address.state'), { exact: false }), { target: { value: d.state } });
    type(t('common:address.zip'), d.zip!);
    click('portalHome:wifi.save');
  },
};

/** Page object of /person/scanInstall: its verbs are the esimInstall chart's events. */
const installVerbs: Verbs = {
  'code.send': () => {
    const first = screen.queryByRole('button', { name: t('portalHome:install.bySms') });
    fireEvent.click(first ?? screen.getByRole('button', { name: t('portalHome:install.resendSms') }));
  },
  'field.change': (e) => type(t('portalHome:install.code'), (e as unknown as { value: string }).value),
  'install.reveal': (e) => {
    const a = e as unknown as { code: string; password: string };
    type(t('portalHome:install.code'), a.code);
    type(t('portalHome:install.password'), a.password);
    click('portalHome:install.show');
  },
  'install.hide': () => click('portalHome:install.hide'),
};

const PORTAL_DATA: PortalData = {
  loadError: false,
  home: {
    msisdn: '6265550100', global: false, isSmsUser: 0, showAutonewSetBtn: 1, hasPassword: true,
    sim: { iccid: '8901260010000000013', type: 'esim', status: 'activated', kind: 'us' }, plan: null, upcoming: [],
    balances: { generalCents: 0, ildCents: 0 },
  },
};

function renderAt(path: string, element: React.ReactElement) {
  const router = createMemoryRouter([{ path, element, loader: () => PORTAL_DATA }], { initialEntries: [path] });
  render(<I18nextProvider i18n={i18n}><RouterProvider router={router} /></I18nextProvider>);
}

async function runOnScreen(flow: AnyStateMachine, testId: string, verbs: Verbs, mount: () => void, path: PathCase, recorder: Recorder) {
  const onInspect = observe(flow, recorder);
  const isFlow = (ref: unknown) => (ref as { logic?: unknown } | undefined)?.logic === flow;
  flowObservers.add((e) => onInspect(e as never, isFlow));
  mount();
  const stateIs = async (value: unknown) => waitFor(() => expect(screen.getByTestId(testId).dataset.state).toBe(typeof value === 'string' ? value : JSON.stringify(value)), { timeout: STEP_TIMEOUT });
  for (const [i, event] of path.events.entries()) {
    await stateIs(path.values[i]);
    if (event.type.startsWith('xstate.')) await answer(event);
    else verbs[event.type]!(event);
  }
  await stateIs(path.values.at(-1));
}

function screenDepth(model: ChartModel, flow: AnyStateMachine, testId: string, verbs: Verbs, mount: () => void) {
  const paths = generatePaths(model);
  const recorder = newRecorder();
  describePathsByState(paths, (path) => runOnScreen(flow, testId, verbs, mount, path, recorder), 30_000);
  afterAll(() => {
    const coverage = coverageOf(model.entry, recorder, 'screen', paths.length);
    console.log(`\n${formatTable([coverage])}`);
    writeCoverage([coverage]);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
}

describe('wifiCalling on /personal/wificall', () => {
  screenDepth(wifiCallingModel, wifiCallingFlow, 'wifi-calling', wifiVerbs, () => renderAt('/personal/wificall', <WifiCallScreen />));
});

describe('esimInstall on /person/scanInstall', () => {
  screenDepth(esimInstallModel, esimInstallFlow, 'esim-install', installVerbs, () => renderAt('/person/scanInstall', <ScanInstallScreen />));
});
