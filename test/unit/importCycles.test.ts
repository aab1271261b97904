/**
 * Imports run one way (ARCHITECTURE.md: domain, contract <- machines <- (server | api <- app <- screens), and the
 * gateway's areas through their index.ts), so the files of src/ (the gateway included), screens/, machines/ and i18n/
 * form no circle. Dynamic import() counts: the
 * route table's lazy import of a screen that imports the route table back is exactly the circle this guards against.
 * Type-only imports count too: they tie the files together for the reader as much as for the compiler.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const SCANNED = ['src', 'screens', 'machines', 'i18n'];
const CODE = /\.(ts|tsx)$/;
const RESOLVE_SUFFIXES = ['.ts', '.tsx', '/index.ts', '/index.tsx', '.json'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return CODE.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** A relative specifier as the bundler finds it: the file itself, or with .ts, .tsx, /index.ts(x), .json. */
function resolveSpecifier(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, ...RESOLVE_SUFFIXES.map((suffix) => `${base}${suffix}`)];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

interface Graph { edges: Map<string, string[]>; unresolved: string[] }

function importGraph(): Graph {
  const files = SCANNED.flatMap((dir) => sourceFiles(join(root, dir)));
  const edges = new Map<string, string[]>();
  const unresolved: string[] = [];
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = new Set<string>();
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = resolveSpecifier(file, fileName);
      if (!target) unresolved.push(`${relative(root, file)} -> ${fileName}`);
      else if (CODE.test(target)) targets.add(target);
    }
    edges.set(file, [...targets]);
  }
  return { edges, unresolved };
}

/** Tarjan's strongly connected components: every component of more than one file (or a file importing itself) holds a cycle. */
function tangles(edges: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter);
    counter += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (edges.get(v) ?? []).includes(v)) found.push(component);
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** One circle through a component, as a readable path: the shortest way from its first file back to itself. */
function oneCycle(component: string[], edges: Map<string, string[]>): string[] {
  const members = new Set(component);
  const start = [...component].sort()[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of edges.get(v) ?? []) {
      if (!members.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(previous.get(path[0]!)!);
        return [...path, start];
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start];
}

describe('import graph of src (the gateway included), screens, machines and i18n', () => {
  const { edges, unresolved } = importGraph();

  it('resolves every relative import to a file', () => {
    expect(edges.size).toBeGreaterThan(100);
    expect(unresolved).toEqual([]);
  });

  it('has no import cycle, dynamic import() included', () => {
    const cycles = tangles(edges).map((component) => {
      const cycle = oneCycle(component, edges).map((f) => relative(root, f));
      const files = component.map((f) => relative(root, f)).sort();
      return `${files.length} files tied in a circle (${files.join(', ')}), e.g. ${cycle.join(' -> ')}`;
    });
    expect(cycles).toEqual([]);
  });
});
