/**
 * The QA commands as a QA engineer runs them (`npm run paths`, `npm run coverage`; README "QA from the command line"):
 * each spawned as its own process, its output read back and checked against the charts themselves.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import ts from 'typescript';
import { buildSync } from 'esbuild';
import { allStates, allTransitions } from '../../machines/chart';
import { chartById, charts } from '../../machines/index';
import { models } from '../../machines/models/index';
import { coverageOf } from './toolkit/coverage';
import { generatePaths } from '../../machines/paths';
import { screenPaths } from '../../machines/models/screens';
import { newRecorder, runPathPure } from './toolkit/run';

/**
 * Each command is bundled once (esbuild, as tsx would transpile it) and every case spawns node on the bundle: the
 * eleven runs read the same code as `npm run paths` / `npm run coverage`, without transpiling the charts eleven times.
 */
const bundles = mkdtempSync(join(tmpdir(), 'qa-cli-'));
const built = new Map<string, string>();
const bundle = (script: string): string => {
  if (!built.has(script)) {
    const outfile = join(bundles, `${script}.mjs`);
    buildSync({ entryPoints: [`scripts/${script}.ts`], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile, logLevel: 'error' });
    built.set(script, outfile);
  }
  return built.get(script)!;
};
afterAll(() => rmSync(bundles, { recursive: true, force: true }));

const run = (script: string, ...args: string[]) => {
  const r = spawnSync(process.execPath, [bundle(script), ...args], { encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

interface Printed { covers: { id: string; from: string; to: string[] }; steps: { event: string; payload: Record<string, unknown>; state: unknown; took: string[] }[] }

describe('npm run paths', () => {
  it('prints one path per transition of the chart, each ending with the step that takes it (json)', () => {
    const r = run('paths', 'tracking', '--format', 'json');
    expect(r.code, r.err).toBe(0);
    const printed = JSON.parse(r.out) as { chart: string; paths: Printed[] };
    expect(printed.chart).toBe('tracking');
    const generated = generatePaths(models.tracking!);
    expect(printed.paths.map((p) => p.covers.id)).toEqual(generated.map((p) => p.transition.id));
    const ids = new Set(allTransitions(chartById('tracking')!.machine).map((t) => t.id));
    for (const p of printed.paths) {
      expect(p.steps.at(-1)!.took, p.covers.id).toContain(p.covers.id);
      for (const step of p.steps) for (const t of step.took) expect(ids.has(t), t).toBe(true);
    }
    // The payload that chose a branch is printed: the tracking code's wrong and right answers differ.
    expect(printed.paths.some((p) => p.steps.some((s) => Object.keys(s.payload).length > 0))).toBe(true);
  });

  it('--to a state prints the shortest path that ends in it; the text names each step and the state reached', () => {
    const r = run('paths', 'checkout', '--to', 'checkout.paymentExpired');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('1 path at the pure depth to checkout.paymentExpired');
    expect(r.out).toMatch(/xstate\.done\.actor\.payment \{"output":\{"outcome":"expired"/);
    expect(r.out.trim().split('\n').at(-1)).toMatch(/→ paymentExpired +took checkout\.paying:xstate\.done\.actor\.payment:1$/);
  });

  it('prints a Playwright skeleton that parses as TypeScript, with a verb per event the customer sends', () => {
    const r = run('paths', 'topUp', '--format', 'playwright');
    expect(r.code, r.err).toBe(0);
    const parsed = ts.transpileModule(r.out, { reportDiagnostics: true, compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } });
    expect(parsed.diagnostics ?? []).toEqual([]);
    expect(r.out).toContain("test.describe('topUp chart paths'");
    expect(r.out).toContain('await flow.topUpSubmit(');
    expect((r.out.match(/^ {2}test\(/gm) ?? []).length).toBe(generatePaths(models.topUp!).length);
  });

  it('--depth screen prints the paths the jsdom screens walk (machines/models/screens.ts) and what they leave to Chromium', () => {
    const r = run('paths', 'login', '--depth', 'screen', '--format', 'json');
    expect(r.code).toBe(0);
    const printed = JSON.parse(r.out) as { depth: string; paths: Printed[] };
    expect(printed.depth).toBe('screen');
    expect(printed.paths.map((p) => p.covers.id)).toEqual(screenPaths('login')!.map((p) => p.transition.id));
    // The countdown's minute is not walked at the screens: the registry leaves it to Chromium.
    expect(printed.paths.some((p) => p.covers.id.includes('xstate.after.'))).toBe(false);
    expect(generatePaths(models.login!).some((p) => p.transition.id.includes('xstate.after.'))).toBe(true);
    const text = run('paths', 'login', '--depth', 'screen');
    expect(text.out).toContain('Not walked at the screens (machines/index.ts exempts them; taken in Chromium instead)');
    const lifecycle = run('paths', 'order', '--depth', 'screen');
    expect(lifecycle.code).toBe(2);
    expect(lifecycle.err).toContain('has no screen depth');
  });

  it('refuses what it cannot do, saying what it can', () => {
    const unknown = run('paths', 'nope');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('no chart named nope');
    expect(unknown.err).toContain(charts.map((c) => c.id).join(', '));
    const target = run('paths', 'login', '--to', 'login.nowhere');
    expect(target.code).toBe(2);
    expect(target.err).toContain('is neither a state nor a transition of login');
  });
});

describe('npm run coverage', () => {
  const dir = mkdtempSync(join(tmpdir(), 'coverage-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints every depth of a chart with its exemptions and their reasons, and what is missing', () => {
    const entry = chartById('login')!;
    // The pure depth complete; a screen depth that took only the first path: the exemptions, then the rest missing.
    const pure = newRecorder();
    const paths = generatePaths(models.login!);
    for (const p of paths) runPathPure(models.login!, p, pure);
    const screen = newRecorder();
    runPathPure(models.login!, paths[0]!, screen);
    const file = join(dir, 'model-coverage.json');
    writeFileSync(file, JSON.stringify({ generatedAt: new Date().toISOString(), charts: [coverageOf(entry, pure, 'pure', paths.length), coverageOf(entry, screen, 'screen', 1)] }));

    const r = run('coverage', 'login', '--file', file);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^login +\| pure +\| 74 +\| 54\/54 \(100\.0%\)/m);
    expect(r.out).toMatch(/^login +\| screen +\| 1 /m);
    for (const e of entry.exemptions!) expect(r.out).toContain(e.reason);
    expect(r.out).toContain('MISSING at screen:');

    const json = JSON.parse(run('coverage', 'login', '--file', file, '--format', 'json').out) as { charts: { chart: string; exemptions: unknown[]; depths: { depth: string; stale: boolean }[] }[] };
    expect(json.charts).toHaveLength(1);
    expect(json.charts[0]!.exemptions).toHaveLength(entry.exemptions!.length);
    expect(json.charts[0]!.depths.map((d) => [d.depth, d.stale])).toEqual([['pure', false], ['screen', false]]);
    expect(allStates(entry.machine).length).toBe(54);
  });

  it('says how to make the report when there is none', () => {
    const r = run('coverage', '--file', join(dir, 'absent.json'));
    expect(r.code).toBe(1);
    expect(r.err).toContain('is missing: it is written by the tests. Run `npm test`');
  });
});
