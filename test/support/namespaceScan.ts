/**
 * Which i18n namespaces a module uses, following what it imports (decision 0023): a route declares the namespaces of
 * its screen (src/app/routes.ts) and its loader awaits them before render; test/unit/routeNamespaces.test.ts checks
 * each declaration against this scan. Reads `useTranslation('ns')` / `useTranslation(['a', 'b'])` (none: 'common'),
 * `'ns:key'` literals and `ns: 'x'` options. Follows static imports only, type-only imports not at all (they run no
 * code), and through a module that only re-exports (src/app/forScreens.ts, screens/<area>/index.ts) only the names
 * taken from it. A module fetched by a dynamic import() loads its own namespaces and is not followed.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';

export const ROOT = resolve(import.meta.dirname, '../..');
const SUFFIXES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];
const REEXPORT_ONLY = /\/(src\/app\/forScreens|screens\/[A-Za-z]+\/index)\.ts$/;
/** The route table names every screen and every page title: its users are the router and the shell, not screens. */
const NOT_FOLLOWED = /\/(src\/app\/routes\.ts|src\/app\/router\.tsx|i18n\/index\.ts|i18n\/resources\.ts)$/;

const resolveFile = (from: string, specifier: string): string | null => {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  return SUFFIXES.map((s) => `${base}${s}`).find((c) => existsSync(c) && statSync(c).isFile() && /\.tsx?$/.test(c)) ?? null;
};

interface Parsed {
  namespaces: Set<string>;
  /** Static runtime imports: the file, and the names taken ('*' for the whole module). */
  imports: { file: string; names: string[] | '*' }[];
  /** For a re-export-only module: exported name -> file. */
  reexports: Map<string, string>;
  reexportAll: string[];
}

const cache = new Map<string, Parsed>();
const KNOWN = new Set(readdirSync(join(ROOT, 'i18n', 'en')).filter((f) => f.endsWith('.json')).map((f) => f.replace('.json', '')));

function namespacesIn(text: string): Set<string> {
  const found = new Set<string>();
  for (const m of text.matchAll(/useTranslation\(\s*(\)|'(\w+)'|\[([^\]]*)\])/g)) {
    if (m[1] === ')') found.add('common');
    else if (m[2]) found.add(m[2]);
    else for (const n of m[3]!.matchAll(/'(\w+)'/g)) found.add(n[1]!);
  }
  for (const m of text.matchAll(/['"`](\w+):[\w.$]/g)) if (KNOWN.has(m[1]!)) found.add(m[1]!);
  for (const m of text.matchAll(/\bns:\s*(?:'(\w+)'|\[([^\]]*)\])/g)) {
    if (m[1]) found.add(m[1]);
    else for (const n of m[2]!.matchAll(/'(\w+)'/g)) found.add(n[1]!);
  }
  return new Set([...found].filter((n) => KNOWN.has(n)));
}

function parse(file: string): Parsed {
  const hit = cache.get(file);
  if (hit) return hit;
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const parsed: Parsed = { namespaces: namespacesIn(text), imports: [], reexports: new Map(), reexportAll: [] };
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const target = resolveFile(file, node.moduleSpecifier.text);
      const clause = node.importClause;
      if (!target || clause?.isTypeOnly) continue;
      const bindings = clause?.namedBindings;
      if (clause && !clause.name && bindings && ts.isNamedImports(bindings)) {
        const names = bindings.elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text);
        if (names.length) parsed.imports.push({ file: target, names });
      } else {
        parsed.imports.push({ file: target, names: '*' });
      }
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && !node.isTypeOnly) {
      const target = resolveFile(file, node.moduleSpecifier.text);
      if (!target) continue;
      if (node.exportClause && ts.isNamedExports(node.exportClause)) {
        for (const e of node.exportClause.elements) if (!e.isTypeOnly) parsed.reexports.set(e.name.text, target);
      } else {
        parsed.reexportAll.push(target);
      }
      if (!REEXPORT_ONLY.test(file)) parsed.imports.push({ file: target, names: '*' });
    }
  }
  cache.set(file, parsed);
  return parsed;
}

/** What `entry` statically imports, followed as the namespace scan follows it: the files, and the namespaces they use. */
function walk(entry: string): { files: Set<string>; namespaces: Set<string> } {
  const seen = new Set<string>();
  const found = new Set<string>();
  const visit = (file: string, names: string[] | '*') => {
    if (NOT_FOLLOWED.test(file)) return;
    if (REEXPORT_ONLY.test(file)) {
      const p = parse(file);
      if (names === '*') {
        for (const target of [...new Set(p.reexports.values()), ...p.reexportAll]) visit(target, '*');
        return;
      }
      for (const name of names) {
        const target = p.reexports.get(name);
        if (target) visit(target, '*');
        else for (const all of p.reexportAll) visit(all, [name]);
      }
      return;
    }
    if (seen.has(file)) return;
    seen.add(file);
    const p = parse(file);
    for (const n of p.namespaces) found.add(n);
    for (const i of p.imports) visit(i.file, i.names);
  };
  const file = resolveFile(join(ROOT, 'x'), `./${entry}`);
  if (!file) throw new Error(`no module ${entry}`);
  visit(file, '*');
  return { files: seen, namespaces: found };
}

/** The namespaces `entry` and everything it statically imports use (sorted). */
export function moduleNamespaces(entry: string): string[] {
  return [...walk(entry).namespaces].sort();
}

/** The modules `entry` loads with it (static imports, followed), as paths relative to the project. */
export function moduleFiles(entry: string): string[] {
  return [...walk(entry).files].map((f) => f.slice(ROOT.length + 1)).sort();
}

/** A route's `screen: () => import('…')` as the path of the module it loads, relative to the project. */
export function importedPath(load: () => Promise<unknown>): string {
  // As written (relative to src/app), or as Vitest rewrote it (from the project's root).
  const m = /(?:import|__vite_ssr_dynamic_import__)\(\s*['"]([^'"]+)['"]/.exec(load.toString());
  if (!m) throw new Error(`no import() in ${load.toString()}`);
  return m[1]!.startsWith('/') ? m[1]!.slice(1) : join('src/app', m[1]!);
}
