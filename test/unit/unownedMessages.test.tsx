// @vitest-environment jsdom
/**
 * Decision 0047 and 0046 at the screens: "failed to get referral product" is what /ReferAFriend says when the
 * programme cannot be loaded (with a retry), in each language; and what /wechat-signing shows for each state of the
 * agreement and after WeChat Pay sends the customer back.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../i18n';
import { setBaseURL } from '../../src/api/client';
import ReferAFriendScreen from '../../screens/referral/ReferAFriendScreen';
import { agreementDisplay, returnedNotice } from '../../screens/wechatSigning/wechatSigning.connect';

beforeAll(async () => {
  setBaseURL('http://gateway.test');
  await initI18n('en');
});
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

describe('"failed to get referral product" on /ReferAFriend', () => {
  it.each([
    ['en', "We couldn't load the referral offer. Check your connection and try again."],
    ['zh-Hans', '获取推荐商品失败，请检查网络后重试。'],
    ['zh-Hant', '無法取得推薦商品，請檢查網路連線後再試一次。'],
  ])('%s: the programme does not load', async (lang, text) => {
    await i18n.changeLanguage(lang);
    await i18n.loadNamespaces(['referral', 'errors']);
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: 'serverError', message: 'busy' }), { status: 503, headers: { 'content-type': 'application/json' } })));
    const router = createMemoryRouter([{ path: '/ReferAFriend', Component: ReferAFriendScreen }], { initialEntries: ['/ReferAFriend'] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.getAllByRole('button').length).toBeGreaterThan(0);
  });
});

const agreement = (over: Record<string, unknown>) => ({
  state: 'signed', signUrl: null, signExpiresAt: '2026-11-29T03:00:00Z', account: '6265550100', signedAt: '2026-11-29T02:10:00Z', endedAt: null, endReason: null, ...over,
}) as never;

describe('the WeChat Pay agreement as /wechat-signing shows it', () => {
  it('none yet: sign', () => {
    expect(agreementDisplay(null)).toMatchObject({ stateKey: 'state.none', canSign: true, canCancel: false, canTopUp: false });
  });
  it('signing: continue at WeChat Pay or give up; no top-up yet', () => {
    expect(agreementDisplay(agreement({ state: 'signing', signUrl: 'http://pay/wechat/sign?token=x', signedAt: null })))
      .toMatchObject({ stateKey: 'state.signing', dateField: 'signExpiresAt', canContinue: true, canCancel: true, canTopUp: false, canSign: false });
    expect(returnedNotice(agreement({ state: 'signing' }))).toEqual({ key: 'returned.pending', tone: 'info' });
  });
  it('signed: top up and cancel', () => {
    expect(agreementDisplay(agreement({}))).toMatchObject({ stateKey: 'state.signed', dateField: 'signedAt', canTopUp: true, canCancel: true, canSign: false });
    expect(returnedNotice(agreement({}))).toEqual({ key: 'returned.signed', tone: 'success' });
  });
  it.each(['declined', 'expired', 'abandoned'])('not signed (%s): sign again', (reason) => {
    expect(agreementDisplay(agreement({ state: 'notSigned', endReason: reason }))).toMatchObject({ stateKey: `state.${reason}`, canSign: true, canTopUp: false });
    expect(returnedNotice(agreement({ state: 'notSigned', endReason: reason }))).toEqual({ key: `returned.${reason}`, tone: 'warning' });
  });
  it.each([['customer', 'state.customer'], ['wechat', 'state.wechat']])('terminated by %s: sign again', (reason, key) => {
    expect(agreementDisplay(agreement({ state: 'terminated', endReason: reason, endedAt: '2026-11-29T02:20:00Z' }))).toMatchObject({ stateKey: key, dateField: 'endedAt', canSign: true, canTopUp: false, canCancel: false });
  });
  it('every key it names exists in the three languages', async () => {
    const keys = ['state.none', 'state.signing', 'state.signed', 'state.declined', 'state.expired', 'state.abandoned', 'state.customer', 'state.wechat',
      'returned.signed', 'returned.pending', 'returned.declined', 'returned.expired', 'returned.abandoned', 'returned.ended'];
    for (const lang of ['en', 'zh-Hans', 'zh-Hant']) {
      await i18n.loadLanguages(lang);
      await i18n.loadNamespaces('wechatSigning');
      for (const key of keys) expect(i18n.exists(`wechatSigning:${key}`, { lng: lang }), `${lang} ${key}`).toBe(true);
    }
  });
});
