// @vitest-environment jsdom
/**
 * The login chart's generated paths driven through the real LoginScreen (Testing Library) against an
 * in-process gateway (test/support/server.ts). Page-object verbs are the chart's events; the screen's
 * `data-state` is checked against the path at every settled step, and the transitions the screen's actor
 * took are recorded through xstate inspection.
 *
 * Exempted from this depth in the registry (machines/index.ts, with the depth that takes it and why; `npm run
 * coverage -- login` lists each), because a person at these jsdom screens cannot cause it; Chromium takes each
 * (test/e2e/login.paths.spec.ts), and that spec asserts the two depths together take every transition:
 * - `after 60s` / `after 1s` of the resend countdown: 60 s of real time per path (the countdown itself is
 *   tested with fake timers in login.test.ts); so the resend region's `ready` and `sending` states too.
 * - `loadCaptcha error`: needs the network to fail while the picture loads.
 * - `checkRegistered… error`: the ticket is checked the moment it is issued; nothing can expire in between.
 * - path switches the screen does not offer in a state (e.g. password login from the middle of register).
 */
import '../support/nodeRealmEncoding';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { i18n } from '../../i18n';
import { call, captchaHeaders, fetchCaptcha } from '../../src/api/client';
import { flowObservers, loginFlow } from '../../src/app/flows/login';
import { endpoints } from '../../src/contract';
import { OAUTH_CLIENT } from '../../src/contract/auth';
import LoginScreen from '../../screens/login/LoginScreen';
import { type TestServer } from '../support/server';
import { fetchAsClient, startScreenDepthServer } from './toolkit/screenServer';
import { clearBrowserCookies } from '../support/browserCookies';
import { loginModel, VALID } from '../../machines/models/index';
import { describePathsByState } from './toolkit/describeChart';
import { coverageOf, formatTable, writeCoverage } from './toolkit/coverage';
import type { PathCase } from '../../machines/paths';
import { newRecorder, observe, type Recorder } from './toolkit/run';
import { screenPaths } from '../../machines/models/screens';

const STEP_TIMEOUT = 8_000;
const TICKET_LIFETIME_MS = 10 * 60_000;
const RESEND_WAIT_MS = 61_000;


/** What a person can do at these screens, state by state: machines/models/screens.ts (`npm run paths -- <chart> --depth screen`). */
const paths = screenPaths('login')!;

let server: TestServer;
let lastCaptchaToken = '';
let clientAddress = '10.9.0.1';
const realFetch = globalThis.fetch;
const recorder = newRecorder();

beforeAll(async () => {
  server = await startScreenDepthServer();
  globalThis.fetch = fetchAsClient(realFetch, () => clientAddress, (token) => { lastCaptchaToken = token; });
}, 120_000);

afterEach(() => {
  cleanup();
  flowObservers.clear();
  clearBrowserCookies();
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await server?.close();
  const coverage = coverageOf(loginModel.entry, recorder, 'screen', paths.length);
  console.log(`\n${formatTable([coverage])}`);
  writeCoverage([coverage]);
  // Everything but what the registry exempts from this depth (machines/index.ts, with the depth that takes them and why).
  expect({ transitions: coverage.transitions.missing, states: coverage.states.missing }).toEqual({ transitions: [], states: [] });
});

let phoneSerial = 0;
/** A number no other path uses, in a block (area code and exchange) of its own: SMS codes are limited per block too. */
const freshPhone = () => {
  const n = phoneSerial++;
  return `626${200 + ((n * 37) % 800)}${String(2000 + ((Date.now() / 7 + n * 7919) % 7000 | 0)).padStart(4, '0')}`;
};

