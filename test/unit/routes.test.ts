import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isServed } from '../../src/app/routeModel';
import { ROUTES } from '../../src/app/routes';

/** Every route of spec section 2, written from the spec (params in react-router form). */
const SPEC_PATHS = [
  '/', '/canting', '/promotion', '/blog', '/blog/en', '/login',
  '/plans', '/plans/propagate', '/plans/global', '/plans/:plan', '/plans/bundleForm', '/plans/bundleResult/:orderNo', '/plans/bundleResultError',
  '/activation', '/activation/first', '/activation/second', '/activation/secondOffline', '/activation/third',
  '/activation/global/second', '/activation/global/third', '/activation/propagate', '/activation/bundleForm', '/activation/bundleResult/:orderNo',
  '/helpSupport', '/helpSupport/commonProblem', '/videoSupport', '/coverage', '/rates', '/phone-detection',
  '/tracking', '/tracking/search', '/tracking/result', '/tracking/modify',
  '/aboutUs', '/aboutUs/companyIntro', '/aboutUs/contactUs',
  '/serviceTerms', '/serviceTerms/serviceClause',
  '/recommendFriends', '/recommendFriends/recommendFriendsIndex', '/ReferAFriend',
  '/esim', '/esim/cardPurchase/index',
  '/personal/doubleNumber/publicity', '/wechat-signing', '/agent', '/store', '/activity/lottery', '/cpni-out', '/404',
  '/personal', '/person/conversionCard/:orderNo?', '/person/scanInstall', '/personal/myinfo', '/resetpwd', '/package', '/mybill', '/mybank', '/welfare',
  '/callrecord', '/internet', '/message', '/recharge',
  '/global/personal/myinfo', '/global/scanInstall', '/global/renewalpackage', '/global/renewalpackage/form', '/global/renewalpackage/result', '/global/myorder',
  '/personal/pay/changeAccount', '/personal/pay/confirmPay', '/personal/pay/payStatus/:orderNo', '/personal/pay/test',
  '/personal/doubleNumber/openDouble', '/personal/doubleNumber/waitReview',
  '/personal/autosubscription/subscription', '/personal/transition-page',
  ...['bundleChange', 'flowPacket', 'roamPack'].flatMap((b) => [
    `/personal/businessManegement/${b}`, `/personal/businessManegement/${b}/form`,
    `/personal/businessManegement/${b}/result/:orderNo`, `/personal/businessManegement/${b}/resultError`,
  ]),
  '/personal/upgradeNewCard', '/personal/wificall', '/personal/protect', '/personal/protect/payment', '/personal/protect/result/:orderNo',
];

const byPath = (p: string) => ROUTES.find((r) => r.path === p)!;

describe('route table (spec section 2)', () => {
  it('lists every spec route exactly once', () => {
    const paths = ROUTES.map((r) => r.path);
    for (const p of SPEC_PATHS) expect(paths, p).toContain(p);
    expect(new Set(paths).size).toBe(paths.length);
    const served = SPEC_PATHS.filter((p) => isServed(byPath(p))).length;
    console.log(`routes served: ${served} of ${SPEC_PATHS.length}`);
    expect(served).toBeGreaterThan(0);
  });

  it('serves the routes of issue 2 and names the issue of every other screen', () => {
    for (const p of ['/', '/canting', '/promotion', '/blog', '/blog/en', '/recommendFriends', '/recommendFriends/recommendFriendsIndex', '/404', '/login', '/resetpwd', '/personal']) {
      expect(isServed(byPath(p)), p).toBe(true);
    }
    for (const r of ROUTES) {
      const ways = [r.screen, r.redirect, r.empty, r.servedBy].filter((x) => x !== undefined).length;
      expect(ways, r.path).toBe(1);
    }
    expect(isServed(byPath('/plans/global'))).toBe(true);
    for (const p of ['/activation/first', '/activation/second', '/activation/secondOffline', '/activation/third', '/activation/global/second', '/activation/global/third']) {
      expect(byPath(p).flow, p).toBe('activation');
      expect(isServed(byPath(p)), p).toBe(true);
    }
    // Issue 18 served the help centre, the how-to videos, the company pages and the dealer application.
    for (const p of ['/helpSupport/commonProblem', '/videoSupport', '/aboutUs/companyIntro', '/aboutUs/contactUs', '/agent']) expect(isServed(byPath(p)), p).toBe(true);
  });

  it('sets the flags the spec names', () => {
    expect(byPath('/promotion')).toMatchObject({ redirect: '/', flags: { noHeaderFooter: true } });
    expect(byPath('/cpni-out').flags.noHeaderFooter).toBe(true);
    expect(byPath('/recommendFriends').redirect).toBe('/ReferAFriend');
    expect(byPath('/recommendFriends/recommendFriendsIndex').redirect).toBe('/ReferAFriend');
    expect(byPath('/personal').flags).toMatchObject({ hasPermission: true, hasCommon: true });
    expect(byPath('/personal/doubleNumber/openDouble').flags.hasIsSmsUser).toBe(true);
    expect(byPath('/personal/doubleNumber/waitReview').flags.hasIsSmsUser).toBe(true);
    expect(byPath('/personal/businessManegement/bundleChange').flags.hasIsSmsUser).toBe(true);
    expect(byPath('/personal/businessManegement/flowPacket').flags.hasPrice).toBe(true);
    expect(byPath('/personal/businessManegement/roamPack').flags.hasPrice).toBe(true);
    expect(byPath('/personal/autosubscription/subscription').flags.hasPermission).toBe(false);
    expect(byPath('/personal/transition-page').flags.hasPermission).toBe(false);
    expect(byPath('/').flags.hasPermission).toBe(false);
  });

  it('has a title and description in the meta namespace for every route', () => {
    const meta = JSON.parse(readFileSync(join(import.meta.dirname, '../../i18n/en/meta.json'), 'utf8')) as Record<string, Record<string, string>>;
    for (const r of ROUTES) {
      for (const key of [r.metaInfo.title, r.metaInfo.description]) {
        const [ns, path] = key.split(':');
        expect(ns).toBe('meta');
        const [group, field] = path!.split('.');
        expect(meta[group!]?.[field!], `${r.path} ${key}`).toBeTruthy();
      }
    }
  });
});
