/** The contract's one text rule (src/contract/fields.ts textField) and record ids (issue 12). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_RECORD_ID, recordIdField, textField } from '../../src/contract/fields';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message) ?? [];

describe('textField', () => {
  const line = textField({ max: 20, trim: true });

  it('accepts what customers type: Chinese, accents, emoji (a surrogate pair, skin tone, a ZWJ family)', () => {
    for (const value of ['张伟', '臺北市信義區', 'José Müller-Zoë', 'e\u0301', '山田 太郎', '👍🏽', '👨‍👩‍👧', '🀄 麻将', 'O\'Brien #2', '𠮷野家']) {
      expect(line.safeParse(value), value).toEqual({ success: true, data: value });
    }
  });

  it('refuses C0 and C1 control characters and lone surrogates, with one message', () => {
    const refused = ['a\u0000b', 'a\u0001', '\u001Bx', 'a\u007Fb', 'a\u0085b', 'a\u009Fb', 'a\tb', 'a\nb', 'a\rb',
      'a\uD800b', 'a\uDBFF', '\uDC00a', 'a\uDC00\uD800b', '👍\uD83D'];
    for (const value of refused) expect(messagesOf(line.safeParse(value)), JSON.stringify(value)).toEqual(['validation:text.characters']);
  });

  it('trims first, so white space around the text (a pasted newline, a tab) is dropped rather than refused', () => {
    expect(line.safeParse('\t Mei Chen \n')).toEqual({ success: true, data: 'Mei Chen' });
    expect(textField({ max: 20 }).safeParse(' a ')).toEqual({ success: true, data: ' a ' });
    expect(messagesOf(textField({ max: 20 }).safeParse('a\n'))).toEqual(['validation:text.characters']);
  });

  it('lets free text keep line breaks and tabs, and nothing else of the kind', () => {
    const free = textField({ max: 100, lines: 'many' });
    expect(free.safeParse('Line one\r\nLine two\n\tindented').success).toBe(true);
    for (const value of ['a\u0000b', 'a\u000Bb', 'a\u0085b', 'a\uD800b']) expect(messagesOf(free.safeParse(value)), JSON.stringify(value)).toEqual(['validation:text.characters']);
  });

  it('refuses text past its maximum (counted after trimming), with the generic message or the field\'s own', () => {
    expect(line.safeParse(` ${'a'.repeat(20)} `).success).toBe(true);
    expect(messagesOf(line.safeParse('a'.repeat(21)))).toEqual(['validation:text.tooLong']);
    expect(messagesOf(textField({ max: 5, tooLong: 'validation:coupon.invalid' }).safeParse('ABCDEF'))).toEqual(['validation:coupon.invalid']);
    expect(messagesOf(line.safeParse(`${'a'.repeat(100_000)}\u0000`))).toEqual(['validation:text.tooLong']);
  });

  it('answers a value that is not a string with the field\'s own "required" message when it has one', () => {
    const phone = textField({ max: 32, required: 'validation:phone.required' });
    for (const value of [12345, null, {}, ['6265550100'], true]) expect(messagesOf(phone.safeParse(value))).toEqual(['validation:phone.required']);
    expect(line.safeParse(12345).success).toBe(false);
  });

  it('stops there: nothing chained after the rule sees refused text', () => {
    const seen: string[] = [];
    const field = textField({ max: 10 }).refine((v) => { seen.push(v); return true; }).transform((v) => v.toUpperCase());
    expect(field.safeParse('a\u0000').success).toBe(false);
    expect(field.safeParse('a'.repeat(11)).success).toBe(false);
    expect(field.safeParse('ok')).toEqual({ success: true, data: 'OK' });
    expect(seen).toEqual(['ok']);
  });

  it('has its messages in the three languages', () => {
    for (const lang of ['en', 'zh-Hans', 'zh-Hant']) {
      const texts = JSON.parse(readFileSync(new URL(`../../i18n/${lang}/validation.json`, import.meta.url), 'utf8')) as { text: Record<string, string> };
      expect(Object.keys(texts.text).sort(), lang).toEqual(['characters', 'tooLong']);
    }
  });
});

describe('recordIdField', () => {
  it('takes a positive integer that fits a PostgreSQL integer, and nothing else', () => {
    const id = recordIdField('validation:plan.required');
    for (const value of [1, 42, MAX_RECORD_ID]) expect(id.safeParse(value).success, String(value)).toBe(true);
    for (const value of [0, -1, 1.5, MAX_RECORD_ID + 1, 2 ** 53 + 2, 1e300, Infinity, -Infinity, Number.NaN, '1', null]) {
      expect([...new Set(messagesOf(id.safeParse(value)))], String(value)).toEqual(['validation:plan.required']);
    }
  });
});
