/**
 * Server-side translation: reads i18n/<lang>/<namespace>.json with fs (the client bundles the same files
 * through Vite). `t(lang, 'ns:key.path', vars)` with {{var}} interpolation and `_one`/`_other` plurals on `count`.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../i18n/languages';

type Tree = { [key: string]: string | Tree };
export type Vars = Record<string, string | number>;
export type Translate = (key: string, vars?: Vars) => string;

const I18N_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'i18n');

const load = (): Record<Language, Record<string, Tree>> => {
  const out = {} as Record<Language, Record<string, Tree>>;
  for (const lang of LANGUAGES) {
    out[lang] = {};
    const dir = join(I18N_DIR, lang);
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir)) {
      if (file.endsWith('.json')) out[lang][file.slice(0, -5)] = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Tree;
    }
  }
  return out;
};

const resources = load();

const lookup = (lang: Language, ns: string, path: string): string | undefined => {
  let node: string | Tree | undefined = resources[lang][ns];
  for (const part of path.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
};

const interpolate = (text: string, vars?: Vars) =>
  vars ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : text;

/** True when the key exists in the language (or in English). */
export const hasKey = (lang: Language, key: string): boolean => {
  const [ns, path] = splitKey(key);
  return lookup(lang, ns, path) !== undefined || lookup(DEFAULT_LANGUAGE, ns, path) !== undefined;
};

const splitKey = (key: string): [string, string] => {
  const i = key.indexOf(':');
  return i < 0 ? ['errors', key] : [key.slice(0, i), key.slice(i + 1)];
};

export function t(lang: Language, key: string, vars?: Vars): string {
  const [ns, path] = splitKey(key);
  const candidates = typeof vars?.count === 'number' ? [`${path}_${vars.count === 1 ? 'one' : 'other'}`, path] : [path];
  for (const l of [lang, DEFAULT_LANGUAGE]) {
    for (const p of candidates) {
      const found = lookup(l, ns, p);
      // `<no>…</no>` marks verbatim parts (order numbers, what was typed) for the web pages (translate="no"); a PDF,
      // an email or an error message shows the text alone.
      if (found !== undefined) return interpolate(found, vars).replace(/<\/?no>/g, '');
    }
  }
  return key;
}

export const translator = (lang: Language): Translate => (key, vars) => t(lang, key, vars);
