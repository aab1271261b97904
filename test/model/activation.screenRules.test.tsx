// @vitest-environment jsdom
/**
 * The rules of the /activation screens a customer meets, in scenarios (the generated paths of the chart, with its
 * coverage, are activation.screens.test.tsx): step 1's field rules and 120019 in the dialog with the typed values kept;
 * a dealer card without plan to /activation/propagate; a new number with the account registered and Wi-Fi calling
 * (a double click submits once, the login kept); a port-in's required fields and a reload resuming step 3; the global
 * SIM; another card; a taken username said next to its field.
 */
import '../support/nodeRealmEncoding';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { flowObservers } from '../../src/app/flows/login';
import { closeDialog, getFeedback } from '../../src/app/feedback';
import { FORM_ERROR_ID } from '../../screens/ui/useFocusFirstError';
import { clearSession } from '../../src/app/session';
import { eq } from 'drizzle-orm';
import { activations } from '../../src/server/db/schema';
import { type TestServer } from '../support/server';
import { renderActivationScreens } from '../support/activationScreens';
import { newCard, type TestCard } from '../server/activationFixtures';
import { fetchAsClient, startScreenDepthServer } from './toolkit/screenServer';
import { clearBrowserCookies, httpOnlyCookie } from '../support/browserCookies';

const STEP_TIMEOUT = 10_000;
let server: TestServer;
let serial = 0;
let clientAddress = '10.9.0.1';
const realFetch = globalThis.fetch;

beforeAll(async () => {
  server = await startScreenDepthServer();
  globalThis.fetch = fetchAsClient(realFetch, () => clientAddress, () => undefined);
}, 120_000);

beforeEach(() => {
  serial += 1;
  clientAddress = `10.9.${(serial >> 8) & 255}.${serial & 255}`;
  sessionStorage.clear();
  clearSession();
  clearBrowserCookies();
});

afterEach(() => {
  for (const d of getFeedback().dialogs) closeDialog(d.id, true);
  cleanup();
  flowObservers.clear();
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await server?.close();
});

const t = (key: string, values?: Record<string, unknown>) => i18n.t(key, values);

/** Page object of /activation: its verbs are the activation chart's events. */
class ActivationScreens {
  constructor(readonly router: ReturnType<typeof renderActivationScreens>) {}
  state(): unknown { return JSON.parse(screen.getByTestId('activation').dataset.state ?? 'null'); }
  async expectState(value: unknown) { await waitFor(() => expect(this.state()).toEqual(value), { timeout: STEP_TIMEOUT }); }
  /** The URL follows the chart, and the step's screen is shown there. */
  async expectPath(path: string) {
    await waitFor(() => {
      expect(this.router.state.location.pathname).toBe(path);
      if (path !== '/activation/propagate') expect(screen.queryByText(t('activation:loading'))).toBeNull();
    }, { timeout: STEP_TIMEOUT });
  }
  field(name: string) { return document.querySelector<HTMLInputElement>(`[data-field="${name}"]`)!; }
  set(name: string, value: string) { fireEvent.change(this.field(name), { target: { value } }); }
  click(name: string) { fireEvent.click(screen.getByRole('button', { name: t(name) })); }

  /** sim.check */
  async checkSim(card: Partial<TestCard>, collected: 'online' | 'offline' | '' = 'online') {
    await waitFor(() => expect(this.field('iccid')).not.toBeNull(), { timeout: STEP_TIMEOUT });
    if (collected) fireEvent.click(document.querySelector(`input[name="collected"][value="${collected}"]`)!);
    this.set('iccid', card.iccid ?? '');
    this.set('activationCode', card.code ?? '');
    this.click('activation:first.submit');
  }
  /** numbers.search, then a number picked (form.change newNumber) */
  async pickNumber(areaCode = '626') {
    this.set('areaCode', areaCode);
    this.click('activation:number.search');
    await waitFor(() => expect(document.querySelector('input[name="newNumber"]')).not.toBeNull(), { timeout: STEP_TIMEOUT });
    fireEvent.click(document.querySelector('input[name="newNumber"]')!);
  }
  /** form.change for every field, then activation.submit */
  fillStep2(opts: { account?: boolean; wifi?: boolean } = {}) {
    this.set('birthday', '1990-05-01');
    this.set('email', `mei${serial}@example.com`);
    this.set('zip', '91801');
    if (opts.account !== false) {
      this.set('username', `screen${Date.now().toString(36)}${serial}`);
      this.set('password', 'Activate1x');
      this.set('confirm', 'Activate1x');
    }
    if (opts.wifi) {
      fireEvent.click(this.field('wifiCalling'));
      this.set('e911.address1', '88 Garfield Ave');
      this.set('e911.city', 'Alhambra');
      fireEvent.change(this.field('e911.state'), { target: { value: 'CA' } });
      this.set('e911.zip', '91801');
    }
  }
  submit() { this.click('activation:second.submit'); }
}

