/**
 * `npm run paths -- <chart> [--depth pure] [--format text|json|playwright] [--to <state or transition id>]`
 *
 * Prints the paths the model tests generate for one chart (test/model/toolkit/paths.ts, the same function the tests
 * call): one path per transition of the chart, the shortest whose last step takes it. Each step gives the event sent,
 * the payload that chose the branch, the state reached and the transitions the step took. `--to` keeps the shortest
 * path to one state or transition. The playwright format prints a test skeleton whose page-object verbs are named
 * after the events, for a QA engineer to fill in.
 */
import type { AnyMachineSnapshot, EventObject, StateValue } from 'xstate';
import { allStates, allTransitions, transitionIndex } from '../machines/chart';
import { chartById, charts } from '../machines/index';
import { models } from '../test/model/models';
import { generatePaths, type PathCase } from '../test/model/toolkit/paths';

const FORMATS = ['text', 'json', 'playwright'] as const;
type Format = (typeof FORMATS)[number];
const DEPTHS = ['pure'] as const;

const usage = `usage: npm run paths -- <chart> [--depth ${DEPTHS.join('|')}] [--format ${FORMATS.join('|')}] [--to <state or transition id>]
charts: ${charts.map((c) => c.id).join(', ')}`;

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

function parseArgs(argv: string[]) {
  let chart: string | undefined;
  let format: Format = 'text';
  let depth: string = 'pure';
  let to: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => argv[++i] ?? fail(`${arg} needs a value`);
    if (arg === '--format') format = value() as Format;
    else if (arg.startsWith('--format=')) format = arg.slice(9) as Format;
    else if (arg === '--depth') depth = value();
    else if (arg.startsWith('--depth=')) depth = arg.slice(8);
    else if (arg === '--to') to = value();
    else if (arg.startsWith('--to=')) to = arg.slice(5);
    else if (arg === '--help' || arg === '-h') { console.log(usage); process.exit(0); }
    else if (arg.startsWith('--')) fail(`unknown option ${arg}`);
    else if (chart) fail(`one chart at a time (got ${chart} and ${arg})`);
    else chart = arg;
  }
  if (!chart) fail('which chart?');
  if (!FORMATS.includes(format)) fail(`unknown format ${format}`);
  if (!(DEPTHS as readonly string[]).includes(depth)) {
    fail(`the paths of the ${depth} depth are chosen by its test file (the events its screens offer); this command prints the generated paths of the pure depth, which every other depth walks a subset of`);
  }
  return { chart, format, depth, to };
}

export interface Step {
  event: string;
  payload: Record<string, unknown>;
  /** The state reached, as xstate writes its value. */
  state: StateValue;
  /** The ids of the transitions this step took (`<source state id>:<event type>:<index>`). */
  took: string[];
}

export interface PrintedPath {
  /** The transition this path exists for: its last step takes it. */
  covers: { id: string; label: string; from: string; to: string[]; description?: string };
  steps: Step[];
}

/** An error as a payload shows it: its code and message, not an empty object. */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (_k, v: unknown) => (v instanceof Error ? { message: v.message } : v)));

export function describePath(path: PathCase, index: ReturnType<typeof transitionIndex>, machine: PathCase['transition']['source']['machine']): PrintedPath {
  const t = path.transition;
  return {
    covers: { id: t.id, label: t.label, from: t.source.id, to: t.targets.map((n) => n.id), ...(t.description ? { description: t.description } : {}) },
    steps: path.events.map((event: EventObject, i) => {
      const { type, ...payload } = event;
      const before = path.snapshots[i] as AnyMachineSnapshot;
      const took = machine.getTransitionData(before, event).flatMap((d) => index.get(d)?.id ?? []);
      return { event: type, payload: plain(payload) as Record<string, unknown>, state: path.values[i + 1]!, took };
    }),
  };
}

const stateText = (value: StateValue): string => (typeof value === 'string' ? value : JSON.stringify(value));
const payloadText = (payload: Record<string, unknown>): string => (Object.keys(payload).length ? ` ${JSON.stringify(payload)}` : '');

/** `code.send` → `codeSend`; an answer of an invoked actor is not a verb: the gateway gives it. */
const verbOf = (event: string): string => event.split(/[.\-_]/).filter(Boolean).map((w, i) => (i ? w[0]!.toUpperCase() + w.slice(1) : w)).join('');
const className = (chart: string) => `${chart[0]!.toUpperCase()}${chart.slice(1)}Flow`;

function answerOf(event: string): { actor: string; outcome: 'done' | 'error' } | null {
  const m = event.match(/^xstate\.(done|error)\.actor\.(.+)$/);
  return m ? { actor: m[2]!, outcome: m[1] as 'done' | 'error' } : null;
}

