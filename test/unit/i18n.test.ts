import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BLANK_CODES, errorMessageKey } from '../../src/contract/errors';

const root = join(import.meta.dirname, '../../i18n');
const LANGS = ['en', 'zh-Hans', 'zh-Hant'];

/** Spec section 8: "Blank message" codes have no text on purpose. */
const MAY_BE_EMPTY = new Set<string>(BLANK_CODES.map((c) => `errors:${errorMessageKey(c)}`));

const flatten = (obj: unknown, prefix = ''): Record<string, unknown> => {
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) return { [prefix]: obj };
  return Object.entries(obj as Record<string, unknown>).reduce<Record<string, unknown>>(
    (acc, [k, v]) => ({ ...acc, ...flatten(v, prefix ? `${prefix}.${k}` : k) }),
    {},
  );
};
const read = (lang: string, ns: string) => flatten(JSON.parse(readFileSync(join(root, lang, `${ns}.json`), 'utf8')));
const namespaces = (lang: string) => readdirSync(join(root, lang)).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).sort();

describe('i18n resources', () => {
  it('has the same namespaces in the three languages', () => {
    expect(namespaces('zh-Hans')).toEqual(namespaces('en'));
    expect(namespaces('zh-Hant')).toEqual(namespaces('en'));
  });

  for (const ns of namespaces('en')) {
    it(`${ns}: identical key sets in en, zh-Hans and zh-Hant`, () => {
      // Exact keys, plural forms included: Chinese carries the _one forms too (i18next uses only _other there).
      const keys = (lang: string) => Object.keys(read(lang, ns)).sort();
      const en = keys('en');
      expect(keys('zh-Hans')).toEqual(en);
      expect(keys('zh-Hant')).toEqual(en);
    });

    it(`${ns}: no empty value, every value is a string`, () => {
      for (const lang of LANGS) {
        for (const [key, value] of Object.entries(read(lang, ns))) {
          expect(typeof value, `${lang}/${ns}:${key}`).toBe('string');
          if (MAY_BE_EMPTY.has(`${ns}:${key}`)) continue;
          expect((value as string).trim(), `${lang}/${ns}:${key}`).not.toBe('');
        }
      }
    });
  }

  it('keeps English plural keys complete (_one with _other)', () => {
    for (const ns of namespaces('en')) {
      const keys = Object.keys(read('en', ns));
      for (const k of keys.filter((x) => x.endsWith('_one'))) expect(keys, `${ns}:${k}`).toContain(k.replace(/_one$/, '_other'));
    }
  });
});
