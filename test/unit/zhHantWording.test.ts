/**
 * Traditional Chinese is written for Taiwan readers (STYLE.md: "use the words each audience uses"): email is
 * 電子郵件 and the mailbox 電子郵件信箱. Not Hong Kong's 電郵; and not Taiwan's shorter 電子信箱 either, so one
 * page does not say 電子信箱 in one sentence and 電子郵件 in the next.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = join(import.meta.dirname, '../../i18n/zh-Hant');
/** Namespaces left out of the check (none: the checkout's texts are reworded too). */
const REWORDED_ELSEWHERE = new Set<string>();
const AVOIDED = ['電郵', '電子信箱'];

const strings = (value: unknown, path = ''): [string, string][] =>
  typeof value === 'string' ? [[path, value]]
    : value && typeof value === 'object' ? Object.entries(value).flatMap(([k, v]) => strings(v, path ? `${path}.${k}` : k))
      : [];

describe('zh-Hant says email the Taiwan way', () => {
  const namespaces = readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).filter((ns) => !REWORDED_ELSEWHERE.has(ns));
  for (const ns of namespaces) {
    it(`${ns}: 電子郵件, not ${AVOIDED.join(' or ')}`, () => {
      const found = strings(JSON.parse(readFileSync(join(dir, `${ns}.json`), 'utf8'))).filter(([, text]) => AVOIDED.some((w) => text.includes(w)));
      expect(found.map(([key, text]) => `${ns}:${key} ${text}`)).toEqual([]);
    });
  }
});
