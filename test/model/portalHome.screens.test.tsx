// @vitest-environment jsdom
/**
 * The wifiCalling and esimInstall charts' generated paths driven through the real screens (/personal/wificall,
 * /person/scanInstall) with Testing Library. Page-object verbs are the charts' events; the gateway's answers are the
 * path's own done/error events (each call the screen makes waits until the path answers it), so every branch the
 * gateway can take is reached; the real gateway is exercised by test/server/portalHome.test.ts and test/e2e. The runner
 * (test/model/toolkit/answeredScreens.ts) checks the screen's `data-state` at every step and records the transitions.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, vi } from 'vitest';
import { i18n } from '../../i18n';
import { esimInstallFlow, wifiCallingFlow } from '../../src/app/flows/portal';
import type { PortalData } from '../../src/contract/pageData';
import WifiCallScreen from '../../screens/personal/WifiCallScreen';
import ScanInstallScreen from '../../screens/personal/ScanInstallScreen';
import { esimInstallModel, wifiCallingModel } from '../../machines/models/index';
import { screenDepth, type Calls, type Verbs } from './toolkit/answeredScreens';

/** Each call of the flows waits in `calls` until the path answers it with the actor's done or error event. */
const calls: Calls = vi.hoisted(() => new Map());
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

const t = (key: string) => i18n.t(key);
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name: t(name) }));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });

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
    balances: { generalCents: 0, ildCents: 0 }, dualNumber: { state: 'notOpened', chinaNumber: null }, replacement: null,
  },
};

function renderAt(path: string, element: React.ReactElement) {
  const router = createMemoryRouter([{ path, element, loader: () => PORTAL_DATA }], { initialEntries: [path] });
  render(<I18nextProvider i18n={i18n}><RouterProvider router={router} /></I18nextProvider>);
}

describe('wifiCalling on /personal/wificall', () => {
  screenDepth({ model: wifiCallingModel, flow: wifiCallingFlow, testId: 'wifi-calling', verbs: wifiVerbs, calls, mount: () => renderAt('/personal/wificall', <WifiCallScreen />) });
});

describe('esimInstall on /person/scanInstall', () => {
  screenDepth({ model: esimInstallModel, flow: esimInstallFlow, testId: 'esim-install', verbs: installVerbs, calls, mount: () => renderAt('/person/scanInstall', <ScanInstallScreen />) });
});
