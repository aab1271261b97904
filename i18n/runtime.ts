/**
 * The product's translator (decision 0048): the part of i18next the client uses, with i18next's rules, in about 2 KB
 * instead of i18next's 15.5 KB gzipped in every first load. What it does, as i18next 26 does with the options the
 * product set (`fallbackLng: 'en'`, `load: 'currentOnly'`, `escapeValue: false`, `returnNull: false`):
 *  - keys `ns:a.b` (namespace before the first `:`, the rest joined by `.`; a key that reads like a sentence, with a
 *    space, `,`, `?`, `!` or `;` before its first `.`, is not split), nested JSON or flat keys with dots;
 *  - the language, then English; a namespace not loaded in one is looked up in the next;
 *  - plurals by `count` (Intl.PluralRules of the language looked up: `_zero` first when the count is 0, then `_one`,
 *    `_other`..., then the bare key), `defaultValue` (or a string as second argument), else the key itself;
 *  - `{{name}}` (and `{{a.b}}`) from the options; a value is never read again for `{{`; a name the options lack stays
 *    as written, a name they hold as undefined or null becomes empty;
 *  - namespaces fetched per language through `read` (a failed read counts as done, as i18next's does, so a page shows
 *    its fallback instead of waiting), `languageChanged` after a switch's namespaces are in, `added` when a bundle
 *    arrives.
 * Not supported, because nothing uses them (i18next would have): nesting `$t()`, formats `{{x, fmt}}`, `{{- x}}`,
 * context, ordinal plurals, returnObjects, post-processors. A key resolving to an object answers i18next 26's sentence.
 */
export type TOptions = Record<string, unknown> & {
  count?: number;
  defaultValue?: string;
  lng?: string;
  ns?: string | readonly string[];
};
export type TFunction = (key: string | readonly string[], options?: TOptions | string) => string;
type Bundle = Record<string, unknown>;
type Listener = (...args: never[]) => void;

export interface TranslatorOptions {
  lng: string;
  fallbackLng: string;
  supportedLngs: readonly string[];
  /** Namespaces loaded by init; later loads add theirs, and a language switch loads all of them. */
  ns: string[];
  defaultNS: string;
  read: (lng: string, ns: string) => Promise<Bundle>;
}

const NATURAL_LANGUAGE = /[ ,?!;]/;
const VARIABLE = /\{\{(.+?)\}\}/g;

/** i18next's deepFind: a path through nested objects, where a segment may itself hold dots ("a.b" as one key). */
function deepFind(obj: unknown, path: string): unknown {
  if (!obj || typeof obj !== 'object') return undefined;
  const o = obj as Record<string, unknown>;
  if (Object.hasOwn(o, path) && o[path]) return o[path];
  const tokens = path.split('.');
  let current: unknown = o;
  for (let i = 0; i < tokens.length;) {
    if (!current || typeof current !== 'object') return undefined;
    let next: unknown;
    let nextPath = '';
    for (let j = i; j < tokens.length; j += 1) {
      nextPath += (j === i ? '' : '.') + tokens[j];
      next = Object.hasOwn(current, nextPath) ? (current as Record<string, unknown>)[nextPath] : undefined;
      if (next !== undefined) {
        if (['string', 'number', 'boolean'].includes(typeof next) && j < tokens.length - 1) continue;
        i = j + 1;
        break;
      }
    }
    if (next === undefined) return undefined;
    current = next;
  }
  return current;
}

