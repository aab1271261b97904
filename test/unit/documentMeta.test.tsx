// @vitest-environment jsdom
/**
 * The page titles (`meta`) are not among the namespaces a page loads (CORE_NAMESPACES, decision 0048): a page hydrated
 * from the server's HTML keeps the title it came with; another page loads them, and a language switch is followed.
 */
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { I18nextProvider } from 'react-i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORE_NAMESPACES, i18n, initI18n } from '../../i18n';
import { keepServerDocument, useDocumentMeta } from '../../src/app/layout/useDocumentMeta';

const words = (lang: string, ns: string) => JSON.parse(readFileSync(join(process.cwd(), 'i18n', lang, `${ns}.json`), 'utf8'));

function Page({ at }: { at: string }) {
  const doc = at.includes('isPolicy') ? 'privacy' : 'terms';
  useDocumentMeta({ title: `meta:${doc}.title`, description: `meta:${doc}.description` }, at);
  return <p>page</p>;
}

beforeAll(async () => {
  await initI18n('en', { namespaces: CORE_NAMESPACES });
});
afterAll(() => { cleanup(); });

describe('the document title', () => {
  it('a page hydrated from the server keeps its title and loads no titles; another page loads them; a language switch follows', async () => {
    expect(CORE_NAMESPACES).not.toContain('meta');
    document.title = 'from the server';
    keepServerDocument('/serviceTerms/serviceClause', 'en');
    const { rerender } = render(<I18nextProvider i18n={i18n}><Page at="/serviceTerms/serviceClause" /></I18nextProvider>);
    await new Promise((r) => { setTimeout(r, 200); });
    expect(document.title).toBe('from the server');
    expect(i18n.hasLoadedNamespace('meta')).toBe(false);

    // The visitor goes to another page: its title is set once the titles are in (the document keeps the old one until).
    rerender(<I18nextProvider i18n={i18n}><Page at="/serviceTerms/serviceClause?isPolicy=2" /></I18nextProvider>);
    expect(document.title).toBe('from the server');
    const privacy = words('en', 'meta').privacy;
    await waitFor(() => expect(document.title).toBe(`${privacy.title} | ${words('en', 'common').brand}`), { timeout: 10_000 });
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(privacy.description);

    // Back on the server's page: its title is set again, not left to the page before.
    const en = words('en', 'meta').terms;
    rerender(<I18nextProvider i18n={i18n}><Page at="/serviceTerms/serviceClause" /></I18nextProvider>);
    await waitFor(() => expect(document.title).toBe(`${en.title} | ${words('en', 'common').brand}`), { timeout: 10_000 });

    await act(async () => { await i18n.changeLanguage('zh-Hant'); });
    const zh = words('zh-Hant', 'meta').terms;
    await waitFor(() => expect(document.title).toBe(`${zh.title} | ${words('zh-Hant', 'common').brand}`), { timeout: 10_000 });
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(zh.description);
  }, 30_000);
});
