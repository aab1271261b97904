// @vitest-environment jsdom
/**
 * What the checkout screens show of the chart's rules, with the chart's calls answered by instant fakes (the
 * generated paths against the real gateway are in checkout.screens.test.tsx): the 120087 dialog once per event, the
 * order locked while its payment is unsettled, the form locked while its order is created, where focus goes and what
 * is announced, the result page that stops asking, names and numbers in the customer's language.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise, SimulatedClock } from 'xstate';
import { i18n, initI18n, setLanguage } from '../../i18n';
import { closeDialog, getFeedback } from '../../src/app/feedback';
import { getItem, setItem } from '../../src/storage';
import type { BundleList } from '../../src/contract/catalog';
import type { OrderData } from '../../src/contract/orders';
import type { PaymentResult } from '../../src/contract/payments';
import { checkoutMachine, FULFILMENT_MAX_CHECKS, fulfilmentPollDelay, RESUME_VERSION } from '../../machines/checkout.machine';
import { paymentMachine } from '../../machines/payment.machine';
import CheckoutLayout from '../../screens/checkout/CheckoutLayout';
import BundleFormScreen from '../../screens/checkout/BundleFormScreen';
import BundleResultScreen from '../../screens/checkout/BundleResultScreen';
import BundleResultErrorScreen from '../../screens/checkout/BundleResultErrorScreen';
import { CATALOG, QUOTE, VALID_DRAFT, order } from '../../machines/models/checkoutFixtures';
import type * as Observe from '../../src/app/flows/observe';

const SAVED_CARD = { id: 7, brand: 'VISA', last4: '1111', expMonth: 12, expYear: 2030, holderName: 'Mei Lin', isDefault: true };
const UNLIMITED = { id: 5, slug: 'unlimited-plan', kind: 'us' as const, name: 'Unlimited', highSpeedDataMb: null, monthlyPriceCents: 4500, usMinutes: null, inclusions: [], promotionEligible: true, simTypes: ['physical' as const, 'esim' as const], featured: false };
const lostAnswer = () => Object.assign(new Error('lost'), { code: 'http', status: 502 });

/** What the fakes answer; each test sets what it needs. */
const fake = vi.hoisted(() => ({
  clock: { current: undefined as unknown },
  catalog: null as unknown,
  quote: null as (() => Promise<unknown>) | null,
  createOrder: null as ((input: unknown) => Promise<unknown>) | null,
  loadOrder: null as (() => Promise<unknown>) | null,
  payOrder: null as (() => Promise<unknown>) | null,
}));

// The flows' clock lives in observe.ts (the checkout flow re-exports it): the screens read it from there.
vi.mock('../../src/app/flows/observe', async (importOriginal) => ({
  ...(await importOriginal<typeof Observe>()),
  flowClock: fake.clock,
}));

vi.mock('../../src/app/flows/checkout', () => ({
  flowClock: fake.clock,
  checkoutFlow: checkoutMachine.provide({
    actors: {
      loadCatalog: fromPromise(async () => fake.catalog as BundleList),
      quote: fromPromise(async () => (fake.quote ? fake.quote() : QUOTE)) as never,
      createOrder: fromPromise(async ({ input }) => (fake.createOrder ? fake.createOrder(input) : { order: order(), orderToken: 't' })) as never,
      loadOrder: fromPromise(async () => (fake.loadOrder ? fake.loadOrder() : { order: order(), orderToken: 't' })) as never,
      payment: paymentMachine.provide({
        actors: {
          cardForm: fromCallback(() => undefined),
          loadCards: fromPromise(async () => ({ cards: [SAVED_CARD] })),
          payStatus: fromPromise(async () => null) as never,
          payOrder: fromPromise(async () => (fake.payOrder ? fake.payOrder() : null)) as never,
        },
      }),
    },
  }),
}));

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  Object.assign(fake, { catalog: { ...CATALOG, plans: [...CATALOG.plans, UNLIMITED] }, quote: null, createOrder: null, loadOrder: null, payOrder: null });
  fake.clock.current = undefined;
});

afterEach(async () => {
  cleanup();
  for (const d of getFeedback().dialogs) closeDialog(d.id, false);
  sessionStorage.clear();
  localStorage.clear();
  await setLanguage('en');
});

