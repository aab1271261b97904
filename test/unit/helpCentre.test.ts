/**
 * Issue 18, the help centre: the search finds answers in the three languages (Chinese without spaces between words),
 * every question has its words in each language, and the facts the answers state agree with the product's own
 * constants (a price or a deadline changed in src/domain fails here until the FAQ says it too).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FAQ, FAQ_CATEGORIES } from '../../screens/help/faq';
import { normalizeForSearch, searchFaq } from '../../screens/help/faqSearch';
import { DUAL_PRICE_CENTS, DUAL_REVIEW_WORKING_DAYS } from '../../src/domain/dualNumber';
import { PROTECT_MAX_DAYS, PROTECT_PERIOD_CENTS, PROTECT_TEXTS, PROTECT_VOICE_MINUTES } from '../../src/domain/numberKeeping';
import { ESIM_QR_VALID_DAYS, PHYSICAL_ACTIVATION_DAYS } from '../../src/domain/simExpiry';
import { MAX_DATA_ADD_ONS_PER_CYCLE } from '../../src/domain/addOns';
import { MAX_SIMS_PER_ORDER } from '../../src/domain/pricing';
import { ACTIVATION_LOCK_MINUTES, ACTIVATION_MAX_TRIES } from '../../src/domain/activation';

const LANGS = ['en', 'zh-Hans', 'zh-Hant'] as const;
type Help = { q: Record<string, { q: string; a: string }>; categories: Record<string, string> };
const help = Object.fromEntries(LANGS.map((l) => [l, JSON.parse(readFileSync(new URL(`../../i18n/${l}/help.json`, import.meta.url), 'utf8')) as Help])) as Record<(typeof LANGS)[number], Help>;
const entries = (lang: (typeof LANGS)[number]) => FAQ.map((q) => ({ id: q.id, text: `${help[lang].q[q.id]!.q}\n${help[lang].q[q.id]!.a}` }));

describe('help centre search', () => {
  it('finds Chinese words inside sentences, with or without spaces, in both scripts', () => {
    expect(searchFaq(entries('zh-Hans'), '退款')).toEqual(expect.arrayContaining(['returnSim', 'earlyEnd', 'askRefund']));
    expect(searchFaq(entries('zh-Hans'), '保留号码')).toContain('keepNumber');
    expect(searchFaq(entries('zh-Hans'), '保号 退款')).toEqual(['numberKeeping', 'earlyEnd']);
    expect(searchFaq(entries('zh-Hant'), '攜碼')).toContain('keepNumber');
    expect(searchFaq(entries('zh-Hant'), '儲值')).toEqual(expect.arrayContaining(['topUp', 'ildAccount']));
    expect(searchFaq(entries('zh-Hans'), '量子纠缠')).toEqual([]);
  });

  it('matches English words in any case, full-width or hyphenated, every term required', () => {
    expect(searchFaq(entries('en'), 'eSIM QR')).toEqual(expect.arrayContaining(['simOrEsim', 'esimDetails']));
    expect(searchFaq(entries('en'), 'ＥＳＩＭ')).toEqual(searchFaq(entries('en'), 'esim'));
    expect(searchFaq(entries('en'), 'e-SIM')).toEqual(searchFaq(entries('en'), 'esim'));
    expect(searchFaq(entries('en'), 'refund keeping')).toEqual(['numberKeeping', 'earlyEnd']);
    expect(searchFaq(entries('en'), '   ')).toHaveLength(FAQ.length);
    expect(normalizeForSearch('Café')).toBe('cafe');
  });
});

describe('help centre content', () => {
  it('has the spec\'s five categories, each with questions, and every question in the three languages', () => {
    expect(FAQ_CATEGORIES).toEqual(['sim', 'activation', 'calls', 'account', 'refund']);
    for (const c of FAQ_CATEGORIES) expect(FAQ.filter((q) => q.category === c).length, c).toBeGreaterThanOrEqual(4);
    for (const lang of LANGS) {
      expect(Object.keys(help[lang].q).sort(), lang).toEqual(FAQ.map((q) => q.id).sort());
    }
    expect(new Set(FAQ.map((q) => q.id)).size).toBe(FAQ.length);
  });

  it('states the product\'s own numbers, in every language', () => {
    const facts: [string, string][] = [
      ['activationDeadline', String(PHYSICAL_ACTIVATION_DAYS)], ['activationDeadline', String(ESIM_QR_VALID_DAYS)],
      ['dualNumber', `$${(DUAL_PRICE_CENTS / 100).toFixed(2)}`], ['dualNumber', String(DUAL_REVIEW_WORKING_DAYS)],
      ['numberKeeping', `$${(PROTECT_PERIOD_CENTS / 100).toFixed(2)}`], ['numberKeeping', String(PROTECT_MAX_DAYS)],
      ['numberKeeping', String(PROTECT_VOICE_MINUTES)], ['numberKeeping', String(PROTECT_TEXTS)],
      ['simOrEsim', String(MAX_SIMS_PER_ORDER)], ['wrongCode', String(ACTIVATION_MAX_TRIES)], ['wrongCode', String(ACTIVATION_LOCK_MINUTES)],
      ['topUp', '$9,999'], ['slowData', '128 kbps'],
    ];
    for (const lang of LANGS) {
      for (const [id, fact] of facts) expect(help[lang].q[id]!.a, `${lang} ${id}`).toContain(fact);
    }
    expect(help.en.q.addOns!.a).toContain(`at most ${['zero', 'one', 'two', 'three', 'four', 'five'][MAX_DATA_ADD_ONS_PER_CYCLE]} per cycle`);
    expect(help['zh-Hans'].q.addOns!.a).toContain(`最多买 ${MAX_DATA_ADD_ONS_PER_CYCLE} 次`);
    expect(help['zh-Hant'].q.addOns!.a).toContain(`最多加購 ${MAX_DATA_ADD_ONS_PER_CYCLE} 次`);
  });
});
