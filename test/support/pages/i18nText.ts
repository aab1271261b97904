/** Reads the product's own i18n files, so page objects find buttons by the words a customer sees in each language. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export type Lang = 'en' | 'zh-Hans' | 'zh-Hant';
const root = join(import.meta.dirname, '../../../i18n');
const cache = new Map<string, Record<string, unknown>>();

/** `ns:a.b.c` in a language; `{{x}}` placeholders are filled from `values`. */
export function textOf(lang: Lang, key: string, values: Record<string, string | number> = {}): string {
  const [ns, path] = key.split(':') as [string, string];
  const file = `${lang}/${ns}`;
  let bundle = cache.get(file);
  if (!bundle) { bundle = JSON.parse(readFileSync(join(root, `${file}.json`), 'utf8')) as Record<string, unknown>; cache.set(file, bundle); }
  let node: unknown = bundle;
  for (const part of path.split('.')) node = (node as Record<string, unknown>)?.[part];
  if (typeof node !== 'string') throw new Error(`no text ${lang} ${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
}