const settle = async (times = 4) => { for (let i = 0; i < times; i++) await act(() => new Promise((r) => setTimeout(r, 0))); };
/** A message as the page reads it (its verbatim parts are marked up in the catalogue). */
const plain = (key: string, values: Record<string, unknown>) => i18n.t(key, values).replace(/<\/?\w+>/g, '');
/** Elements whose whole text (verbatim parts included) is `text`. */
const wholeText = (text: string) => (_: string, el: Element | null) => el?.textContent === text && ![...el.children].some((c) => c.textContent === text);
const checkoutState = () => JSON.parse(screen.getByTestId('checkout').dataset.state ?? 'null') as unknown;

/** Opens a checkout URL; `resume` is what a reload of the tab left (an order being paid). */
async function open(url: string, resume?: { orderNo: string | null }) {
  if (resume) setItem('checkout/resume', { version: RESUME_VERSION, link: null, draft: VALID_DRAFT, orderNo: resume.orderNo, purchaseId: 'p' });
  const router = createMemoryRouter([
    { path: '/', element: <p>home</p> },
    {
      Component: CheckoutLayout,
      children: [
        { path: '/plans/bundleForm', Component: BundleFormScreen },
        { path: '/plans/bundleResult/:orderNo', Component: BundleResultScreen },
        { path: '/plans/bundleResultError', Component: BundleResultErrorScreen },
      ],
    },
  ], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  await settle();
  return router;
}

const payButton = () => within(screen.getByTestId('payment')).getByRole('button', { name: /^Pay \$/ });
const editButton = () => screen.queryByRole('button', { name: i18n.t('checkout:review.edit') });

describe('paymentExpired', () => {
  it('the 120087 dialog shows once, even when the language changes while it is open; confirming it goes home', async () => {
    fake.loadOrder = async () => ({ order: order({ payMethods: ['default_card'] }), orderToken: 't' });
    // The provider no longer keeps the card on file: "payment info expired".
    fake.payOrder = async () => { throw Object.assign(new Error('expired'), { code: '120087', status: 422 }); };
    const router = await open('/plans/bundleForm', { orderNo: 'LB202611220001' });
    await act(async () => { payButton().click(); });
    await settle();
    expect(getFeedback().dialogs.map((d) => d.message)).toEqual([i18n.t('errors:code.120087')]);

    await act(async () => { await setLanguage('zh-Hans'); });
    await settle();
    await act(async () => { await setLanguage('en'); });
    await settle();
    expect(getFeedback().dialogs).toHaveLength(1);

    await act(async () => { closeDialog(getFeedback().dialogs[0]!.id, true); });
    await settle();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('paying', () => {
  it('"Change order" is offered while nothing is paid, and gone once the payment\'s answer is lost (it may have been charged)', async () => {
    fake.loadOrder = async () => ({ order: order({ payMethods: ['default_card'] }), orderToken: 't' });
    fake.payOrder = async () => { throw lostAnswer(); };
    await open('/plans/bundleForm', { orderNo: 'LB202611220001' });
    expect(checkoutState()).toEqual({ paying: 'open' });
    expect(editButton()).not.toBeNull();
    await act(async () => { payButton().click(); });
    await settle();
    expect(JSON.parse(screen.getByTestId('payment').dataset.state ?? 'null')).toEqual({ savedCard: 'interrupted' });
    expect(checkoutState()).toEqual({ paying: 'locked' });
    expect(editButton()).toBeNull();
  });

  it('the new card\'s holder name starts with the name typed in the form (first then last), and can be changed', async () => {
    await open('/plans/bundleForm', { orderNo: 'LB202611220001' });
    expect(JSON.parse(screen.getByTestId('payment').dataset.state ?? 'null')).toMatchObject({ newCard: expect.anything() });
    const holder = screen.getByRole('textbox', { name: i18n.t('payment:card.holder') }) as HTMLInputElement;
    expect(holder.value).toBe('Mei Lin');
    await act(async () => { fireEvent.change(holder, { target: { value: 'Lin Mei' } }); });
    expect(holder.value).toBe('Lin Mei');
  });

  it('focus moves to the payment step\'s heading when the form turns into it', async () => {
    await open('/plans/bundleForm', { orderNo: null });
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: i18n.t('checkout:confirm.placeOrder') })); });
    await settle();
    expect(checkoutState()).toMatchObject({ paying: expect.anything() });
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: i18n.t('checkout:title.paying') }));
  });
});

