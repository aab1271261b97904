import type { Language } from './languages';

/**
 * All namespaces of a language for Vite and Vitest (import.meta.glob), loaded lazily so the browser
 * downloads only the languages it shows. The gateway, run by tsx, reads the same JSON files with fs
 * (src/server/i18n.ts). Files: i18n/<lang>/<namespace>.json; the three key sets must be identical.
 */
type Resources = Record<string, Record<string, unknown>>;

const files = import.meta.glob<{ default: Record<string, unknown> }>('./*/*.json');

const parse = (path: string) => {
  const [, lang, file] = path.split('/');
  return { lang: lang!, ns: file!.replace('.json', '') };
};

export const NAMESPACES = [...new Set(Object.keys(files).map((p) => parse(p).ns))].sort();

export async function loadResources(lang: Language): Promise<Resources> {
  const entries = Object.entries(files).filter(([path]) => parse(path).lang === lang);
  const loaded = await Promise.all(entries.map(async ([path, load]) => [parse(path).ns, (await load()).default] as const));
  return Object.fromEntries(loaded);
}