function getPath(obj: unknown, path: string[]): unknown {
  let current = obj;
  for (const segment of path) {
    if (!current || typeof current !== 'object' || !Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

const isValid = (res: unknown) => res !== undefined && res !== null;
const makeString = (value: unknown) => (value == null ? '' : String(value));

/** `{{name}}` from `data`, once: what a value brings in is not read again (i18next's skipOnVariables). */
export function interpolate(text: string, data: Record<string, unknown>): string {
  return text.replace(VARIABLE, (match, name: string) => {
    const k = name.trim();
    const value = Object.hasOwn(data, k) ? data[k] : deepFind(data, k);
    if (value === undefined) return Object.hasOwn(data, k) ? '' : match;
    return makeString(value);
  });
}

const pluralRules = new Map<string, Intl.PluralRules>();
const pluralSuffix = (lng: string, count: number) => {
  let rules = pluralRules.get(lng);
  if (!rules) {
    try {
      rules = new Intl.PluralRules(lng);
    } catch {
      rules = new Intl.PluralRules('en');
    }
    pluralRules.set(lng, rules);
  }
  return `_${rules.select(count)}`;
};

type LoadState = 'pending' | 'loaded' | 'failed';

export class Translator {
  language = '';
  /** The language and its fallback, in lookup order (i18next's `languages`). */
  languages: string[] = [];
  isInitialized = false;
  options: TranslatorOptions = { lng: 'en', fallbackLng: 'en', supportedLngs: ['en'], ns: [], defaultNS: 'common', read: async () => ({}) };
  /** The namespaces the components asked for (the server's render reads them, decision 0022). */
  reportNamespaces?: { addUsedNamespaces(ns: readonly string[]): void; getUsedNamespaces(): string[] };
  private readonly data: Record<string, Record<string, Bundle>> = {};
  private readonly state = new Map<string, LoadState>();
  private readonly pending = new Map<string, Promise<void>>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private changingTo: string | null = null;

  /** Bound, as i18next's `t` is usable apart from its instance. */
  readonly t: TFunction = (key, options) => this.translate(key, options);

  on(event: string, listener: Listener): this {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
    return this;
  }

  off(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  private emit(event: string, ...args: unknown[]) {
    for (const listener of [...(this.listeners.get(event) ?? [])]) (listener as (...a: unknown[]) => void)(...args);
  }

  async init(options: TranslatorOptions): Promise<TFunction> {
    this.options = { ...options, ns: [...new Set(options.ns)] };
    await this.changeLanguage(options.lng);
    this.isInitialized = true;
    this.emit('initialized', this.options);
    return this.t;
  }

  /** A language and the fallback, as i18next's toResolveHierarchy with `load: 'currentOnly'`. */
  hierarchy(lng: string): string[] {
    const supported = this.options.supportedLngs;
    return [...new Set([lng, this.options.fallbackLng])].filter((l) => supported.includes(l));
  }

  private load(lng: string, ns: string): Promise<void> {
    const id = `${lng}|${ns}`;
    const state = this.state.get(id);
    if (state === 'loaded' || state === 'failed') return Promise.resolve();
    let pending = this.pending.get(id);
    if (!pending) {
      this.state.set(id, 'pending');
      pending = this.options.read(lng, ns).then((bundle) => {
        (this.data[lng] ??= {})[ns] = { ...(this.data[lng]?.[ns] ?? {}), ...bundle };
        this.state.set(id, 'loaded');
        this.pending.delete(id);
        this.emit('added', lng, ns);
      }, () => {
        this.state.set(id, 'failed');
        this.pending.delete(id);
      });
      this.pending.set(id, pending);
    }
    return pending;
  }

  private async loadAll(lngs: readonly string[], namespaces: readonly string[]): Promise<void> {
    await Promise.all(lngs.flatMap((lng) => namespaces.map((ns) => this.load(lng, ns))));
  }

  /** Loads namespaces for the language and its fallback; they load for any later language too. */
  async loadNamespaces(ns: string | readonly string[]): Promise<void> {
    const list = typeof ns === 'string' ? [ns] : [...ns];
    for (const n of list) if (!this.options.ns.includes(n)) this.options.ns.push(n);
    await this.loadAll(this.languages.length ? this.languages : this.hierarchy(this.options.lng), list);
  }

  /** Loads every namespace in use for these languages (the server renders in all three). */
  async loadLanguages(lngs: string | readonly string[]): Promise<void> {
    await this.loadAll(typeof lngs === 'string' ? [lngs] : lngs, this.options.ns);
  }

  /** Loaded (or failed) in the language and in the fallback: a screen using it can render. */
  hasLoadedNamespace(ns: string, options: { lng?: string } = {}): boolean {
    if (!this.isInitialized) return false;
    const lng = options.lng ?? this.languages[0];
    const last = this.languages.at(-1);
    const done = (l: string | undefined) => {
      if (!l) return true;
      const state = this.state.get(`${l}|${ns}`);
      return state === 'loaded' || state === 'failed';
    };
    if (lng && this.data[lng]?.[ns]) return true;
    return done(lng) && done(last);
  }

  /** Switches once the namespaces in use are loaded in the new language; then `languageChanged`. */
  async changeLanguage(lng: string): Promise<TFunction> {
    const target = this.options.supportedLngs.includes(lng) ? lng : this.options.fallbackLng;
    this.changingTo = target;
    const hierarchy = this.hierarchy(target);
    await this.loadAll(hierarchy, this.options.ns);
    if (this.changingTo === target) {
      this.changingTo = null;
      this.language = target;
      this.languages = hierarchy;
      this.emit('languageChanged', target);
    }
    return this.t;
  }

  /** A `t` bound to a language (null: the current one at each call) and a default namespace. */
  getFixedT(lng: string | null, ns?: string | readonly string[]): TFunction {
    const fixed: TFunction = (key, options) => {
      const opts: TOptions = typeof options === 'string' ? { defaultValue: options } : { ...options };
      if (lng && opts.lng === undefined) opts.lng = lng;
      if (ns !== undefined && opts.ns === undefined) opts.ns = ns;
      return this.translate(key, opts);
    };
    return fixed;
  }

  private extractFromKey(key: string, opt: TOptions): { key: string; namespaces: string[] } {
    const ns = opt.ns ?? this.options.defaultNS;
    let namespaces = typeof ns === 'string' ? [ns] : [...ns];
    if (key.includes(':') && !this.seemsNaturalLanguage(key)) {
      const parts = key.split(':');
      namespaces = [parts.shift()!];
      key = parts.join('.');
    }
    return { key, namespaces };
  }

  /** i18next's looksLikeObjectPath, negated: such a key is taken whole, not as `ns:key`. */
  private seemsNaturalLanguage(key: string): boolean {
    if (!NATURAL_LANGUAGE.test(key)) return false;
    const dot = key.indexOf('.');
    return !(dot > 0 && !NATURAL_LANGUAGE.test(key.slice(0, dot)));
  }

  private getResource(lng: string, ns: string, key: string): unknown {
    const bundle = this.data[lng]?.[ns];
    const found = getPath(bundle, key.split('.'));
    return found ?? deepFind(bundle, key);
  }

  private resolve(keys: readonly string[], opt: TOptions): unknown {
    // As i18next: any count but a string asks for a plural form (null reads as 0, for the form only).
    const plural = opt.count !== undefined && typeof opt.count !== 'string';
    const codes = this.hierarchy(opt.lng ?? this.language);
    for (const k of keys) {
      const { key, namespaces } = this.extractFromKey(k, opt);
      for (const ns of namespaces) {
        for (const code of codes) {
          const candidates = [key];
          if (plural) {
            candidates.push(key + pluralSuffix(code, opt.count!));
            if (opt.count === 0) candidates.push(`${key}_zero`);
          }
          // Tried from the last: `_zero`, the plural form, then the key itself.
          for (let i = candidates.length - 1; i >= 0; i -= 1) {
            const found = this.getResource(code, ns, candidates[i]!);
            if (isValid(found)) return found;
          }
        }
      }
    }
    return undefined;
  }

  /** Whether a key has a value (in the language or the fallback). */
  exists(key: string | readonly string[], options: TOptions = {}): boolean {
    return this.resolve(typeof key === 'string' ? [key] : key, options) !== undefined;
  }

  private translate(keyOrKeys: string | readonly string[], options?: TOptions | string): string {
    const opt: TOptions = typeof options === 'string' ? { defaultValue: options } : { ...options };
    if (keyOrKeys == null) return '';
    const keys = (typeof keyOrKeys === 'string' ? [keyOrKeys] : [...keyOrKeys]).map(String);
    const { key } = this.extractFromKey(keys.at(-1)!, opt);
    let res = this.resolve(keys, opt);
    if (res !== null && typeof res === 'object') return `key '${key} (${this.language})' returned an object instead of string.`;
    if (!isValid(res)) {
      const plural = opt.count !== undefined && typeof opt.count !== 'string';
      const suffix = plural ? pluralSuffix(opt.lng ?? this.language, opt.count!) : '';
      const byCount = plural && opt.count === 0 ? opt.defaultValue_zero : undefined;
      res = byCount || opt[`defaultValue${suffix}`] || opt.defaultValue;
    }
    if (!isValid(res)) res = key;
    return interpolate(makeString(res), opt);
  }
}
