// @vitest-environment jsdom
/** The saved cards of the payment panel name their network as the reader writes it, not as the provider spells it. */
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../i18n';
import { SavedCardPane } from '../../screens/payment/Panes';
import type { PaymentView } from '../../screens/payment/payment.connect';

const card = (id: string, brand: string, last4: string) => ({ id, brand, last4, expMonth: 4, expYear: 2029, isDefault: false });
const view = {
  busy: false, cardErrors: [], cardId: 'c1', methods: ['saved_card', 'new_card'], step: 'choosing', amountCents: 2500,
  cards: [card('c1', 'visa', '1111'), card('c2', 'UNIONPAY', '0005'), card('c3', 'elo', '4242')],
  selectCard: () => undefined, chooseMethod: () => undefined, pay: () => undefined,
} as unknown as PaymentView;

beforeAll(async () => { await initI18n('en'); });
afterEach(() => { cleanup(); });

describe('saved cards on the payment panel', () => {
  it.each([
    ['en', ['Visa ending in 1111', 'UnionPay ending in 0005', 'Card ending in 4242']],
    ['zh-Hans', ['Visa', '银联', '银行卡']],
  ] as const)('%s', async (lang, names) => {
    await i18n.changeLanguage(lang);
    render(<I18nextProvider i18n={i18n}><SavedCardPane view={view} /></I18nextProvider>);
    const radios = await screen.findAllByRole('radio');
    expect(radios).toHaveLength(3);
    names.forEach((name, i) => expect(radios[i]!.closest('label')!.textContent).toContain(name));
    expect(document.body.textContent).not.toMatch(/\bvisa\b|UNIONPAY|\belo\b/);
  });
});
