/**
 * Every namespace of every language for Vite and Vitest (import.meta.glob), each its own chunk loaded on demand
 * (i18n/index.ts), so the browser downloads only the languages it shows and the namespaces its screens use. The
 * gateway, run by tsx, reads the same JSON files with fs (src/server/i18n.ts). Files: i18n/<lang>/<namespace>.json;
 * the three key sets must be identical.
 */
const files = import.meta.glob<{ default: Record<string, unknown> }>('./*/*.json');

const parse = (path: string) => {
  const [, lang, file] = path.split('/');
  return { lang: lang!, ns: file!.replace('.json', '') };
};

export const NAMESPACES = [...new Set(Object.keys(files).map((p) => parse(p).ns))].sort();

/** One namespace of one language (its own small chunk); empty when there is no such file. */
export async function loadNamespace(lang: string, ns: string): Promise<Record<string, unknown>> {
  const load = files[`./${lang}/${ns}.json`];
  return load ? (await load()).default : {};
}