describe('form', () => {
  it('while the order is being created every field is locked, and unlocked again if it is refused', async () => {
    let refuse: (e: unknown) => void = () => undefined;
    fake.createOrder = () => new Promise((_, reject) => { refuse = reject; });
    await open('/plans/bundleForm', { orderNo: null });
    const simCount = screen.getByRole('textbox', { name: i18n.t('checkout:product.simCount') });
    expect(simCount.matches(':disabled')).toBe(false);
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: i18n.t('checkout:confirm.placeOrder') })); });
    expect(simCount.matches(':disabled')).toBe(true);
    expect(screen.getByRole('switch', { name: i18n.t('checkout:autoRenew.label') }).matches(':disabled')).toBe(true);
    expect(screen.getByRole('button', { name: i18n.t('checkout:codes.applyCoupon') }).matches(':disabled')).toBe(true);
    await act(async () => { refuse(Object.assign(new Error('no'), { code: '120082', status: 422, data: { field: 'simCount' } })); });
    await settle();
    expect(simCount.matches(':disabled')).toBe(false);
  });

  it('a code refused after Apply is read out by a live region, as well as shown next to the field', async () => {
    await open('/plans/bundleForm', { orderNo: null });
    const live = screen.getByTestId('codes-announcement');
    expect(live.getAttribute('aria-live')).toBe('polite');
    expect(live.textContent).toBe('');
    fake.quote = async () => { throw Object.assign(new Error('no'), { code: 'couponInvalid', status: 422, data: { field: 'couponCode' } }); };
    fake.clock.current = undefined;
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: i18n.t('checkout:codes.applyCoupon') })); });
    await act(() => new Promise((r) => setTimeout(r, 600)));
    await settle();
    expect(live.textContent).toBe(i18n.t('errors:code.couponInvalid'));
  });

  it('after Accept or Decline in the auto-renewal terms, focus is back on the switch', async () => {
    await open('/plans/bundleForm', { orderNo: null });
    const toggle = screen.getByRole('switch', { name: i18n.t('checkout:autoRenew.label') });
    await act(async () => { fireEvent.click(toggle); }); // on -> off
    await act(async () => { fireEvent.click(toggle); }); // the terms
    await act(async () => { fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: i18n.t('checkout:autoRenew.decline') })); });
    await settle();
    expect(document.activeElement).toBe(toggle);
    await act(async () => { fireEvent.click(toggle); });
    await act(async () => { fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: i18n.t('checkout:autoRenew.accept') })); });
    await settle();
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(document.activeElement).toBe(toggle);
  });

  it('in Chinese, the unlimited plan is named in Chinese and the tax rate is written for the page\'s language', async () => {
    await setLanguage('zh-Hans');
    const formats = vi.spyOn(Number.prototype, 'toLocaleString');
    fake.quote = async () => ({ ...QUOTE, planId: UNLIMITED.id, planName: 'Unlimited' });
    setItem('checkout/resume', { version: RESUME_VERSION, link: null, draft: { ...VALID_DRAFT, planId: UNLIMITED.id }, orderNo: null, purchaseId: 'p' });
    await open('/plans/bundleForm?plan=unlimited-plan');
    await act(() => new Promise((r) => setTimeout(r, 600)));
    await settle();
    const summary = screen.getByRole('region', { name: i18n.t('checkout:summary.title') });
    expect(summary.textContent).toContain('无限流量');
    expect(summary.textContent).not.toContain('Unlimited');
    expect(formats.mock.calls.some(([locale]) => locale === 'zh-Hans')).toBe(true);
    expect(formats.mock.calls.some(([locale, opts]) => locale === undefined && (opts as { maximumFractionDigits?: number } | undefined)?.maximumFractionDigits === 3)).toBe(false);
    formats.mockRestore();
    expect(screen.getAllByRole('option', { name: /^无限流量/ })).toHaveLength(1);
  });
});

