import { describe, expect, it } from 'vitest';
import { leadsToPage, portalItemsFor } from '../../src/app/layout/navItems';
import { findRoute } from '../../src/app/routes';
import { servedExcept } from '../support/routeLookup';

const LATER = ['/personal/businessManegement/bundleChange', '/personal/doubleNumber/openDouble', '/personal/autosubscription/subscription',
  '/personal/businessManegement/flowPacket', '/personal/businessManegement/roamPack', '/personal/protect', '/personal/upgradeNewCard', '/global/renewalpackage'];
const afterIssue14 = servedExcept(LATER);
const us = { global: false, isSmsUser: 0 as const, showAutonewSetBtn: 1 as const };
const paths = (flags: typeof us | { global: boolean; isSmsUser: 0 | 1; showAutonewSetBtn: 0 | 1 }, find = afterIssue14) => portalItemsFor(flags, find).map((i) => i.to);

describe('the portal pages a customer is offered (issue 14)', () => {
  it('a US customer: every built page, none of a later issue', () => {
    expect(paths(us)).toEqual(['/personal', '/package', '/personal/pay/changeAccount', '/wechat-signing', '/callrecord', '/mybill', '/mybank', '/welfare', '/personal/myorder',
      '/personal/myinfo', '/person/scanInstall', '/personal/wificall', '/personal/security', '/resetpwd']);
  });

  it('showAutonewSetBtn 0 hides top-up (spec section 2)', () => {
    expect(paths({ ...us, showAutonewSetBtn: 0 })).not.toContain('/personal/pay/changeAccount');
    expect(paths({ ...us, showAutonewSetBtn: 0 })).not.toContain('/wechat-signing');
  });

  it('a global data SIM customer gets the global pages and no US-line pages', () => {
    const global = paths({ global: true, isSmsUser: 1, showAutonewSetBtn: 1 });
    expect(global).toEqual(['/personal', '/personal/pay/changeAccount', '/wechat-signing', '/mybill', '/mybank', '/welfare', '/global/myorder', '/global/personal/myinfo', '/global/scanInstall', '/resetpwd']);
  });

  it('an account without a US line (isSmsUser 1) is not offered the US-line pages', () => {
    const none = paths({ global: false, isSmsUser: 1, showAutonewSetBtn: 0 });
    for (const p of ['/personal/wificall', '/callrecord']) expect(none).not.toContain(p);
  });

  it('on this branch only what is built: every offered path is a page', () => {
    for (const p of paths(us, findRoute)) expect(leadsToPage(findRoute, p), p).toBe(true);
    expect(paths(us, findRoute)).toContain('/personal/wificall');
  });

  it('a page not built yet leads nowhere; a redirect to a built page does', () => {
    expect(leadsToPage(servedExcept(['/videoSupport']), '/videoSupport')).toBe(false);
    expect(leadsToPage(findRoute, '/videoSupport')).toBe(true);
    expect(leadsToPage(findRoute, '/plans')).toBe(true);
    expect(leadsToPage(findRoute, '/aboutUs')).toBe(true);
  });
});
