// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n, setLanguage } from '../../i18n';
import { Footer } from '../../src/app/layout/Footer';
import { clearSession } from '../../src/app/session';
import { markLoggedIn } from '../support/browserCookies';
import { setItem } from '../../src/storage';
import { RouteLookupContext } from '../../src/app/routeLookup';
import { findRoute } from '../../src/app/routes';
import { servedExcept } from '../support/routeLookup';

beforeAll(async () => { await initI18n('en'); });
beforeEach(async () => {
  sessionStorage.clear();
  clearSession();
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

const renderFooter = (submit = vi.fn(async () => true), lookup = servedExcept(['/personal/doubleNumber/openDouble'])) => {
  const router = createMemoryRouter([{ path: '*', element: <Footer submitEmail={submit} /> }]);
  render(<I18nextProvider i18n={i18n}><RouteLookupContext.Provider value={lookup}><RouterProvider router={router} /></RouteLookupContext.Provider></I18nextProvider>);
  return submit;
};

describe('footer email box (spec section 5)', () => {
  it("says 'Please fill email!' when empty and sends nothing", async () => {
    const user = userEvent.setup();
    const submit = renderFooter();
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please fill email!');
    expect(screen.getByLabelText('Get offers by email').getAttribute('aria-invalid')).toBe('true');
    expect(submit).not.toHaveBeenCalled();
  });

  it("says 'Please complete the correct format email!' for a malformed address", async () => {
    const user = userEvent.setup();
    const submit = renderFooter();
    await user.type(screen.getByLabelText('Get offers by email'), 'someone@nowhere');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please complete the correct format email!');
    expect(submit).not.toHaveBeenCalled();
  });

  it('shows the messages in the active language', async () => {
    const user = userEvent.setup();
    await setLanguage('zh-Hant');
    renderFooter();
    await user.click(screen.getByRole('button', { name: '訂閱' }));
    expect((await screen.findByRole('alert')).textContent).toBe('請填寫電子郵件！');
  });

  it('sends a valid address and thanks the visitor', async () => {
    const user = userEvent.setup();
    const submit = renderFooter();
    await user.type(screen.getByLabelText('Get offers by email'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(submit).toHaveBeenCalledWith('ann@example.com');
    expect(await screen.findByText("Thank you! You're on the list.")).toBeTruthy();
  });
});

describe('footer links', () => {
  it('top-up, plan change and China number go home when showAutonewSetBtn is 0', () => {
    markLoggedIn();
    setItem('personalData', { msisdn: '6265550100', showAutonewSetBtn: 0, supportPayMethods: [], isSmsUser: 0, session: 'test-session' });
    renderFooter();
    for (const name of ['Top up', 'Change plan']) expect(screen.getByRole('link', { name }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Bills' }).getAttribute('href')).toBe('/mybill');
  });

  it('leave out the pages not built yet, never a way to /404', () => {
    renderFooter(vi.fn(async () => true));
    expect(screen.queryByRole('link', { name: 'China number' })).toBeNull();
    cleanup();
    renderFooter(vi.fn(async () => true), findRoute);
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href') ?? '');
    for (const href of hrefs.filter((h) => h.startsWith('/'))) expect(findRoute(href.split(/[?#]/)[0]!), href).toBeDefined();
    // Built with issue 18: the help centre, contact us, about us and the dealer application.
    for (const [name, to] of [['Help centre', '/helpSupport'], ['Contact us', '/aboutUs/contactUs'], ['About us', '/aboutUs'], ['Become a dealer', '/agent']]) {
      expect(screen.getAllByRole('link', { name }).map((a) => a.getAttribute('href')), name).toContain(to);
    }
    // Built with issue 15: the footer leads to it.
    expect(screen.getByRole('link', { name: 'Change plan' }).getAttribute('href')).toBe('/personal/businessManegement/bundleChange');
  });

  it('lead to their pages otherwise', () => {
    renderFooter();
    expect(screen.getByRole('link', { name: 'Top up' }).getAttribute('href')).toBe('/personal/pay/changeAccount');
  });

  it('has terms, privacy and the support contacts', () => {
    renderFooter();
    expect(screen.getByRole('link', { name: 'Terms of service' }).getAttribute('href')).toBe('/serviceTerms');
    expect(screen.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe('/serviceTerms?isPolicy=2');
    expect(screen.getByRole('link', { name: 'Returns and refunds' }).getAttribute('href')).toBe('/serviceTerms/serviceClause#refunds');
    expect(screen.getByRole('link', { name: '+1 (888) 555-0611' }).getAttribute('href')).toBe('tel:+18885550611');
    expect(screen.getByText('24/7 in English, Mandarin and Cantonese')).toBeTruthy();
  });
});