describe('a campaign link straight to the checkout (spec section 3 stored keys; decision 0045)', () => {
  const LINK = '/plans/bundleForm?plan=5gb-plan&months=1&simType=esim&couponCode=WELCOME10&promotion=wechat&activityCode=BACK2SCHOOL';
  const couponField = () => document.querySelector<HTMLInputElement>('input[data-field="couponCode"]')!;
  const campaignText = () => [plain('checkout:codes.campaign', { code: 'BACK2SCHOOL' }), plain('checkout:codes.platform', { platform: 'wechat' })];
  /** What the order is created with. */
  const sentForm = () => {
    const sent: unknown[] = [];
    fake.createOrder = async (input) => { sent.push(input); return { order: order(), orderToken: 't' }; };
    return sent as { form: { couponCode?: string | null; promotionPlatform?: string | null; activityCode?: string | null } }[];
  };

  it('in a fresh tab, the form opens with the link\'s codes, and keeps them in the tab', async () => {
    await open(LINK);
    expect(couponField().value).toBe('WELCOME10');
    for (const text of campaignText()) expect(document.body.textContent).toContain(text);
    expect([getItem('couponCode'), getItem('promotion'), getItem('activityCode'), getItem('activity_code')]).toEqual(['WELCOME10', 'wechat', 'BACK2SCHOOL', 'BACK2SCHOOL']);
  });

  it('in a tab holding an earlier link\'s codes and a draft with them (a reload), the new link\'s codes win and go with the order', async () => {
    setItem('couponCode', 'SAVE5');
    setItem('promotion', 'xiaohongshu');
    setItem('activityCode', 'LNY2026');
    setItem('activity_code', 'LNY2026');
    setItem('checkout/resume', { version: RESUME_VERSION, link: null, draft: { ...VALID_DRAFT, couponCode: 'SAVE5', promotionPlatform: 'xiaohongshu', activityCode: 'LNY2026' }, orderNo: null, purchaseId: 'p' });
    const sent = sentForm();
    await open(LINK);
    expect(couponField().value).toBe('WELCOME10');
    for (const text of campaignText()) expect(document.body.textContent).toContain(text);
    expect(document.body.textContent).not.toContain('LNY2026');
    expect([getItem('couponCode'), getItem('promotion'), getItem('activityCode')]).toEqual(['WELCOME10', 'wechat', 'BACK2SCHOOL']);
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: i18n.t('checkout:confirm.placeOrder') })); });
    await settle();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.form).toMatchObject({ couponCode: 'WELCOME10', promotionPlatform: 'wechat', activityCode: 'BACK2SCHOOL' });
  });

  it('a checkout URL without codes opens with those an earlier link kept in the tab', async () => {
    setItem('couponCode', 'SAVE5');
    setItem('activity_code', 'LNY2026');
    await open('/plans/bundleForm?plan=5gb-plan');
    expect(couponField().value).toBe('SAVE5');
    expect(document.body.textContent).toContain(plain('checkout:codes.campaign', { code: 'LNY2026' }));
  });
});

describe('paymentFailed', () => {
  const failedOrder = order({ status: 'payment_failed', failureCode: 'GENERIC_DECLINE', payMethod: 'bank_card' });
  const FAILED_URL = '/plans/bundleResultError?orderNo=LB202611220001&reason=GENERIC_DECLINE';

  it('shows the order number and the amount, and names what the buyer of new SIMs has for support: the order number and email, no ICCID', async () => {
    fake.loadOrder = async () => ({ order: failedOrder, orderToken: 't' });
    await open(FAILED_URL);
    expect(checkoutState()).toBe('paymentFailed');
    const summary = screen.getByTestId('failed-order');
    expect(summary.textContent).toContain('LB202611220001');
    expect(summary.textContent).toContain('$68.73');
    const contact = screen.getByTestId('failed-contact').textContent ?? '';
    expect(contact).toBe(plain('checkout:failed.contact', { orderNo: 'LB202611220001', email: 'mei.lin@example.com' }));
    // Before "View more" nothing on the page asks for an ICCID that an unpaid order of new SIMs does not have.
    expect(document.body.textContent).not.toContain('ICCID');
  });

  it('in Chinese, the same in the reader\'s words', async () => {
    await setLanguage('zh-Hant');
    fake.loadOrder = async () => ({ order: failedOrder, orderToken: 't' });
    await open(FAILED_URL);
    expect(screen.getByTestId('failed-order').textContent).toContain('應付金額');
    expect(screen.getByTestId('failed-contact').textContent).toContain('訂單編號 LB202611220001');
    expect(document.body.textContent).not.toContain('ICCID');
  });
});

