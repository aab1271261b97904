/**
 * `npm run coverage [-- <chart>] [--format text|json]`
 *
 * Prints the coverage of every registered chart at every depth from the last test run: the report the tests write,
 * `test-results/model-coverage.json` (the pure depth from test/model/coverage.test.ts, the jsdom screen depth from
 * test/model/*.screens.test.tsx, the server depth from the lifecycle tests of test/server, the browser depth and the
 * two screen depths merged from test/e2e). Under the table: every transition declared unreachable and every exemption
 * of a depth, with the depth that takes it instead and why (machines/index.ts), and anything missing.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { charts, chartById } from '../machines/index';
import { allStates, allTransitions } from '../machines/chart';
import { byDepth, isPartialDepth, type ChartCoverage, type Exempt } from '../machines/coverageReport';
import { COVERAGE_FILE, formatTable } from '../test/model/toolkit/coverage';

const usage = `usage: npm run coverage [-- <chart>] [--format text|json] [--file <report>]
charts: ${charts.map((c) => c.id).join(', ')}`;

process.stdout.on('error', (error: NodeJS.ErrnoException) => { if (error.code === 'EPIPE') process.exit(0); throw error; });

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

let only: string | undefined;
let format = 'text';
let file = COVERAGE_FILE;
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const arg = argv[i]!;
  if (arg === '--format') format = argv[++i] ?? fail(usage);
  else if (arg.startsWith('--format=')) format = arg.slice(9);
  else if (arg === '--file') file = argv[++i] ?? fail(usage);
  else if (arg === '--help' || arg === '-h') { console.log(usage); process.exit(0); }
  else if (arg.startsWith('--')) fail(`unknown option ${arg}\n${usage}`);
  else only = arg;
}
if (!['text', 'json'].includes(format)) fail(`unknown format ${format}\n${usage}`);
if (only && !chartById(only)) fail(`no chart named ${only}\n${usage}`);

if (!existsSync(file)) {
  fail(`${file} is missing: it is written by the tests. Run \`npm test\` (or \`npm run test:model\` for the pure and jsdom depths), then this command again.`, 1);
}
const report = JSON.parse(readFileSync(file, 'utf8')) as { generatedAt: string; charts: ChartCoverage[] };

const chartRank = (id: string) => charts.findIndex((c) => c.id === id);

const registered = charts.filter((c) => !only || c.id === only);
const rows = report.charts
  .filter((r) => registered.some((c) => c.id === r.chart))
  .sort((a, b) => chartRank(a.chart) - chartRank(b.chart) || byDepth(a, b));

/** A row written for another version of its chart: its totals no longer match the chart's definition. */
const stale = (r: ChartCoverage): boolean => {
  const entry = chartById(r.chart)!;
  return r.states.total !== allStates(entry.machine).length || r.transitions.total !== allTransitions(entry.machine).length;
};
const unmeasured = registered.filter((c) => !rows.some((r) => r.chart === c.id)).map((c) => c.id);

if (format === 'json') {
  console.log(JSON.stringify({
    generatedAt: report.generatedAt,
    source: file,
    charts: registered.map((c) => ({
      chart: c.id,
      title: c.title,
      kind: c.kind,
      specSection: c.specSection,
      unreachable: c.unreachable ?? [],
      exemptions: (c.exemptions ?? []).map((e) => ({ depth: e.depth, transitions: e.transitions?.source ?? null, states: e.states?.source ?? null, takenAt: e.takenAt, reason: e.reason })),
      depths: rows.filter((r) => r.chart === c.id).map((r) => ({ ...r, stale: stale(r) })),
    })),
  }, null, 2));
  process.exit(0);
}

const out: string[] = [];
const age = Math.round((Date.now() - statSync(file).mtimeMs) / 60_000);
out.push(`Chart coverage from the last test run (${file}, written ${report.generatedAt}, ${age} min ago).`);
out.push('A state counts when a run was in it, a transition when a run took it. "unreachable": declared so in machines/index.ts;');
out.push('"exempt": states and transitions this depth cannot take, taken at another depth (machines/index.ts); "missing": neither.');
out.push('"partial": the Chromium depth walks what jsdom cannot; the two merged ("screens (jsdom + Chromium)") must be complete.');
out.push('', formatTable(rows));
if (unmeasured.length) out.push('', `No row yet (their tests have not run): ${unmeasured.join(', ')}.`);
const staleRows = rows.filter(stale);
if (staleRows.length) out.push('', `Written for an older version of the chart (run its tests again): ${staleRows.map((r) => `${r.chart}@${r.depth}`).join(', ')}.`);

// Exempt items grouped by their reason, so one reason is printed once with the items it covers.
const byReason = (items: Exempt[]) => {
  const groups = new Map<string, Exempt[]>();
  for (const e of items) groups.set(`${e.takenAt}|${e.reason}`, [...(groups.get(`${e.takenAt}|${e.reason}`) ?? []), e]);
  return groups;
};

for (const entry of registered) {
  const chartRows = rows.filter((r) => r.chart === entry.id);
  const notes: string[] = [];
  for (const u of entry.unreachable ?? []) notes.push(`  unreachable ${u.transition}: ${u.reason}`);
  for (const r of chartRows) {
    const exempt = [...(r.transitions.exempt ?? []), ...(r.states.exempt ?? [])];
    for (const [key, items] of byReason(exempt)) {
      const [takenAt, reason] = key.split(/\|(.*)/s) as [string, string];
      notes.push(`  exempt at ${r.depth}, taken at ${takenAt} (${items.length}): ${reason}`);
      for (const item of items) notes.push(`      ${item.id}`);
    }
    if (!isPartialDepth(r.depth) && (r.transitions.missing.length || r.states.missing.length)) {
      notes.push(`  MISSING at ${r.depth}: ${[...r.transitions.missing, ...r.states.missing].join(', ')}`);
    }
  }
  // An exemption no depth used: the depth takes it now, or the pattern matches nothing; the registry should lose it.
  for (const e of entry.exemptions ?? []) {
    const used = chartRows.some((r) => r.depth === e.depth && [...(r.transitions.exempt ?? []), ...(r.states.exempt ?? [])].some((x) => x.reason === e.reason));
    if (chartRows.some((r) => r.depth === e.depth) && !used) notes.push(`  unused exemption at ${e.depth} (${e.transitions?.source ?? ''} ${e.states?.source ?? ''}): the depth takes it now; remove it from machines/index.ts`);
  }
  if (notes.length) out.push('', `${entry.id} (${entry.title}; spec section ${entry.specSection})`, ...notes);
}
console.log(out.join('\n'));