describe('first (step 1)', () => {
  it('sim.check [else]: each broken rule next to its field, focus on the first, what was typed kept', async () => {
    const page = new ActivationScreens(renderActivationScreens());
    await page.expectState({ first: 'editing' });
    await page.checkSim({ iccid: '8901260010000000014', code: '12' }, '');
    await waitFor(() => expect(screen.getByText(t('validation:collected.required'))).toBeTruthy());
    expect(screen.getByText(t('validation:iccid.checkDigit'))).toBeTruthy();
    expect(screen.getByText(t('validation:activationCode.format'))).toBeTruthy();
    expect(document.activeElement).toBe(document.querySelector('input[name="collected"]'));
    expect(page.field('iccid').value).toBe('8901260010000000014');
    expect(page.field('iccid').getAttribute('aria-invalid')).toBe('true');
  });

  it('checkSim error: a wrong code (120019) is said once, in the warning dialog, with the tries left; closing it goes to the code, typed values kept', async () => {
    const card = await newCard(server);
    const page = new ActivationScreens(renderActivationScreens());
    await page.expectState({ first: 'editing' });
    const wrong = card.code === '000000' ? '000001' : '000000';
    for (const left of [4, 3]) {
      await page.checkSim({ iccid: card.iccid, code: wrong });
      await page.expectState({ first: 'editing' });
      const said = `${t('activation:first.wrongCode', { count: left, minutes: 15 })} ${t('activation:advice.120019')}`;
      await waitFor(() => expect(getFeedback().dialogs.map((d) => d.message)).toEqual([said]));
      expect(said).toContain(String(left));
      // Not under the form as well: the page says nothing the dialog says.
      expect(document.body.textContent).not.toContain(t('activation:advice.120019'));
      expect(document.getElementById(FORM_ERROR_ID)).toBeNull();
      expect(page.field('iccid').value).toBe(card.iccid);
      expect(page.field('activationCode').value).toBe(wrong);
      closeDialog(getFeedback().dialogs[0]!.id, true);
      await waitFor(() => expect(document.activeElement).toBe(page.field('activationCode')));
    }
  });

  it('checkSim done [cardHasNoPlan]: a dealer card without plan goes to the plan purchase (/activation/propagate)', async () => {
    const card = await newCard(server, { collected: 'offline', plan: false });
    const page = new ActivationScreens(renderActivationScreens());
    await page.expectState({ first: 'editing' });
    await page.checkSim(card, 'offline');
    await page.expectPath('/activation/propagate');
    expect(JSON.parse(sessionStorage.getItem('activation/card')!).content).toMatchObject({ card: { iccid: card.iccid, plan: null } });
  });
});