function playwrightSkeleton(chart: string, printed: PrintedPath[], initial: StateValue): string {
  const flow = className(chart);
  const verbs = [...new Set(printed.flatMap((p) => p.steps.map((s) => s.event)).filter((e) => !answerOf(e) && !e.startsWith('xstate.')))].sort();
  const lines = [
    `// Generated by \`npm run paths -- ${chart} --format playwright\`: one test per transition of the ${chart} chart, each`,
    `// the shortest path whose last step takes it. ${flow} is the page object to write: one verb per event the customer`,
    `// sends (${verbs.length}: ${verbs.map(verbOf).join(', ') || 'none'}), and state(), the chart's state as the page shows`,
    `// it (the layout's data-state). Answers of the gateway and the clock are comments: arrange them (a seeded order, a`,
    `// sandbox test card, the sandbox clock) before the step that needs them.`,
    `import { expect, test } from './fixtures';`,
    `import { ${flow} } from '../support/pages/${flow}';`,
    '',
    `test.describe('${chart} chart paths', () => {`,
  ];
  for (const p of printed) {
    lines.push(`  test(${JSON.stringify(`${p.covers.from}: ${p.covers.label}`)}, async ({ page }) => {`);
    lines.push(`    const flow = new ${flow}(page);`);
    lines.push(`    await flow.open();`);
    lines.push(`    await expect.poll(() => flow.state()).toEqual(${JSON.stringify(initial)});`);
    for (const step of p.steps) {
      const answer = answerOf(step.event);
      if (answer) lines.push(`    // the ${answer.actor} call ${answer.outcome === 'done' ? 'answers' : 'fails'}${payloadText(step.payload)}`);
      else if (step.event.startsWith('xstate.after.')) lines.push(`    // the chart's delay runs out (${step.event})`);
      else if (step.event.startsWith('xstate.')) lines.push(`    // ${step.event}${payloadText(step.payload)}`);
      else lines.push(`    await flow.${verbOf(step.event)}(${Object.keys(step.payload).length ? JSON.stringify(step.payload) : ''});`);
      lines.push(`    await expect.poll(() => flow.state()).toEqual(${JSON.stringify(step.state)});`);
    }
    lines.push('  });', '');
  }
  if (lines.at(-1) === '') lines.pop();
  lines.push('});');
  return lines.join('\n');
}

// `npm run paths -- activation | head` closes the pipe early: that is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => { if (error.code === 'EPIPE') process.exit(0); throw error; });

function main() {
  const { chart, format, depth, to } = parseArgs(process.argv.slice(2));
  const entry = chartById(chart) ?? fail(`no chart named ${chart}`);
  const model = models[entry.id] ?? fail(`the chart ${chart} has no model in test/model/models.ts`);
  const machine = entry.machine;
  const index = transitionIndex(machine);
  let paths = generatePaths(model);
  if (to) {
    const transitionIds = new Set(allTransitions(machine).map((t) => t.id));
    const stateIds = new Set(allStates(machine).map((n) => n.id));
    if (transitionIds.has(to)) paths = paths.filter((p) => p.transition.id === to);
    else if (stateIds.has(to)) {
      const reaching = paths.filter((p) => (p.snapshots.at(-1) as AnyMachineSnapshot)._nodes.some((n: { id: string }) => n.id === to));
      paths = reaching.sort((a, b) => a.events.length - b.events.length).slice(0, 1);
    } else fail(`${to} is neither a state nor a transition of ${chart} (states are ids such as ${[...stateIds][1] ?? entry.id}; transitions <state id>:<event>:<index>)`);
    if (!paths.length) {
      const why = (entry.unreachable ?? []).find((u) => u.transition === to)?.reason;
      fail(why ? `${to} is declared unreachable: ${why}` : `no generated path of ${chart} reaches ${to}`);
    }
  }
  const printed = paths.map((p) => describePath(p, index, machine));
  const initial = (paths[0]?.values[0] ?? machine.getInitialSnapshot(undefined as never, model.input as never).value) as StateValue;

  if (format === 'json') {
    console.log(JSON.stringify({ chart: entry.id, title: entry.title, specSection: entry.specSection, depth, initial, paths: printed }, null, 2));
    return;
  }
  if (format === 'playwright') {
    console.log(playwrightSkeleton(entry.id, printed, initial));
    return;
  }
  const out = [
    `${entry.id}: ${entry.title} (spec section ${entry.specSection})`,
    `${printed.length} path${printed.length === 1 ? '' : 's'} at the ${depth} depth${to ? ` to ${to}` : ', one per transition: each is the shortest whose last step takes it'}; the chart starts in ${stateText(initial)}.`,
  ];
  printed.forEach((p, i) => {
    out.push('', `${i + 1}. covers ${p.covers.id}  (${p.covers.label}: ${p.covers.from} → ${p.covers.to.join(', ') || 'stays'})`);
    if (p.covers.description) out.push(`   rule: ${p.covers.description}`);
    const unreachable = entry.unreachable?.find((u) => u.transition === p.covers.id);
    if (unreachable) out.push(`   declared unreachable in the product (machines/index.ts): ${unreachable.reason}`);
    p.steps.forEach((s, j) => {
      out.push(`   ${String(j + 1).padStart(2)}. ${s.event}${payloadText(s.payload)}`);
      out.push(`       → ${stateText(s.state)}${s.took.length ? `   took ${s.took.join(', ')}` : ''}`);
    });
  });
  const unreachable = entry.unreachable ?? [];
  if (unreachable.length && !to) {
    out.push('', 'Declared unreachable (machines/index.ts), so no path takes them:');
    for (const u of unreachable) out.push(`  ${u.transition}: ${u.reason}`);
  }
  console.log(out.join('\n'));
}

main();
