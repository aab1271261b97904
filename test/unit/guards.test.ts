import { describe, expect, it } from 'vitest';
import { guardRedirect } from '../../src/app/guards';
import { ROUTES } from '../../src/app/routes';
import type { PersonalData } from '../../src/storage';

const route = (p: string) => ROUTES.find((r) => r.path === p)!;
const person = (isSmsUser: 0 | 1): PersonalData => ({ msisdn: '6265550100', showAutonewSetBtn: 1, supportPayMethods: [], isSmsUser });

describe('route guards (spec section 2)', () => {
  it('hasPermission without a session sends to /login with the page and query to come back to', () => {
    expect(guardRedirect({ route: route('/personal'), path: '/personal?tab=1', loggedIn: false, personal: null }))
      .toBe(`/login?redirect=${encodeURIComponent('/personal?tab=1')}`);
    expect(guardRedirect({ route: route('/resetpwd'), path: '/resetpwd', loggedIn: false, personal: null })).toBe('/login?redirect=%2Fresetpwd');
  });

  it('lets a logged-in customer in', () => {
    expect(guardRedirect({ route: route('/personal'), path: '/personal', loggedIn: true, personal: person(0) })).toBeNull();
  });

  it('a global data SIM customer lands on the global pages (issue 14)', () => {
    const global = { ...person(1), global: true };
    expect(guardRedirect({ route: route('/person/scanInstall'), path: '/person/scanInstall', loggedIn: true, personal: global })).toBe('/global/scanInstall');
    expect(guardRedirect({ route: route('/person/scanInstall'), path: '/person/scanInstall', loggedIn: true, personal: person(0) })).toBeNull();
    expect(guardRedirect({ route: route('/global/scanInstall'), path: '/global/scanInstall', loggedIn: true, personal: global })).toBeNull();
  });

  it('public routes need no session', () => {
    expect(guardRedirect({ route: route('/'), path: '/', loggedIn: false, personal: null })).toBeNull();
  });

  it('hasIsSmsUser sends a user with isSmsUser equal to 1 to /personal (decision 0002)', () => {
    const r = { ...route('/personal/doubleNumber/openDouble'), servedBy: undefined, screen: async () => ({ default: () => null }) };
    expect(guardRedirect({ route: r, path: '/personal/doubleNumber/openDouble', loggedIn: true, personal: person(1) })).toBe('/personal');
    expect(guardRedirect({ route: r, path: '/personal/doubleNumber/openDouble', loggedIn: true, personal: person(0) })).toBeNull();
  });

  it('a route a later issue builds goes to /404', () => {
    // A route of its own: the table may have none left to build.
    const later = { ...route('/'), screen: undefined, loader: undefined, servedBy: 'later' as const };
    expect(guardRedirect({ route: later, path: '/later-page', loggedIn: false, personal: null })).toBe('/404');
    const laterAccount = { ...route('/personal'), screen: undefined, loader: undefined, servedBy: 'later' as const };
    expect(guardRedirect({ route: laterAccount, path: '/later-page', loggedIn: true, personal: person(0) })).toBe('/404');
  });
});
