// @vitest-environment jsdom
/**
 * One address form for the storefront (screens/ui/AddressLinesFields.tsx): the checkout's shipping and billing
 * addresses and the change of address of /tracking/modify show the same fields under the same rules: a US state
 * chosen by its name, ZIP 5 digits for the US and a 6-digit postal code with a province for China, country names
 * from Intl.DisplayNames. The tracking screens run on the real chart with fake calls.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { countryName, i18n, initI18n } from '../../i18n';
import type { AddressDraft } from '../../machines/checkoutForm';
import { AddressFields, CountryField } from '../../screens/checkout/AddressFields';
import type { CheckoutView } from '../../screens/checkout/checkout.connect';
import type { TrackingView } from '../../src/contract/tracking';
import { orderView, TRACKING_VALID } from '../../machines/models/tracking';
import { renderTrackingScreens } from '../support/trackingScreens';

const found = vi.hoisted(() => ({ order: null as TrackingView | null }));

vi.mock('../../src/app/flows/tracking', async () => {
  const { fromPromise } = await import('xstate');
  const { fakeTrackingFlow } = await import('../support/fakeFlows');
  return {
    trackingFlow: fakeTrackingFlow({
      sendCode: fromPromise(async () => ({ resendAfterSeconds: 60, expiresInSeconds: 300 })),
      search: fromPromise(async () => ({ trackingToken: 'grant-1', order: found.order })),
      modifyAddress: fromPromise(async () => found.order),
    }),
  };
});

beforeAll(async () => {
  await initI18n('en');
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const US: AddressDraft = { country: 'US', address1: '1 Main St', address2: '', city: 'Alhambra', state: 'CA', zip: '91801' };
const CN: AddressDraft = { country: 'CN', address1: '1 Renmin Rd', address2: '', city: 'Guangzhou', state: 'Guangdong', zip: '510000' };

const checkoutView = () => ({ change: vi.fn(), fieldError: () => [] }) as unknown as CheckoutView & { change: ReturnType<typeof vi.fn> };

const field = (name: string) => document.querySelector(`[data-field="${name}"]`) as HTMLInputElement | HTMLSelectElement | null;
const optionLabel = (select: HTMLSelectElement | null, value: string) => [...(select?.options ?? [])].find((o) => o.value === value)?.textContent;

/** What both screens must show for a US and a China address, whatever prefix their fields have. */
function expectUsFields(prefix: string) {
  const zip = field(`${prefix}zip`) as HTMLInputElement;
  expect(zip.maxLength).toBe(5);
  expect(screen.getByLabelText('ZIP code')).toBe(zip);
  const state = field(`${prefix}state`) as HTMLSelectElement;
  expect(state.tagName).toBe('SELECT');
  expect(screen.getByLabelText('State')).toBe(state);
  expect(optionLabel(state, 'CA')).toBe('California (CA)');
  expect(optionLabel(state, 'NY')).toBe('New York (NY)');
  expect(screen.getByLabelText('Street address')).toBe(field(`${prefix}address1`));
}

function expectChinaFields(prefix: string) {
  const zip = field(`${prefix}zip`) as HTMLInputElement;
  expect(zip.maxLength).toBe(6);
  expect(screen.getByLabelText('Postal code')).toBe(zip);
  const province = field(`${prefix}state`) as HTMLInputElement;
  expect(province.tagName).toBe('INPUT');
  expect(screen.getByLabelText('Province')).toBe(province);
}

describe('checkout address', () => {
  it('a US address: state by name, 5-digit ZIP', () => {
    const view = checkoutView();
    render(<AddressFields part="shipping" address={US} view={view} />);
    expectUsFields('shipping.');
    fireEvent.change(field('shipping.zip')!, { target: { value: '91776' } });
    expect(view.change).toHaveBeenCalledWith({ field: 'shipping.zip', value: '91776' });
  });

  it('a China address: province and 6-digit postal code', () => {
    render(<AddressFields part="billing" address={CN} view={checkoutView()} />);
    expectChinaFields('billing.');
  });

  it.each([
    ['zh-Hans', { GA: '佐治亚州（GA）', NJ: '新泽西州（NJ）', CA: '加利福尼亚州（CA）' }],
    ['zh-Hant', { GA: '喬治亞州（GA）', NJ: '紐澤西州（NJ）', CA: '加利福尼亞州（CA）' }],
  ] as const)('the state list is in the reader\'s language (%s), every state and DC named as its readers know it, sorted as they sort', async (lang, named) => {
    await i18n.changeLanguage(lang);
    render(<AddressFields part="billing" address={US} view={checkoutView()} />);
    const state = field('billing.state') as HTMLSelectElement;
    const options = [...state.options].filter((o) => o.value);
    expect(options).toHaveLength(51);
    for (const [code, label] of Object.entries(named)) expect(optionLabel(state, code)).toBe(label);
    // No English name left: each is Chinese with its postal code.
    for (const o of options) expect(o.textContent, o.value).toMatch(new RegExp(`^[\\p{Script=Han}]+(州|特區|特区)（${o.value}）$`, 'u'));
    const labels = options.map((o) => o.textContent ?? '');
    expect(labels).toEqual([...labels].sort(new Intl.Collator(lang).compare));
    expect(state.closest('[translate="no"]')).toBeNull();
  });

  it('country names come from Intl in the page language', async () => {
    await i18n.changeLanguage('zh-Hant');
    render(<CountryField part="shipping" value="US" view={checkoutView()} />);
    const select = field('shipping.country') as HTMLSelectElement;
    expect(optionLabel(select, 'US')).toBe(countryName('US', 'zh-Hant'));
    expect(optionLabel(select, 'CN')).toBe(countryName('CN', 'zh-Hant'));
  });
});

describe('tracking change of address', () => {
  async function openModify(order: TrackingView) {
    found.order = order;
    const router = renderTrackingScreens(`/tracking/search?orderNo=${TRACKING_VALID.orderNo}&email=${TRACKING_VALID.email}`);
    await screen.findByRole('img', { name: 'Image code to type in' });
    fireEvent.change(screen.getByLabelText('Email verification code'), { target: { value: TRACKING_VALID.code } });
    fireEvent.change(screen.getByLabelText('Image code'), { target: { value: TRACKING_VALID.captcha } });
    fireEvent.click(screen.getByRole('button', { name: 'Track order' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Change shipping address' }));
    await screen.findByRole('heading', { level: 1, name: 'Change shipping address' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/tracking/modify'));
    return router;
  }

  it('a US order: the same fields and rules as the checkout; the country by its Intl name', async () => {
    const router = await openModify(orderView());
    expectUsFields('');
    expect(screen.getByText(countryName('US', 'en'))).toBeTruthy();
    router.dispose();
  });

  it('a China order: province and 6-digit postal code', async () => {
    const cn = orderView();
    const router = await openModify({ ...cn, shipping: { ...cn.shipping, country: 'CN', state: 'Guangdong', city: 'Guangzhou', zip: '510000' } });
    expectChinaFields('');
    expect(screen.getByText(countryName('CN', 'en'))).toBeTruthy();
    router.dispose();
  });
});
