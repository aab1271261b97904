// @vitest-environment jsdom
/**
 * The product's translator (i18n/runtime.ts, i18n/reactBinding.tsx; decision 0048) answers as i18next 26 and react-i18next 17
 * did with the product's options: every key of every namespace in the three languages, with counts, values, a value
 * missing, defaults and the English fallback, compared with i18next itself; `<Trans>` compared with react-i18next's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, render, screen } from '@testing-library/react';
import i18next, { type i18n as I18next } from 'i18next';
import { Suspense, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Trans as RealTrans } from 'react-i18next/TransWithoutContext';
import { beforeAll, describe, expect, it } from 'vitest';
import { Trans, setTranslator, useTranslation } from '../../i18n/reactBinding';
import { Translator } from '../../i18n/runtime';
import { LANGUAGES } from '../../i18n/languages';

const DIR = join(import.meta.dirname, '..', '..', 'i18n');
const namespaces = readdirSync(join(DIR, 'en')).filter((f) => f.endsWith('.json')).map((f) => f.replace('.json', ''));
const bundle = (lng: string, ns: string): Record<string, unknown> => {
  try {
    return JSON.parse(readFileSync(join(DIR, lng, `${ns}.json`), 'utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
};

/** Translations written for <Trans>'s cases. */
const CUSTOM = {
  tags: 'Order <no>{{name}}</no> &amp; more, "quoted" {{absent}}',
  indexed: 'I agree to the <0>terms of service</0>.',
  basic: 'Line one<br/>line <strong>two</strong> of {{n}}',
  selfClosing: 'Before <icon/> after <unknown>raw</unknown>',
  plural_one: 'One order <no>{{name}}</no>',
  plural_other: '{{count}} orders <no>{{name}}</no>',
};

/** The product's files, and a namespace of cases; English has three more keys, to check the fallback. */
const resources = (lng: string, ns: string) => {
  if (ns === 'custom') return structuredClone(CUSTOM) as Record<string, unknown>;
  const data = structuredClone(bundle(lng, ns));
  if (lng === 'en' && ns === 'common') Object.assign(data, { onlyInEnglish: 'Only {{what}}', nested: { 'dotted.key': 'flat with dots' }, empty: '' });
  return JSON.parse(JSON.stringify(data)) as Record<string, unknown>;
};

const leaves = (obj: unknown, prefix = ''): [string, string][] =>
  Object.entries(obj as Record<string, unknown>).flatMap(([k, v]) =>
    v !== null && typeof v === 'object' ? leaves(v, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)] as [string, string]]);

let real: I18next;
let ours: Translator;

beforeAll(async () => {
  real = i18next.createInstance();
  await real.init({
    lng: 'en', fallbackLng: 'en', supportedLngs: [...LANGUAGES], ns: [...namespaces, 'custom'], defaultNS: 'common',
    interpolation: { escapeValue: false }, returnNull: false, load: 'currentOnly',
    resources: Object.fromEntries(LANGUAGES.map((l) => [l, Object.fromEntries([...namespaces, 'custom'].map((ns) => [ns, resources(l, ns)]))])),
  });
  ours = new Translator();
  await ours.init({ lng: 'en', fallbackLng: 'en', supportedLngs: [...LANGUAGES], ns: [...namespaces, 'custom'], defaultNS: 'common', read: async (l, ns) => resources(l, ns) });
  setTranslator(ours);
});

describe('the translator answers as i18next', () => {
  for (const lng of LANGUAGES) {
    it(`every key of every namespace in ${lng}, with counts and values`, { timeout: 60_000 }, async () => {
      await real.changeLanguage(lng);
      await ours.changeLanguage(lng);
      expect(ours.language).toBe(lng);
      let compared = 0;
      for (const ns of namespaces) {
        for (const [path, text] of leaves(resources('en', ns))) {
          const key = `${ns}:${path.replace(/_(zero|one|two|few|many|other)$/, '')}`;
          const vars = [...text.matchAll(/\{\{(.+?)\}\}/g)].map((m) => m[1]!.trim());
          const values = Object.fromEntries(vars.map((v) => [v, `<${v}>{{${v}}}&amp;`]));
          const cases: Record<string, unknown>[] = [{}, values, { ...values, count: 0 }, { ...values, count: 1 }, { ...values, count: 7 }, { count: 2 }];
          if (vars.length) cases.push({ [vars[0]!]: undefined }, { [vars[0]!]: null }, { [vars[0]!]: 42 });
          for (const opts of cases) {
            expect(ours.t(key, opts), `${lng} ${key} ${JSON.stringify(opts)}`).toBe(real.t(key, opts as never));
            compared += 1;
          }
          expect(ours.exists(key)).toBe(real.exists(key));
        }
      }
      expect(compared).toBeGreaterThan(1000);
    });
  }

  it('misses, defaults, the fallback, other languages, namespaces and sentence-like keys', async () => {
    await real.changeLanguage('zh-Hant');
    await ours.changeLanguage('zh-Hant');
    const cases: [string | string[], Record<string, unknown> | string | undefined][] = [
      ['common:noSuchKey', undefined], ['noSuchKey', undefined], ['layout:nope.deeper', undefined],
      ['common:noSuchKey', { defaultValue: 'Default {{x}}', x: 'y' }], ['common:noSuchKey', 'A default'],
      ['common:noSuchKey', { count: 1, defaultValue: 'many', defaultValue_one: 'one' }],
      ['common:noSuchKey', { count: 0, defaultValue: 'many', defaultValue_zero: 'none' }],
      ['common:onlyInEnglish', { what: 'English' }], ['onlyInEnglish', { what: 'English' }],
      ['common:nested.dotted.key', undefined], ['common:empty', undefined],
      ['common:layout', undefined], ['layout:header', undefined],
      ['Network error: try again. Or not', undefined], ['a:b:c', undefined], ['errors:a, b: c', undefined],
      [['common:noSuchKey', 'common:onlyInEnglish'], { what: 'x' }], [['nope1', 'nope2'], undefined],
      ['common:onlyInEnglish', { lng: 'zh-Hans', what: 'z' }], ['meta:home.title', { lng: 'en' }],
      ['home.title', { ns: 'meta' }], ['home.title', { ns: ['nope', 'meta'] }],
    ];
    for (const [key, opts] of cases) expect(ours.t(key, opts as never), JSON.stringify([key, opts])).toBe(real.t(key as never, opts as never));
    for (const key of ['common:onlyInEnglish', 'common:noSuchKey', 'layout:header', 'common:empty', 'Sentence: like this']) {
      expect(ours.exists(key), key).toBe(real.exists(key));
    }
    expect(ours.getFixedT('en', 'meta')('home.title')).toBe(real.getFixedT('en', 'meta')('home.title'));
  });
});