const smsCode = async (phone: string): Promise<string> => {
  const [latest] = await server.outbox(phone);
  const code = latest?.body.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no SMS code for ${phone}`);
  return code;
};

/** A number with an account, made the way a customer makes one: SMS-code login ("login or register"). */
async function registeredPhone(): Promise<string> {
  const phone = freshPhone();
  const { token } = await fetchCaptcha(endpoints.createImg.path);
  const answer = await server.captchaAnswer(token);
  await call(endpoints.sendMobileVerificationCode, { body: { phone, type: 'login' }, headers: captchaHeaders(answer, token), silent: true });
  await call(endpoints.oauthToken, {
    body: { grant_type: 'sms_code', phone, code: await smsCode(phone) },
    query: { grant_type: 'sms_code', scope: 'all' },
    headers: { Authorization: `Basic ${btoa(`${OAUTH_CLIENT.id}:${OAUTH_CLIENT.secret}`)}` },
    silent: true,
  });
  // The number just had a code: let the per-number resend wait pass before the path sends its own.
  server.clock.advance(RESEND_WAIT_MS);
  return phone;
}

/** Page object of /login: its verbs are the login chart's events. */
class LoginPage {
  constructor(private readonly phone: string) {}

  private t = (key: string) => i18n.t(key);
  private field = (key: string) => screen.getByLabelText(this.t(key)) as HTMLInputElement;
  private queryField = (key: string) => screen.queryByLabelText(this.t(key)) as HTMLInputElement | null;
  private set = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } });
  private click = (name: string, role: 'button' | 'tab' = 'button') => fireEvent.click(screen.getAllByRole(role, { name: this.t(name) })[0]!);
  private has = (name: string, role: 'button' | 'tab' = 'button') => screen.queryAllByRole(role, { name: this.t(name) }).length > 0;

  state(): unknown {
    return JSON.parse(screen.getByTestId('login').dataset.state ?? 'null');
  }

  private async captcha(right: boolean) {
    const answer = await server.captchaAnswer(lastCaptchaToken);
    this.set(this.field('login:fields.captcha'), right ? answer : answer === '0000' ? '1111' : '0000');
  }

  typePhone() { this.set(this.field('login:fields.phone'), this.phone); }
  refreshCaptcha() { this.click('login:fields.captchaRefresh'); }
  chooseSmsLogin() { if (this.has('login:tabs.sms', 'tab')) this.click('login:tabs.sms', 'tab'); else this.click('login:links.backToLogin'); }
  choosePasswordLogin() { if (this.has('login:tabs.password', 'tab')) this.click('login:tabs.password', 'tab'); else this.click('login:actions.loginWithPassword'); }
  chooseRegister() { if (this.has('login:links.register')) this.click('login:links.register'); else this.click('login:actions.goRegister'); }
  chooseReset() { if (this.has('login:links.forgot')) this.click('login:links.forgot'); else this.click('login:actions.resetPassword'); }
  editPhone() { this.click('login:actions.changeNumber'); }

  async sendCode(valid: boolean, accepted: boolean) {
    const phone = this.queryField('login:fields.phone');
    if (phone) this.set(phone, valid ? this.phone : '12345');
    if (valid) await this.captcha(accepted); else this.set(this.field('login:fields.captcha'), '');
    this.click(this.has('login:actions.sendCode') ? 'login:actions.sendCode' : 'login:actions.resend');
  }

  async enterCode(valid: boolean, accepted: boolean) {
    let code = '12';
    if (valid) {
      const real = await smsCode(this.phone);
      code = accepted ? real : String((Number(real) + 1) % 1_000_000).padStart(6, '0');
    }
    this.set(this.field('login:fields.code'), code);
    this.click(this.has('login:actions.login') ? 'login:actions.login' : 'login:actions.next');
  }

  async submitPassword(valid: boolean, accepted: boolean) {
    this.set(this.field('login:fields.username'), !valid ? '' : accepted ? VALID.username : `nobody${phoneSerial++}`);
    this.set(this.field('login:fields.password'), !valid ? '' : VALID.password);
    if (valid) await this.captcha(true); else this.set(this.field('login:fields.captcha'), '');
    this.click('login:actions.login');
  }

  async submitNewPassword(valid: boolean, outcome: 'accepted' | 'ticketExpired' | 'captchaWrong') {
    this.set(this.field('login:fields.newPassword'), valid ? VALID.newPassword : 'abcd1234');
    this.set(this.field('login:fields.confirmPassword'), valid ? VALID.newPassword : 'abcd');
    if (outcome === 'ticketExpired') {
      // Ten minutes pass: the ticket expires, and so does the (two-minute) captcha, so the customer asks for a new picture.
      server.clock.advance(TICKET_LIFETIME_MS + 60_000);
      const spent = lastCaptchaToken;
      this.refreshCaptcha();
      await waitFor(() => {
        expect(lastCaptchaToken).not.toBe(spent);
        expect(this.state()).toMatchObject({ loginPage: { captcha: 'ready' } });
      }, { timeout: STEP_TIMEOUT });
    }
    await this.captcha(outcome !== 'captchaWrong');
    this.click(this.has('login:actions.register') ? 'login:actions.register' : 'login:actions.saveNewPassword');
  }
}

const isValidPayload = (e: EventObject): boolean => {
  const p = e as Record<string, unknown>;
  switch (e.type) {
    case 'code.send': return p.phone === VALID.phone;
    case 'code.submit': return p.code === VALID.code;
    case 'password.submit': return p.username === VALID.username;
    case 'newPassword.submit': return p.newPassword === VALID.newPassword;
    default: return true;
  }
};
const errorCode = (e: EventObject | undefined) => ((e as { error?: { code?: string } } | undefined)?.error?.code);
const settled = (s: AnyMachineSnapshot) => !s._nodes.some((n: { invoke: unknown[] }) => n.invoke.length > 0);

async function perform(page: LoginPage, event: EventObject, next: EventObject | undefined) {
  const valid = isValidPayload(event);
  const accepted = !next?.type.startsWith('xstate.error.actor.');
  switch (event.type) {
    case 'field.change': return page.typePhone();
    case 'captcha.refresh': return page.refreshCaptcha();
    case 'path.smsLogin': return page.chooseSmsLogin();
    case 'path.passwordLogin': return page.choosePasswordLogin();
    case 'path.register': return page.chooseRegister();
    case 'path.reset': return page.chooseReset();
    case 'phone.edit': return page.editPhone();
    case 'code.send': return page.sendCode(valid, accepted);
    case 'code.submit': return page.enterCode(valid, accepted);
    case 'password.submit': return page.submitPassword(valid, accepted);
    case 'newPassword.submit':
      return page.submitNewPassword(valid, accepted ? 'accepted' : errorCode(next) === 'ticketInvalid' ? 'ticketExpired' : 'captchaWrong');
    default: return undefined; // a call's answer: the server gives it; the next check waits for it
  }
}

async function runOnScreen(path: PathCase, record: Recorder) {
  const needsAccount = path.events.some((e) => e.type.startsWith('xstate.done.actor.checkRegisteredFor') && (e as { output?: { registered?: boolean } }).output?.registered);
  clientAddress = `10.9.${(phoneSerial >> 8) & 255}.${phoneSerial & 255}`;
  const phone = needsAccount ? await registeredPhone() : freshPhone();
  const page = new LoginPage(phone);
  const pathRecorder = newRecorder();
  const onInspect = observe(loginFlow, pathRecorder);
  const onInspectAll = observe(loginFlow, record);
  const isLogin = (ref: unknown) => (ref as { logic?: unknown } | undefined)?.logic === loginFlow;
  flowObservers.add((e) => { onInspect(e as never, isLogin); onInspectAll(e as never, isLogin); });

  render(
    <MemoryRouter initialEntries={['/login']}>
      <Routes>
        <Route path="/login" element={<LoginScreen />} />
        <Route path="/personal" element={<p>personal-home</p>} />
      </Routes>
    </MemoryRouter>,
  );

  for (let i = 0; i < path.events.length; i++) {
    await perform(page, path.events[i]!, path.events[i + 1]);
    const after = path.snapshots[i + 1]!;
    if (after.status === 'done') {
      await screen.findByText('personal-home', {}, { timeout: STEP_TIMEOUT });
    } else if (settled(after)) {
      await waitFor(() => expect(page.state()).toEqual(after.value), { timeout: STEP_TIMEOUT });
    }
  }
  await waitFor(() => expect([...pathRecorder.transitions]).toContain(path.transition.id), { timeout: STEP_TIMEOUT });
}

describe('login screen paths', () => {
  it('the screen can reach most of the chart', () => {
    expect(paths.length).toBeGreaterThan(40);
  });

  describePathsByState(paths, (path) => runOnScreen(path, recorder));
});