describe('paid', () => {
  it.each([
    ['en', 'November 25, 2026', '8:14', 'Pacific Time'],
    ['zh-Hans', '2026年11月25日', '8:14', '（美国太平洋时间）'],
    ['zh-Hant', '2026年11月25日', '8:14', '（美國太平洋時間）'],
  ] as const)('the result page says when it was paid in Pacific time, the zone named, as the email does (%s)', async (lang, day, time, zone) => {
    await setLanguage(lang);
    // 16:14 UTC is 8:14 AM in Los Angeles (PST): the browser's own zone does not matter.
    fake.loadOrder = async () => ({ order: order({ status: 'paid', paidAt: '2026-11-25T16:14:00.000Z', payMethod: 'bank_card', fulfilment: 'esim_sent' }), orderToken: 't' });
    await open('/plans/bundleResult/LB202611220001');
    const paid = screen.getByText(i18n.t('checkout:result.info.paidAt')).nextElementSibling!.textContent ?? '';
    expect(paid).toContain(day);
    expect(paid).toContain(time);
    expect(paid.endsWith(zone)).toBe(true);
    expect(paid).not.toContain('4:14');
  });

  it.each([
    ['en', 'Student details', 'Master\'s', 'September 1, 2027'],
    ['zh-Hans', '学生信息', '硕士', '2027年9月1日'],
    ['zh-Hant', '學生資料', '碩士', '2027年9月1日'],
  ] as const)('a student order\'s result page shows the school, grade, departure date and school email (%s)', async (lang, heading, grade, day) => {
    await setLanguage(lang);
    const student = { school: 'University of California, Los Angeles', grade: 'masters' as const, departureDate: '2027-09-01', eduEmail: 'mei.lin@ucla.edu', verifiedAt: '2026-11-20T10:00:00.000Z' };
    fake.loadOrder = async () => ({ order: order({ status: 'paid', paidAt: '2026-11-25T16:14:00.000Z', payMethod: 'bank_card', fulfilment: 'esim_sent', student }), orderToken: 't' });
    await open('/plans/bundleResult/LB202611220001');
    expect(screen.getByRole('heading', { level: 3, name: heading })).toBeTruthy();
    const rows = screen.getByTestId('result-student');
    const value = (label: string) => within(rows).getByText(label).nextElementSibling?.textContent;
    expect(value(i18n.t('checkout:student.school'))).toBe(student.school);
    expect(value(i18n.t('checkout:student.grade'))).toBe(grade);
    expect(value(i18n.t('checkout:student.departureDate'))).toBe(day);
    expect(value(i18n.t('checkout:student.eduEmail'))).toBe(student.eduEmail);
  });

  it('an order that is not a student\'s shows no student details', async () => {
    fake.loadOrder = async () => ({ order: order({ status: 'paid', paidAt: '2026-11-25T16:14:00.000Z', payMethod: 'bank_card', fulfilment: 'esim_sent' }), orderToken: 't' });
    await open('/plans/bundleResult/LB202611220001');
    expect(screen.getByRole('heading', { level: 2, name: i18n.t('checkout:result.info.title') })).toBeTruthy();
    expect(screen.queryByTestId('result-student')).toBeNull();
    expect(screen.queryByText(i18n.t('checkout:result.info.student'))).toBeNull();
  });

  it('the result page stops asking for the eSIM after its last check and says the QR code will come by email', async () => {
    const clock = new SimulatedClock();
    fake.clock.current = clock;
    let reads = 0;
    fake.loadOrder = async () => { reads += 1; return { order: order({ status: 'paid', fulfilment: 'pending' }) as OrderData, orderToken: 't' }; };
    await open('/plans/bundleResult/LB202611220001');
    await settle();
    expect(screen.getAllByText(wholeText(plain('checkout:result.esim.preparing', { email: VALID_DRAFT.shipping.email })))).toHaveLength(1);
    for (let n = 0; n <= FULFILMENT_MAX_CHECKS; n++) {
      await act(async () => { clock.increment(fulfilmentPollDelay(n)); });
      await settle();
    }
    expect(checkoutState()).toEqual({ paid: 'emailFollows' });
    expect(screen.getAllByText(wholeText(plain('checkout:result.esim.emailFollows', { email: VALID_DRAFT.shipping.email })))).toHaveLength(1);
    const reads0 = reads;
    await act(async () => { clock.increment(60 * 60_000); });
    await settle();
    expect(reads).toBe(reads0);
  });
});

export type { PaymentResult };
