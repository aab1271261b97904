import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BLANK_CODES, errorMessageKey } from '../../src/contract/errors';
import { ALLOWED_WORDS, englishWords } from '../support/englishWords';

const root = join(import.meta.dirname, '../../i18n');
const LANGS = ['en', 'zh-Hans', 'zh-Hant'];

/** Spec section 8: "Blank message" codes have no text on purpose. */
const MAY_BE_EMPTY = new Set<string>(BLANK_CODES.map((c) => `errors:${errorMessageKey(c)}`));

const flatten = (obj: unknown, prefix = '', into: Record<string, unknown> = {}): Record<string, unknown> => {
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) into[prefix] = obj;
  else for (const [k, v] of Object.entries(obj as Record<string, unknown>)) flatten(v, prefix ? `${prefix}.${k}` : k, into);
  return into;
};
const cache = new Map<string, Record<string, unknown>>();
const read = (lang: string, ns: string) => {
  const file = join(root, lang, `${ns}.json`);
  if (!cache.has(file)) cache.set(file, flatten(JSON.parse(readFileSync(file, 'utf8'))));
  return cache.get(file)!;
};
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

  /**
   * No English left in Chinese, checked on every resource rather than only on the pages the browser tests open: a
   * dialog, an email or an error a journey never reaches is read here. Besides the words a rendered page may show
   * (test/support/englishWords.ts), the resources name the eSIM's technical fields as the phones do (SM-DP+,
   * Matching ID), radio terms, and the chart studio's tools; a few keys hold an example the customer types in
   * Latin letters (a name, an address, a city), and these are named with their words.
   */
  const TECHNICAL = ['SM', 'DP', 'ID', 'VoLTE', 'MHz', 'HTTP', 'Chromium', 'jsdom', 'npm', 'WhatsApp', 'FaceTime', 'LINE', 'Galaxy', 'XS'];
  const EXAMPLES: Record<string, string[]> = {
    'activation:port.carrierHint': ['AT'], // AT&T
    'checkout:shipping.englishNameHint': ['Mei', 'Lin'],
    'common:address.inEnglish': ['Garfield', 'Ave'],
    'layout:footer.email.placeholder': ['you'],
    'login:rules.sequence': ['abcd', 'qwer'],
    'validation:password.sequence': ['abcd', 'qwer'],
    'meta:plan500mb.1.description': ['SSN'],
    'places:coverage.placeHint': ['Flushing', 'NY'],
    'places:coverage.notFound': ['Flushing', 'NY'],
    'plans:esim.checklist.notChina': ['CH'], // the model-number suffix of a mainland-China phone
    'rates:search.hint': ['Japan', 'JP'],
    'studio:list.coverageNone': ['test'],
    'studio:list.coverageBroken': ['test'],
    'studio:list.legend': ['pure', 'server', 'screen', 'browser'],
    'studio:depth.screen': [],
    'studio:transitionKind.always': ['always'],
    'studio:paths.cliCommand': ['run', 'paths', 'to'],
    'validation:student.eduEmail.academic': ['edu', 'cn', 'ac', 'uk', 'tw', 'hk'],
    // Decision 0045: examples of school addresses, marked <en> on the page.
    'checkout:student.eduEmailHint': ['name', 'ucla', 'edu', 'pku', 'cn', 'ucl', 'ac', 'uk', 'ntu', 'tw', 'hku', 'hk'],
  };
  for (const lang of ['zh-Hans', 'zh-Hant']) {
    it(`${lang}: no English left in any resource`, () => {
      const leftovers: string[] = [];
      for (const ns of namespaces(lang)) {
        for (const [key, value] of Object.entries(read(lang, ns))) {
          const allowed = new Set([...ALLOWED_WORDS, ...[...TECHNICAL, ...(EXAMPLES[`${ns}:${key}`] ?? [])].map((w) => w.toLowerCase())]);
          // Interpolations ({{name}}), nested keys ($t(...)) and the <0>..</0> tags of <Trans> are not read by anyone.
          const read_ = String(value).replace(/\{\{[^}]*\}\}/g, ' ').replace(/\$t\([^)]*\)/g, ' ').replace(/<\/?\w+\s*\/?>/g, ' ');
          const words = englishWords(read_, allowed);
          if (words.length) leftovers.push(`${ns}:${key}: ${words.join(' ')}`);
        }
      }
      expect(leftovers).toEqual([]);
    });

    it(`${lang}: the check finds an English leftover`, () => {
      const allowed = new Set([...ALLOWED_WORDS]);
      expect(englishWords('请先 check 您的 SIM 卡', allowed)).toEqual(['check']);
    });
  }
});
