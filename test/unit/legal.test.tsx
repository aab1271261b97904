// @vitest-environment jsdom
/**
 * The terms of service and the privacy policy (/serviceTerms/serviceClause, ?isPolicy=2 for privacy): every text they
 * read exists in the three languages, each document has its table of contents linking to its sections in order under
 * readable headings, the refunds are spec section 9's, and the checkout's links open them in the reader's language.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../i18n';
import { DOCUMENTS, docOf, keysOf, type LegalDoc } from '../../screens/legal/documents';
import { legalHref } from '../../screens/legal';
import LegalScreen from '../../screens/legal/LegalScreen';
import { ROUTES } from '../../src/app/routes';
import { isServed } from '../../src/app/routeModel';
import { NOT_REFUNDABLE, REFUND_WORKING_DAYS, RETURN_WITHIN_DAYS } from '../../src/domain/refunds';

const LANGS = ['en', 'zh-Hans', 'zh-Hant'] as const;

beforeAll(async () => { await initI18n('en'); });
afterEach(cleanup);
afterAll(async () => { await i18n.changeLanguage('en'); });

function open(url: string) {
  const router = createMemoryRouter([{ path: '/serviceTerms/serviceClause', Component: LegalScreen }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('the legal documents', () => {
  it('/serviceTerms/serviceClause is served; ?isPolicy=2 is the privacy policy, with its own title', () => {
    const route = ROUTES.find((r) => r.path === '/serviceTerms/serviceClause')!;
    expect(isServed(route)).toBe(true);
    expect(ROUTES.find((r) => r.path === '/serviceTerms')!.redirect).toBe('/serviceTerms/serviceClause');
    expect(docOf(new URLSearchParams('isPolicy=2'))).toBe('privacy');
    expect(docOf(new URLSearchParams(''))).toBe('terms');
    const meta = (q: string) => route.metaFor!({ params: {}, search: new URLSearchParams(q), data: null }).title;
    expect([meta(''), meta('isPolicy=2')]).toEqual(['meta:terms.title', 'meta:privacy.title']);
  });

  for (const doc of ['terms', 'privacy'] as LegalDoc[]) {
    it(`${doc}: every text exists and is written in each language`, () => {
      for (const lang of LANGS) {
        for (const key of keysOf(doc)) {
          expect(i18n.exists(key, { lng: lang }), `${lang} ${key}`).toBe(true);
          expect(i18n.t(key, { lng: lang }).trim(), `${lang} ${key}`).not.toBe('');
        }
      }
    });

    for (const lang of LANGS) {
      it(`${doc} in ${lang}: a table of contents linking to every section in order, under h1 and h2 headings`, async () => {
        await i18n.changeLanguage(lang);
        open(doc === 'privacy' ? '/serviceTerms/serviceClause?isPolicy=2' : '/serviceTerms/serviceClause');
        const h1 = screen.getByRole('heading', { level: 1 });
        expect(h1.textContent).toBe(i18n.t(`legal:${doc}.title`));
        const toc = screen.getByRole('navigation', { name: i18n.t('legal:toc') });
        const links = within(toc).getAllByRole('link');
        expect(links.map((a) => a.getAttribute('href'))).toEqual(DOCUMENTS[doc].map((s) => `#${s.id}`));
        for (const [i, s] of DOCUMENTS[doc].entries()) {
          const section = document.getElementById(s.id)!;
          expect(within(section).getByRole('heading', { level: 2 }).textContent).toBe(`${i + 1}. ${i18n.t(`legal:${doc}.s.${s.id}.title`)}`);
          expect(links[i]!.textContent).toBe(i18n.t(`legal:${doc}.s.${s.id}.title`));
        }
        // No i18n key and no interpolation left unresolved.
        expect(document.body.textContent).not.toMatch(/legal:|\{\{|\}\}/);
        const current = screen.getByRole('link', { name: i18n.t(`legal:nav.${doc}`), current: 'page' });
        expect(current).toBeTruthy();
      });
    }
  }

  it('the refunds are spec section 9\'s, with the numbers the product keeps', async () => {
    await i18n.changeLanguage('en');
    open('/serviceTerms/serviceClause#refunds');
    const refunds = document.getElementById('refunds')!;
    expect(refunds.textContent).toContain(`within ${RETURN_WITHIN_DAYS} days if it is unopened and has not been activated`);
    expect(refunds.textContent).toContain(`within ${REFUND_WORKING_DAYS.from}-${REFUND_WORKING_DAYS.to} working days`);
    expect(refunds.textContent).toContain('you pay the return shipping');
    expect(within(refunds).getAllByRole('listitem').map((li) => li.textContent)).toEqual(NOT_REFUNDABLE.map((k) => i18n.t(`legal:refunds.notRefundable.${k}`)));
    const personal = document.getElementById('personalUse')!;
    expect(personal.textContent).toContain('you are buying voluntarily, for your own personal use');
    expect(personal.textContent).toContain('the SIM is for personal use in the United States');
    expect(document.getElementById('emergency')!.textContent).toMatch(/911[\s\S]*611/);
  });

  it('the checkout\'s links name the reader\'s language, so a new tab opens in it', () => {
    expect(legalHref('terms', 'zh-Hant')).toBe('/serviceTerms/serviceClause?lang=zh-Hant');
    expect(legalHref('privacy', 'zh-Hans')).toBe('/serviceTerms/serviceClause?isPolicy=2&lang=zh-Hans');
  });
});
