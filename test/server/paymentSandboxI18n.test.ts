/** The payment sandbox's own texts (card form, WeChat phone): the three languages have the same keys, none empty. */
import { describe, expect, it } from 'vitest';
import { SANDBOX_TEXTS, sandboxText } from '../../src/server/adapters/payments/texts';

const flatten = (node: unknown, prefix = ''): Record<string, unknown> =>
  node !== null && typeof node === 'object'
    ? Object.entries(node as Record<string, unknown>).reduce<Record<string, unknown>>((acc, [k, v]) => ({ ...acc, ...flatten(v, prefix ? `${prefix}.${k}` : k) }), {})
    : { [prefix]: node };

describe('payment sandbox texts', () => {
  const en = flatten(SANDBOX_TEXTS.en);

  it('have identical key sets in en, zh-Hans and zh-Hant', () => {
    expect(Object.keys(flatten(SANDBOX_TEXTS['zh-Hans'])).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(flatten(SANDBOX_TEXTS['zh-Hant'])).sort()).toEqual(Object.keys(en).sort());
  });

  it('are non-empty strings, with the same {{placeholders}} in every language', () => {
    for (const lang of ['en', 'zh-Hans', 'zh-Hant'] as const) {
      for (const [key, value] of Object.entries(flatten(SANDBOX_TEXTS[lang]))) {
        expect(typeof value, `${lang} ${key}`).toBe('string');
        expect((value as string).trim(), `${lang} ${key}`).not.toBe('');
        const vars = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();
        expect(vars(value as string), `${lang} ${key}`).toEqual(vars(en[key] as string));
      }
    }
  });

  it('fills placeholders and falls back to the key', () => {
    expect(sandboxText('zh-Hant', 'form.brandDetected', { brand: 'JCB' })).toBe('卡別：JCB');
    expect(sandboxText('en', 'form.nope')).toBe('form.nope');
  });
});