describe('<Trans> renders as react-i18next', () => {
  const cases: { key: string; values?: Record<string, unknown>; components: Record<string, ReactElement> | ReactElement[] }[] = [
    { key: 'checkout:confirm.terms', components: { terms: <a href="/t" />, privacy: <a href="/p" /> } },
    { key: 'custom:tags', values: { name: '<b>Mei</b> & {{x}}' }, components: { no: <span translate="no" /> } },
    { key: 'custom:indexed', components: [<a key="t" href="/terms" />] },
    { key: 'custom:basic', values: { n: 3 }, components: {} },
    { key: 'custom:selfClosing', components: { icon: <i className="icon">kept</i> } },
    { key: 'custom:plural', values: { count: 1, name: 'A' }, components: { no: <span translate="no" /> } },
    { key: 'custom:missing', components: {} },
  ];
  for (const { key, values, components } of cases) {
    it(key, async () => {
      for (const lng of LANGUAGES) {
        await real.changeLanguage(lng);
        await ours.changeLanguage(lng);
        const realHtml = renderToStaticMarkup(<RealTrans t={real.getFixedT(lng, 'common')} i18n={real} i18nKey={key} values={values} components={components} />);
        const ourHtml = renderToStaticMarkup(<Trans t={ours.getFixedT(lng, 'common')} i18nKey={key} values={values} components={components} />);
        expect(ourHtml, `${lng} ${key}`).toBe(realHtml);
      }
    });
  }
});

describe('useTranslation', () => {
  function Words({ ns }: { ns: string[] }) {
    const { t, i18n, ready } = useTranslation(ns);
    return <p>{`${t('home.title')}|${t('common:homeLink')}|${i18n.language}|${String(ready)}`}</p>;
  }

  it('suspends until its namespaces are in, then renders again on a language switch', async () => {
    const loads: string[] = [];
    const fresh = new Translator();
    await fresh.init({ lng: 'en', fallbackLng: 'en', supportedLngs: [...LANGUAGES], ns: ['common'], defaultNS: 'common', read: async (l, ns) => { loads.push(`${l}|${ns}`); return resources(l, ns); } });
    setTranslator(fresh);
    try {
      render(<Suspense fallback={<p>waiting</p>}><Words ns={['meta', 'common']} /></Suspense>);
      expect(await screen.findByText(`${real.t('meta:home.title', { lng: 'en' })}|${real.t('common:homeLink', { lng: 'en' })}|en|true`, {}, { timeout: 5000 })).toBeTruthy();
      expect(loads).toContain('en|meta');
      await act(async () => { await fresh.changeLanguage('zh-Hans'); });
      expect(loads).toEqual(expect.arrayContaining(['zh-Hans|common', 'zh-Hans|meta']));
      expect(screen.getByText(`${real.t('meta:home.title', { lng: 'zh-Hans' })}|${real.t('common:homeLink', { lng: 'zh-Hans' })}|zh-Hans|true`)).toBeTruthy();
    } finally {
      setTranslator(ours);
    }
  });

  it('a failed namespace counts as done (the fallback shows), as with i18next', async () => {
    const fresh = new Translator();
    await fresh.init({ lng: 'zh-Hant', fallbackLng: 'en', supportedLngs: [...LANGUAGES], ns: [], defaultNS: 'common', read: async (l, ns) => { if (l === 'zh-Hant') throw new Error('offline'); return resources(l, ns); } });
    await fresh.loadNamespaces(['meta']);
    expect(fresh.hasLoadedNamespace('meta')).toBe(true);
    expect(fresh.t('meta:home.title')).toBe(real.t('meta:home.title', { lng: 'en' }));
  });
});
