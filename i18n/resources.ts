import type { Language } from './languages';

/**
 * All namespaces of all three languages for Vite and Vitest (import.meta.glob). The gateway, run by tsx,
 * reads the same JSON files with fs (src/server/i18n.ts).
 * Files: i18n/<lang>/<namespace>.json. The key sets of the three languages must be identical (test/unit/i18n).
 */
type Resources = Record<string, Record<string, unknown>>;

const eager = import.meta.glob<{ default: Record<string, unknown> }>('./*/*.json', { eager: true });

export const NAMESPACES = [...new Set(Object.keys(eager).map((p) => p.split('/')[2]!.replace('.json', '')))].sort();

export const resourcesFor = (lang: Language): Resources => {
  const out: Resources = {};
  for (const [path, mod] of Object.entries(eager)) {
    const [, l, file] = path.split('/');
    if (l === lang) out[file!.replace('.json', '')] = mod.default;
  }
  return out;
};