describe('second (step 2)', () => {
  it('a new number, the account registered, Wi-Fi calling: double click submits once, step 3 follows the line', async () => {
    const card = await newCard(server);
    const page = new ActivationScreens(renderActivationScreens('/activation/third'));
    // A deep link to a later step returns to the step reached.
    await page.expectPath('/activation/first');
    await page.checkSim(card);
    await page.expectPath('/activation/second');
    await page.expectState({ second: { numbers: 'idle', form: 'editing' } });
    // numbers.search [else]
    page.set('areaCode', '12');
    page.click('activation:number.search');
    await waitFor(() => expect(screen.getByText(t('validation:areaCode.invalid'))).toBeTruthy());
    // activation.submit [else]
    page.submit();
    await waitFor(() => expect(screen.getAllByText(t('validation:newNumber.required')).length).toBeGreaterThan(0));
    expect(screen.getByText(t('activation:account.usernameRequired'))).toBeTruthy();
    await page.pickNumber();
    page.fillStep2({ wifi: true });
    const button = screen.getByRole('button', { name: t('activation:second.submit') });
    fireEvent.click(button);
    fireEvent.click(button);
    await page.expectPath('/activation/third');
    await page.expectState({ third: 'waiting' });
    expect(await server.db.select({ id: activations.id }).from(activations).where(eq(activations.iccid, card.iccid))).toHaveLength(1);
    expect(screen.getByText(t('activation:status.headline.progress'))).toBeTruthy();
    expect(screen.getByText(t('activation:timing.effect'))).toBeTruthy();
    // the registration logged the customer in: by the gateway's HttpOnly cookie, which no script reads
    expect(httpOnlyCookie('Admin-Token')).toBeTruthy();
    expect(document.cookie).toContain('Logged-In=');
    expect(document.cookie).not.toContain('Admin-Token=');
  });

  it('a port-in: account number and PIN required; the reload resumes at step 3 without submitting again', async () => {
    const card = await newCard(server, { collected: 'offline' });
    let page = new ActivationScreens(renderActivationScreens());
    await page.expectState({ first: 'editing' });
    await page.checkSim(card, 'offline');
    await page.expectPath('/activation/secondOffline');
    fireEvent.click(document.querySelector('input[name="numberKind"][value="port"]')!);
    page.set('port.carrier', 'T-Mobile');
    page.set('port.msisdn', '6265550188');
    page.fillStep2();
    page.submit();
    await waitFor(() => expect(screen.getByText(t('validation:accountNumber.required'))).toBeTruthy());
    expect(document.activeElement).toBe(page.field('port.accountNumber'));
    page.set('port.accountNumber', '123456789');
    page.set('port.pin', '0000');
    page.set('port.accountZip', '91801');
    page.submit();
    await page.expectPath('/activation/third');
    expect(screen.getByText(t('activation:status.port.submitted'))).toBeTruthy();
    expect(screen.getByText(t('activation:timing.port'))).toBeTruthy();
    cleanup();
    // activation.open [resumesActivation]
    page = new ActivationScreens(renderActivationScreens('/activation/first'));
    await page.expectPath('/activation/third');
    await page.expectState({ third: 'waiting' });
  });

  it('the global SIM: data only (no number, no Wi-Fi calling), registers at activation, /global/second then /global/third', async () => {
    const card = await newCard(server, { kind: 'global' });
    const page = new ActivationScreens(renderActivationScreens());
    await page.expectState({ first: 'editing' });
    await page.checkSim(card);
    await page.expectPath('/activation/global/second');
    expect(document.querySelector('[data-field="areaCode"]')).toBeNull();
    expect(document.querySelector('[data-field="wifiCalling"]')).toBeNull();
    page.fillStep2();
    page.submit();
    await page.expectPath('/activation/global/third');
    // activation.another
    page.click('activation:third.another');
    await page.expectPath('/activation/first');
    expect(page.field('iccid').value).toBe('');
  });

  it('sim.forget: another card starts over at step 1; a reload with a kept card resumes step 2 (activation.open [resumesCard])', async () => {
    const card = await newCard(server);
    let page = new ActivationScreens(renderActivationScreens());
    await page.expectState({ first: 'editing' });
    await page.checkSim(card);
    await page.expectPath('/activation/second');
    page.set('email', 'kept@example.com');
    cleanup();
    page = new ActivationScreens(renderActivationScreens('/activation/first'));
    await page.expectPath('/activation/second');
    await waitFor(() => expect(page.field('email').value).toBe('kept@example.com'));
    page.click('activation:second.otherCard');
    await page.expectPath('/activation/first');
    expect(sessionStorage.getItem('activation/card')).toBeNull();
  });
});

describe('username taken', () => {
  it('submit error [usernameWasTaken]: said next to the username, the rest kept', async () => {
    const first = await newCard(server);
    const second = await newCard(server);
    const username = `taken${Date.now().toString(36)}`;
    for (const card of [first, second]) {
      // Another visitor: no session of the first registration's customer (its cookie is the browser's, not the page's).
      cleanup(); sessionStorage.clear(); clearSession(); clearBrowserCookies();
      const page = new ActivationScreens(renderActivationScreens());
      await page.expectState({ first: 'editing' });
      await page.checkSim(card);
      await page.expectPath('/activation/second');
      await page.pickNumber();
      page.fillStep2();
      page.set('username', username);
      page.submit();
      if (card === first) await page.expectPath('/activation/third');
      else {
        await waitFor(() => expect(screen.getByText(t('errors:code.usernameTaken'))).toBeTruthy(), { timeout: STEP_TIMEOUT });
        expect(page.field('username').value).toBe(username);
        expect(document.activeElement).toBe(page.field('username'));
      }
    }
  });
});
