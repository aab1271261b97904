// @vitest-environment jsdom
import { act, cleanup, render, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../i18n';
import { DesktopHeader, MobileHeader } from '../../src/app/layout/Header';
import { clearSession } from '../../src/app/session';
import { markLoggedIn } from '../support/browserCookies';
import { RouteLookupContext, type FindRoute } from '../../src/app/routeLookup';
import { findRoute } from '../../src/app/routes';
import { servedExcept } from '../support/routeLookup';
import { getItem, setItem } from '../../src/storage';

vi.mock('../../src/app/flows/logout', () => ({
  LogoutButton: (props: { className?: string }) => <button type="button" className={props.className}>logout</button>,
}));

class ResizeObserverStub { observe() {} unobserve() {} disconnect() {} }

beforeAll(async () => {
  globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
  await initI18n('en');
});
beforeEach(async () => {
  sessionStorage.clear();
  clearSession();
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Every page built, except those of the plan lifecycle and the dual number (later issues). */
const AFTER_ISSUE_14 = servedExcept(['/personal/businessManegement/bundleChange', '/personal/doubleNumber/openDouble']);

const renderAt = (ui: React.ReactElement, path = '/', lookup: FindRoute = AFTER_ISSUE_14) => {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  render(<I18nextProvider i18n={i18n}><RouteLookupContext.Provider value={lookup}><RouterProvider router={router} /></RouteLookupContext.Provider></I18nextProvider>);
  return router;
};

const logIn = () => {
  markLoggedIn();
  setItem('personalData', { msisdn: '6265550100', showAutonewSetBtn: 1, supportPayMethods: ['account'], isSmsUser: 0, session: 'test-session' });
};

describe('header for a visitor', () => {
  it('shows the login or register link and no greeting', () => {
    renderAt(<DesktopHeader />);
    expect(screen.getByRole('link', { name: 'Log in / Sign up' })).toHaveProperty('pathname', '/login');
    expect(screen.queryByTestId('greeting')).toBeNull();
  });

  it('sends every account item to /login', async () => {
    const user = userEvent.setup();
    renderAt(<DesktopHeader />, '/plans');
    await user.click(screen.getByRole('button', { name: 'Account' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items).toHaveLength(5);
    for (const item of items) expect(item.getAttribute('href')).toMatch(/^\/login\?redirect=%2F/);
    expect(items[0]!.getAttribute('href')).toBe('/login?redirect=%2Fpersonal');
  });

  it('hides the entry points of pages not built yet (never a way to /404)', async () => {
    const user = userEvent.setup();
    // Every account page is built now (issues 14 to 16): the dual number's page is taken back to "later" here.
    const findWithoutDualNumber: typeof findRoute = (path) => {
      const found = findRoute(path);
      return found && path.startsWith('/personal/doubleNumber/') ? { ...found, screen: undefined, servedBy: 'later' } : found;
    };
    renderAt(<DesktopHeader />, '/plans', findWithoutDualNumber);
    await user.click(screen.getByRole('button', { name: 'Account' }));
    const labels = (await screen.findAllByRole('menuitem')).map((i) => i.textContent);
    expect(labels).toContain('My plan');
    expect(labels).toContain('Change plan');
    expect(labels).not.toContain('China number');
  });

  it('shows the China number among the account items now that its page exists (issue 16)', async () => {
    const user = userEvent.setup();
    renderAt(<DesktopHeader />, '/plans', findRoute);
    await user.click(screen.getByRole('button', { name: 'Account' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toContain('China number');
  });

  it('sends account items in the mobile drawer to /login too', async () => {
    const user = userEvent.setup();
    renderAt(<MobileHeader />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('link', { name: 'Top up' }).getAttribute('href')).toBe('/login?redirect=%2Fpersonal%2Fpay%2FchangeAccount');
  });
});

describe('header for a logged-in customer', () => {
  it.each([
    [9, 'Good morning, (626) 555-0100'],
    [14, 'Good afternoon, (626) 555-0100'],
    [21, 'Good evening, (626) 555-0100'],
  ])('greets by the local hour %i with the formatted msisdn', (hour, text) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 5, 1, hour, 0, 0));
    logIn();
    renderAt(<DesktopHeader />);
    expect(screen.getByTestId('greeting').textContent).toBe(text);
    expect(screen.getByRole('button', { name: 'logout' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Log in / Sign up' })).toBeNull();
  });

  it('does not greet with the data of an account logged out of in another tab (the session changed since it was kept)', () => {
    logIn();
    // Another tab logged in as someone else: the cookie names another session; this tab's copy is not theirs.
    markLoggedIn('another-session');
    renderAt(<DesktopHeader />);
    expect(screen.queryByText('Good morning, (626) 555-0100')).toBeNull();
    expect(screen.queryByText(/\(626\) 555-0100/)).toBeNull();
  });

  it('links account items to the pages themselves', async () => {
    const user = userEvent.setup();
    logIn();
    renderAt(<DesktopHeader />);
    await user.click(screen.getByRole('button', { name: 'Account' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.getAttribute('href'))).toContain('/personal/myinfo');
  });
});

describe('language switch', () => {
  it('changes the language in place, keeps the page and stores lang in the session', async () => {
    const user = userEvent.setup();
    const router = renderAt(<DesktopHeader />, '/coverage?x=1');
    await user.click(screen.getByRole('button', { name: '繁體中文' }));
    await waitFor(() => expect(i18n.language).toBe('zh-Hant'));
    expect(document.documentElement.lang).toBe('zh-Hant');
    expect(getItem('lang')).toBe('zh-Hant');
    expect(JSON.parse(sessionStorage.getItem('lang')!)).toMatchObject({ type: 'string', content: 'zh-Hant', storage: 'session' });
    expect(router.state.location.pathname + router.state.location.search).toBe('/coverage?x=1');
    expect(await screen.findByRole('link', { name: '登入 / 註冊' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '简体中文' }));
    expect(await screen.findByRole('link', { name: '登录 / 注册' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '简体中文' }).getAttribute('aria-pressed')).toBe('true');
  });
});

describe('current-route click flags', () => {
  it('clicking the link of the current route sets forget and title-active', async () => {
    const user = userEvent.setup();
    renderAt(<DesktopHeader />, '/esim');
    await act(async () => { await user.click(screen.getByRole('link', { name: 'eSIM' })); });
    expect(getItem('forget')).toBe(true);
    expect(getItem('titleActive')).toBe('/esim');
    expect(screen.getByRole('link', { name: 'eSIM' }).getAttribute('aria-current')).toBe('page');
  });

  it('clicking a link to another route sets no flag', async () => {
    const user = userEvent.setup();
    renderAt(<DesktopHeader />, '/');
    await user.click(screen.getByRole('link', { name: 'eSIM' }));
    expect(getItem('forget')).toBeNull();
  });
});
