/**
 * The React side of the product's translator (i18n/runtime.ts, decision 0048), under the name the screens import:
 * vite.config.ts, vitest.config.ts and tsconfig.json resolve `react-i18next` to this file. It keeps react-i18next 17's
 * behaviour for what the product uses:
 *  - `useTranslation(ns | ns[])`: `t` defaults to the first namespace (`other:key` reaches the others); the component
 *    suspends until each namespace is loaded in the language and the fallback (the router loads a screen's with its
 *    code, so this is for the rare part that needs one more); it renders again, with a new `t` and a new `i18n`
 *    object, when the language changes or a namespace arrives; the result is `[t, i18n, ready]` with those names too;
 *  - `<Trans t i18nKey values components>`: tags in the translation (`<no>…</no>`, `<terms/>`, `<0>…</0>`) become the
 *    given elements with the text inside as their children; `<br/>`, `<strong>`, `<i>`, `<p>` stay those elements; the
 *    values fill `{{name}}` in the text only, so what a customer typed is never read as a tag;
 *  - `I18nextProvider` (the one translator: it renders its children).
 */
import { Children, Fragment, cloneElement, createElement, useMemo, useRef, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { interpolate, type TFunction, type Translator } from './runtime';

export type { TFunction, TOptions } from './runtime';

let instance: Translator | null = null;

/** Makes a translator the one the hooks use (i18n/index.ts, at its creation). */
export function setTranslator(translator: Translator): void {
  instance = translator;
}

const translator = (): Translator => {
  if (!instance) throw new Error('i18n: no translator (i18n/index.ts sets it)');
  return instance;
};

export function I18nextProvider({ children }: { i18n?: Translator; children?: ReactNode }) {
  return <>{children}</>;
}

/** What useTranslation gives: an array `[t, i18n, ready]` with the names `t`, `i18n` and `ready`. */
export type UseTranslationResponse = [TFunction, Translator, boolean] & { t: TFunction; i18n: Translator; ready: boolean };

interface Snapshot { t: TFunction; i18n: Translator; ready: boolean; lng: string; revision: number }

export function useTranslation(ns?: string | readonly string[]): UseTranslationResponse {
  const i18n = translator();
  const key = (ns === undefined ? [i18n.options.defaultNS] : typeof ns === 'string' ? [ns] : [...ns]).join('\u0000');
  const namespaces = useMemo(() => key.split('\u0000'), [key]);
  i18n.reportNamespaces?.addUsedNamespaces(namespaces);

  const revision = useRef(0);
  const last = useRef<Snapshot | null>(null);
  const subscribe = useMemo(() => (callback: () => void) => {
    const changed = () => { revision.current += 1; callback(); };
    i18n.on('languageChanged', changed).on('added', changed);
    return () => { i18n.off('languageChanged', changed).off('added', changed); };
  }, [i18n]);
  const getSnapshot = useMemo(() => (): Snapshot => {
    const ready = i18n.isInitialized && namespaces.every((n) => i18n.hasLoadedNamespace(n));
    const lng = i18n.language;
    const prev = last.current;
    if (prev && prev.ready === ready && prev.lng === lng && prev.revision === revision.current) return prev;
    // A new object per change (as react-i18next's wrapper), reading and calling the one translator: effects and memos
    // that depend on `i18n` run again.
    const view = new Proxy(i18n, { get: (target, p) => { const v: unknown = Reflect.get(target, p, target); return typeof v === 'function' ? v.bind(target) : v; } });
    const next = { t: i18n.getFixedT(lng, namespaces[0]), i18n: view, ready, lng, revision: revision.current };
    last.current = next;
    return next;
  }, [i18n, namespaces]);
  const { t, i18n: view, ready } = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  if (!ready) throw i18n.loadNamespaces(namespaces);
  return useMemo(() => Object.assign([t, view, ready] as [TFunction, Translator, boolean], { t, i18n: view, ready }), [t, view, ready]);
}

/** The tags a translation may hold. */
type Node = { text: string } | { tag: string; children: Node[] };
const TAG = /<(\/?)([A-Za-z0-9]+)\s*(\/?)>/g;
const BASIC_HTML = ['br', 'strong', 'i', 'p'];

/** `<name>…</name>`, `<name/>`, `<0>…</0>` into a tree; a tag not allowed stays text, as react-i18next's parser leaves it. */
function parse(text: string, allowed: (name: string) => boolean): Node[] {
  const root: Node[] = [];
  const stack: { tag: string; children: Node[] }[] = [];
  const top = () => stack.at(-1)?.children ?? root;
  let at = 0;
  for (const m of text.matchAll(TAG)) {
    const [whole, closing, name, selfClosing] = m;
    if (!allowed(name!)) continue;
    if (m.index > at) top().push({ text: text.slice(at, m.index) });
    at = m.index + whole.length;
    if (selfClosing || name === 'br') top().push({ tag: name!, children: [] });
    else if (!closing) stack.push({ tag: name!, children: [] });
    else {
      const open = stack.pop();
      if (open) top().push(open);
    }
  }
  if (at < text.length) top().push({ text: text.slice(at) });
  while (stack.length) {
    const open = stack.pop()!;
    top().push(open);
  }
  return root;
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&', '&#38;': '&', '&lt;': '<', '&#60;': '<', '&gt;': '>', '&#62;': '>', '&apos;': "'", '&#39;': "'", '&quot;': '"', '&#34;': '"',
  '&nbsp;': '\u00A0', '&#160;': '\u00A0', '&copy;': '©', '&#169;': '©', '&reg;': '®', '&#174;': '®', '&hellip;': '…', '&#8230;': '…', '&#x2F;': '/', '&#47;': '/',
};
const unescape = (text: string) => text.replace(/&(?:amp|#38|lt|#60|gt|#62|apos|#39|quot|#34|nbsp|#160|copy|#169|reg|#174|hellip|#8230|#x2F|#47);/g, (m) => ENTITIES[m]!);

interface TransProps {
  t?: TFunction;
  i18nKey: string;
  values?: Record<string, unknown>;
  components?: readonly ReactElement[] | Record<string, ReactElement>;
  count?: number;
  ns?: string;
}

export function Trans({ t, i18nKey, values, components, count, ns }: TransProps): ReactNode {
  const translate = t ?? translator().t;
  const n = count ?? (typeof values?.count === 'number' ? values.count : undefined);
  // The translation is read with its placeholders kept (each value given as `{{name}}`), and the values fill the text
  // once its tags are known.
  const template = translate(i18nKey, { ...placeholders(values), ...(n === undefined ? {} : { count: n }), ...(ns ? { ns } : {}), defaultValue: i18nKey });
  const given = components ?? {};
  const lookup = (name: string): ReactElement | undefined => (given as Record<string, ReactElement | undefined>)[name];
  const allowed = (name: string) => lookup(name) !== undefined || BASIC_HTML.includes(name);
  const data = { ...values, ...(n === undefined ? {} : { count: n }) };
  const render = (nodes: Node[]): ReactNode[] => nodes.map((node, i) => {
    if ('text' in node) return interpolate(unescape(node.text), data);
    const inner = render(node.children);
    const element = lookup(node.tag);
    if (!element) return createElement(node.tag, { key: `${node.tag}-${i}` }, node.tag === 'br' ? undefined : inner);
    return cloneElement(element, { key: i }, ...(inner.length ? inner : Children.toArray((element.props as { children?: ReactNode }).children)));
  });
  return createElement(Fragment, null, ...render(parse(template, allowed)));
}

/** Each value as its own `{{name}}`, so the template comes back with its placeholders. */
const placeholders = (values: Record<string, unknown> | undefined): Record<string, string> =>
  Object.fromEntries(Object.keys(values ?? {}).map((k) => [k, `{{${k}}}`]));

/** Kept so code written for react-i18next's plugin registration reads the same; the translator needs none. */
export const initReactI18next = { type: '3rdParty' as const, init() { /* nothing */ } };
