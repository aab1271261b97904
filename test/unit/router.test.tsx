// @vitest-environment jsdom
import { cleanup, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import { useFindRoute, type FindRoute } from '../../src/app/forScreens';
import { routeObjects, toRouteObjects } from '../../src/app/router';
import { findRoute } from '../../src/app/routes';
import { clearSession } from '../../src/app/session';
import { markLoggedIn } from '../support/browserCookies';
import { setItem } from '../../src/storage';

afterEach(() => {
  cleanup();
  clearSession();
  sessionStorage.clear();
});

/** Starts a router at `path` and answers where it settles after guards and redirects. */
async function settle(path: string, routes = routeObjects): Promise<string> {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await new Promise<void>((resolve) => {
    if (router.state.initialized && router.state.navigation.state === 'idle') return resolve();
    const off = router.subscribe((s) => {
      if (s.initialized && s.navigation.state === 'idle') { off(); resolve(); }
    });
  });
  const { pathname, search } = router.state.location;
  router.dispose();
  return `${pathname}${search}`;
}

describe('router: guards and redirects of spec section 2', () => {
  it('sends a visitor on a login-only page to /login with the page to return to', async () => {
    expect(await settle('/personal?from=mail')).toBe(`/login?redirect=${encodeURIComponent('/personal?from=mail')}`);
  });

  it('sends an SMS user (isSmsUser 1) away from SMS-user routes to /personal once the screen exists, else to /404', async () => {
    markLoggedIn();
    setItem('personalData', { msisdn: '6265550100', showAutonewSetBtn: 1, supportPayMethods: [], isSmsUser: 1, session: 'test-session' });
    // The dual number (issue 16) needs a US line of the account's own (decision 0002).
    expect(await settle('/personal/doubleNumber/openDouble')).toBe('/personal');
    // Number keeping (issue 16) keeps the number of a US line of the account's own too.
    expect(await settle('/personal/protect')).toBe('/personal');
  });

  it('/promotion goes home; /recommendFriends goes to /ReferAFriend (issue 18, the referral programme)', async () => {
    expect(await settle('/promotion')).toBe('/');
    expect(await settle('/recommendFriends')).toBe('/ReferAFriend');
    expect(await settle('/recommendFriends/recommendFriendsIndex')).toBe('/ReferAFriend');
  });

  it('keeps the query on redirects', async () => {
    expect(await settle('/promotion?recommendCode=AB12')).toBe('/?recommendCode=AB12');
  });

  it('unknown paths and unserved routes go to /404', async () => {
    expect(await settle('/no/such/page')).toBe('/404');
    // A route a later issue builds: one of its own, as the table may have none left.
    const flags = { hasPermission: false, hasCommon: false, hasIsSmsUser: false, hasPrice: false, noHeaderFooter: false, mobileHeader: true };
    const later = { path: '/later-page', flags, metaInfo: { title: 'meta:home.title', description: 'meta:home.description' }, servedBy: 'later' as const };
    expect(await settle('/later-page', [{ path: '/', children: [...toRouteObjects([later]), { path: '404', element: null }] }])).toBe('/404');
  });

  it('plan detail routes are slugs ending in -plan: anything else goes to /404', async () => {
    expect(await settle('/plans/5gb')).toBe('/404');
    expect(await settle('/plans/5GB-plan')).toBe('/404');
  });

  it('serves home, /canting and the blog without redirect', async () => {
    expect(await settle('/canting')).toBe('/canting');
    expect(await settle('/blog/en')).toBe('/blog/en');
  });
});

describe('router: wizard layout routes', () => {
  it('puts the steps of one flow under one layout route, where its first step stands', async () => {
    const { toRouteObjects } = await import('../../src/app/router');
    const { FLOW_LAYOUTS } = await import('../../src/app/routes');
    const flags = { hasPermission: false, hasCommon: false, hasIsSmsUser: false, hasPrice: false, noHeaderFooter: false, mobileHeader: true };
    const metaInfo = { title: 'meta:home.title', description: 'meta:home.description' };
    const screen = async () => ({ default: () => null });
    const saved = FLOW_LAYOUTS.tracking;
    FLOW_LAYOUTS.tracking = screen;
    try {
      const objects = toRouteObjects([
        { path: '/a', flags, metaInfo, screen },
        { path: '/t/one', flags, metaInfo, screen, flow: 'tracking' },
        { path: '/b', flags, metaInfo, screen },
        { path: '/t/two', flags, metaInfo, screen, flow: 'tracking' },
        { path: '/c/one', flags, metaInfo, screen, flow: 'checkout' },
      ]);
      expect(objects.map((o) => o.path ?? o.id)).toEqual(['/a', 'flow:tracking', '/b', 'flow:checkout']);
      expect(objects[1]!.children!.map((c) => c.path)).toEqual(['/t/one', '/t/two']);
    } finally {
      if (saved) FLOW_LAYOUTS.tracking = saved; else delete FLOW_LAYOUTS.tracking;
    }
  });
});

describe('router: the route lookup screens read', () => {
  class ResizeObserverStub { observe() {} unobserve() {} disconnect() {} }
  beforeAll(async () => {
    globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    await initI18n('en');
  });

  it('is the route table\'s, handed down from the root route (screens do not import the table)', async () => {
    let lookup: FindRoute | null = null;
    const Probe = () => { lookup = useFindRoute(); return null; };
    const router = createMemoryRouter([{ path: '/', Component: routeObjects[0]!.Component, children: [{ path: '*', Component: Probe }] }], { initialEntries: ['/probe'] });
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(lookup).not.toBeNull());
    expect(lookup!('/esim/cardPurchase/index')).toBe(findRoute('/esim/cardPurchase/index'));
    expect(lookup!('/phone-detection')).toBe(findRoute('/phone-detection'));
    router.dispose();
  });
});
