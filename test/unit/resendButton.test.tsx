// @vitest-environment jsdom
/**
 * The send-code buttons of /tracking/search and /login while the resend countdown runs: the wait is said once in a
 * polite status ("You can request a new code in 60 seconds"), not every second by a live button; the button keeps
 * its name (the seconds left are shown to the eye only) and stays focusable (aria-disabled, not disabled), so focus
 * does not fall to the page; on /login, where the send button goes away with the phone step, focus moves to the
 * code. The screens run on the real charts with fake calls.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../i18n';
import type * as LoginFlows from '../../src/app/flows/login';
import LoginScreen from '../../screens/login/LoginScreen';
import { TRACKING_VALID } from '../../machines/models/tracking';
import { VALID } from '../../machines/models/index';
import { renderTrackingScreens } from '../support/trackingScreens';

const sends = vi.hoisted(() => ({ tracking: 0, login: 0 }));

vi.mock('../../src/app/flows/tracking', async () => {
  const { fromPromise } = await import('xstate');
  const { fakeTrackingFlow } = await import('../support/fakeFlows');
  return { trackingFlow: fakeTrackingFlow({ sendCode: fromPromise(async () => { sends.tracking += 1; return { resendAfterSeconds: 60, expiresInSeconds: 300 }; }) }) };
});

vi.mock('../../src/app/flows/login', async (importOriginal) => {
  const { fromPromise } = await import('xstate');
  const { fakeLoginFlow } = await import('../support/fakeFlows');
  return {
    ...(await importOriginal<typeof LoginFlows>()),
    loginFlow: fakeLoginFlow({ sendCode: fromPromise(async () => { sends.login += 1; return { resendAfterSeconds: 60, expiresInSeconds: 300 }; }) }),
  };
});

beforeAll(async () => {
  await initI18n('en');
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const ANNOUNCEMENT = 'You can request a new code in 60 seconds.';
const statusWith = (text: string) => screen.queryAllByRole('status').filter((s) => s.textContent === text);
/** A person presses the button: it takes focus, then the click. */
const press = (button: HTMLElement) => { button.focus(); fireEvent.click(button); };

function expectWaitingButton(button: HTMLElement) {
  expect(button).toBe(document.activeElement);
  expect(button.getAttribute('aria-disabled')).toBe('true');
  expect(button.hasAttribute('disabled')).toBe(false);
  expect(button.closest('[aria-live]')).toBeNull();
}

describe('tracking: Send code', () => {
  it('says the wait once, keeps its name and focus while counting down, and sends nothing meanwhile', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const router = renderTrackingScreens(`/tracking/search?orderNo=${TRACKING_VALID.orderNo}&email=${TRACKING_VALID.email}`);
    await screen.findByRole('img', { name: 'Image code to type in' });
    expect(statusWith(ANNOUNCEMENT)).toHaveLength(0);

    press(screen.getByRole('button', { name: 'Send code' }));
    const button = await screen.findByRole('button', { name: 'Resend code' });
    await waitFor(() => expect(button.textContent).toMatch(/\(60 s\)$/));
    expectWaitingButton(button);
    expect(statusWith(ANNOUNCEMENT)).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(button.textContent).toMatch(/\(55 s\)$/);
    expect(screen.getByRole('button', { name: 'Resend code' })).toBe(button);
    expect(statusWith(ANNOUNCEMENT)).toHaveLength(1);
    fireEvent.click(button);
    expect(sends.tracking).toBe(1);
    expectWaitingButton(button);

    await act(() => vi.advanceTimersByTimeAsync(55_000));
    expect(button.getAttribute('aria-disabled')).toBe('false');
    expect(statusWith(ANNOUNCEMENT)).toHaveLength(0);
    press(button);
    await waitFor(() => expect(sends.tracking).toBe(2));
    await waitFor(() => expect(statusWith(ANNOUNCEMENT)).toHaveLength(1));
    expectWaitingButton(button);
    router.dispose();
  });
});

describe('login: Send code and Resend code', () => {
  it('focus goes to the code once it is sent; the resend button says the wait once and keeps focus', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<MemoryRouter initialEntries={['/login']}><LoginScreen /></MemoryRouter>);
    await screen.findByRole('img', { name: 'Image code to type in' });
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: VALID.phone } });
    fireEvent.change(screen.getByLabelText('Image code'), { target: { value: VALID.captcha } });
    press(screen.getByRole('button', { name: 'Send code' }));

    const code = await screen.findByLabelText('SMS verification code');
    expect(code).toBe(document.activeElement);
    const resend = screen.getByRole('button', { name: 'Resend code' });
    expect(resend.getAttribute('aria-disabled')).toBe('true');
    expect(resend.hasAttribute('disabled')).toBe(false);
    expect(resend.closest('[aria-live]')).toBeNull();
    expect(resend.textContent).toMatch(/\(60 s\)$/);
    expect(statusWith(ANNOUNCEMENT)).toHaveLength(1);

    resend.focus();
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(resend.textContent).toMatch(/\(57 s\)$/);
    expect(screen.getByRole('button', { name: 'Resend code' })).toBe(resend);
    expect(statusWith(ANNOUNCEMENT)).toHaveLength(1);
    fireEvent.click(resend);
    expect(sends.login).toBe(1);
    expectWaitingButton(resend);

    // The countdown is over: a resend needs a new image code, then the wait starts again with focus where it was.
    await act(() => vi.advanceTimersByTimeAsync(57_000));
    expect(resend.getAttribute('aria-disabled')).toBe('false');
    expect(statusWith(ANNOUNCEMENT)).toHaveLength(0);
    await screen.findByRole('img', { name: 'Image code to type in' });
    fireEvent.change(screen.getByLabelText('Image code'), { target: { value: VALID.captcha } });
    press(resend);
    await waitFor(() => expect(sends.login).toBe(2));
    await waitFor(() => expect(statusWith(ANNOUNCEMENT)).toHaveLength(1));
    expectWaitingButton(resend);
  });
});
