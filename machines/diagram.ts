/**
 * Mermaid `stateDiagram-v2` for a registered chart, generated from the chart's own definition (compound and
 * parallel states, initial and final states, every transition labelled `event [guard]`, delays as
 * `after 60s`, eventless ones as `always`). Two drawings per chart: the overview (states and edges only, the
 * transitions between two states merged into one edge) on `<id>.md` above the tables of states and transitions
 * with their rules, and the full diagram with each state's rule as a note on `<id>.full.md`. Pure string
 * output: scripts/diagrams.ts writes it to docs/statecharts/, test/model/diagrams.test.ts compares it and
 * test/model/diagramsRender.test.ts draws it with the real Mermaid.
 */
import type { AnyStateNode } from 'xstate';
import { allStates, allTransitions, statePath } from './chart';
import type { ChartEntry } from './index';

const RESERVED = new Set(['end', 'state', 'note', 'class', 'classDef', 'style', 'direction', 'click', 'default']);

/** Mermaid ids: the shortest tail of a state's path that no other state of the chart shares (`smsLogin_enteringPhone`). */
const mermaidIds = (entry: ChartEntry): Map<AnyStateNode, string> => {
  const nodes = allStates(entry.machine);
  const tail = (n: AnyStateNode, k: number) => n.path.slice(-k).join('_');
  const ids = new Map<AnyStateNode, string>();
  for (const n of nodes) {
    let k = 1;
    while (k < n.path.length && nodes.some((o) => o !== n && o.path.length >= k && tail(o, k) === tail(n, k))) k += 1;
    let id = tail(n, k).replace(/[^A-Za-z0-9_]/g, '_');
    if (RESERVED.has(id)) id = `${id}_`;
    ids.set(n, id);
  }
  return ids;
};

const clean = (text: string) => text.replace(/;/g, ',').replace(/\s+/g, ' ').trim();
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

const wrap = (text: string, width = 60): string[] => {
  const lines: string[] = [];
  let line = '';
  for (const word of clean(text).split(' ')) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
};

const ancestors = (node: AnyStateNode): AnyStateNode[] => {
  const out: AnyStateNode[] = [];
  for (let n: AnyStateNode | undefined = node; n; n = n.parent) out.unshift(n);
  return out;
};

/**
 * Where an edge is written. Mermaid resolves the ends of an edge in the block it is written in, and inside a
 * parallel state each region is its own block between `--` dividers: an edge between states of one region is
 * written in that region's section (before the next divider), never after the last one; an edge between two
 * regions, which no section holds, is written one block further out.
 */
interface EdgePlace {
  block: AnyStateNode;
  /** For a parallel block, the region whose section holds the edge. */
  region?: AnyStateNode;
}

const placeOf = (source: AnyStateNode, target: AnyStateNode): EdgePlace => {
  const a = ancestors(source.parent ?? source);
  const b = ancestors(target.parent ?? target);
  let block = a[0]!;
  for (let i = 0; i < Math.min(a.length, b.length) && a[i] === b[i]; i++) block = a[i]!;
  for (;;) {
    if (block.type !== 'parallel') return { block };
    const regionOf = (n: AnyStateNode) => ancestors(n).find((x) => x.parent === block);
    const from = regionOf(source);
    if (from && from === regionOf(target)) return { block, region: from };
    if (!block.parent) return { block };
    block = block.parent;
  }
};

export interface DiagramOptions {
  /** The descriptions of states as notes beside them (the full diagram); the overview leaves them to the tables. */
  notes: boolean;
  /** Several transitions between the same two states drawn as one edge listing every event [guard] (the overview). */
  mergeEdges: boolean;
  /**
   * The business view (ARCHITECTURE, "Business states and technical states"): states tagged `technical` (loading,
   * calling, polling) are folded away: an edge into one is drawn on to the business states its outcomes lead to,
   * labelled with the event that started it and "…" (the technical step between).
   */
  business?: boolean;
}

/** A state tagged `technical`, or inside one. */
export const isTechnical = (node: AnyStateNode): boolean => ancestors(node).some((n) => n.tags.includes('technical'));

/**
 * The business view of a chart: whether a state is drawn (null when it is technical, so folded away) and, for a state
 * folded away, the business states it leads to.
 */
export function businessView(machine: ChartEntry['machine']) {
  const shown = (node: AnyStateNode): AnyStateNode | null => (isTechnical(node) ? null : node);
  const transitions = allTransitions(machine);
  const within = (node: AnyStateNode, outer: AnyStateNode) => ancestors(node).includes(outer);
  /** The business states a state folded away leads to: its outcomes, followed through other states folded away. */
  const leadsTo = (node: AnyStateNode, seen = new Set<AnyStateNode>()): AnyStateNode[] => {
    if (seen.has(node)) return [];
    seen.add(node);
    const out = new Set<AnyStateNode>();
    for (const t of transitions) {
      if (!within(t.source, node)) continue;
      for (const target of t.targets) {
        if (within(target, node)) continue;
        const drawn = shown(target);
        if (drawn) out.add(drawn);
        else for (const n of leadsTo(topFolded(target), seen)) out.add(n);
      }
    }
    return [...out];
  };
  /** The outermost state folded away that holds `node`. */
  const topFolded = (node: AnyStateNode): AnyStateNode => ancestors(node).find((n) => n !== machine.root && isTechnical(n)) ?? node;
  return { shown, leadsTo: (node: AnyStateNode) => leadsTo(topFolded(node)) };
}

/** The `stateDiagram-v2` source of a chart (without the surrounding fence). */
export function renderMermaid(entry: ChartEntry, options: DiagramOptions): string[] {
  const machine = entry.machine;
  const ids = mermaidIds(entry);
  const idOf = (n: AnyStateNode) => ids.get(n)!;

  type Edge = { source: string; target: string; labels: string[] };
  // Edges of a block, and edges of a parallel block's region sections (keyed by the region).
  const edges = new Map<AnyStateNode, Edge[]>();
  const sectionEdges = new Map<AnyStateNode, Edge[]>();
  const view = options.business ? businessView(machine) : null;
  const addEdge = (from: AnyStateNode, target: AnyStateNode, label: string) => {
    const place = placeOf(from, target);
    const map = place.region ? sectionEdges : edges;
    const key = place.region ?? place.block;
    const list = map.get(key) ?? [];
    const source = idOf(from);
    const to = idOf(target);
    const same = options.mergeEdges ? list.find((e) => e.source === source && e.target === to) : undefined;
    if (same) { if (!same.labels.includes(label)) same.labels.push(label); } else list.push({ source, target: to, labels: [label] });
    map.set(key, list);
  };
  for (const t of allTransitions(machine)) {
    if (t.source === machine.root) continue;
    const targets = t.targets.length ? t.targets : [t.source];
    if (!view) {
      for (const target of targets) addEdge(t.source, target, clean(t.label));
      continue;
    }
    const from = view.shown(t.source);
    if (!from) continue; // inside a state folded away: drawn as the edges into it, on to where it leads
    for (const target of targets) {
      const to = view.shown(target);
      if (to) {
        addEdge(from, to, clean(t.label));
      } else for (const next of view.leadsTo(target)) addEdge(from, next, `${clean(t.label)} …`);
    }
  }

  const out: string[] = ['stateDiagram-v2'];
  const writeEdges = (list: Edge[] | undefined, pad: string) => {
    for (const e of list ?? []) out.push(`${pad}${e.source} --> ${e.target} : ${e.labels.join('<br/>')}`);
  };
  const writeNote = (node: AnyStateNode, pad: string) => {
    if (!options.notes || !node.description) return;
    out.push(`${pad}note right of ${idOf(node)}`);
    for (const l of wrap(node.description)) out.push(`${pad}  ${l}`);
    out.push(`${pad}end note`);
  };
  const writeChildren = (parent: AnyStateNode, depth: number) => {
    const pad = '  '.repeat(depth);
    const children = Object.values(parent.states) as AnyStateNode[];
    if (parent.type === 'parallel') {
      children.forEach((region, i) => {
        if (i > 0) out.push(`${pad}--`);
        writeState(region, depth);
        writeEdges(sectionEdges.get(region), pad);
        writeNote(region, pad);
      });
    } else {
      const initial = parent.initial?.target?.[0] as AnyStateNode | undefined;
      if (initial && (!view || view.shown(initial) === initial)) out.push(`${pad}[*] --> ${idOf(initial)}`);
      else if (initial && view && !view.shown(initial)) {
        // The chart starts in a state folded away: it starts, in effect, in the business states that one leads to.
        // A business state nested deeper (pending.notActivated) is entered through its ancestor at this level.
        const starts = new Set<AnyStateNode>();
        for (const next of view.leadsTo(initial)) {
          let at: AnyStateNode | undefined = next;
          while (at && at.parent !== parent) at = at.parent;
          if (at) starts.add(at);
        }
        for (const next of starts) out.push(`${pad}[*] --> ${idOf(next)}`);
      }
      for (const child of children) if (!view || view.shown(child) === child) writeState(child, depth);
      for (const child of children) if (child.type === 'final' && (!view || view.shown(child) === child)) out.push(`${pad}${idOf(child)} --> [*]`);
      for (const child of children) if (!view || view.shown(child) === child) writeNote(child, pad);
    }
    writeEdges(edges.get(parent), pad);
  };
  // Every state is declared before any note or edge names it (Mermaid 11: "No such shape: undefined" otherwise).
  const writeState = (node: AnyStateNode, depth: number) => {
    const pad = '  '.repeat(depth);
    const id = idOf(node);
    out.push(id === node.key ? `${pad}${id}` : `${pad}state "${node.key}" as ${id}`);
    const drawnChildren = (Object.values(node.states) as AnyStateNode[]).filter((c) => !view || view.shown(c) === c);
    if (drawnChildren.length) {
      out.push(`${pad}state ${id} {`);
      writeChildren(node, depth + 1);
      out.push(`${pad}}`);
    }
  };
  writeChildren(machine.root, 1);
  return out;
}

const header = (entry: ChartEntry, generatedFrom: string) => [
  `<!-- Generated by \`npm run diagrams\` from ${generatedFrom}. Do not edit: test/model/diagrams.test.ts fails when this file is stale, test/model/diagramsRender.test.ts when Mermaid cannot draw it. -->`,
  '',
];

/** The chart's page: the overview (states and edges, no notes), then every state and transition with its rule. */
export function renderChartDiagram(entry: ChartEntry): string {
  const machine = entry.machine;
  const transitions = allTransitions(machine);
  const rootTransitions = transitions.filter((t) => t.source === machine.root);
  const states = allStates(machine);
  const rows = transitions.map((t) => {
    const to = t.targets.length ? t.targets.map((n) => `\`${statePath(n)}\``).join(', ') : '(stays)';
    return `| \`${statePath(t.source)}\` | \`${cell(t.label)}\` | ${to} | ${cell(t.description ?? '')} |`;
  });
  const stateRows = states.map((n) => `| \`${statePath(n)}\` | ${n.type === 'atomic' ? 'simple' : n.type}${isTechnical(n) ? ' · technical' : ''} | ${cell(n.description ?? '')} |`);
  const technical = states.filter((n) => isTechnical(n) && !(n.parent && isTechnical(n.parent)));
  return [
    `# ${entry.title}`,
    '',
    ...header(entry, `machines/${entry.id}.machine.ts`),
    `- Chart: \`${entry.id}\` (${entry.kind})`,
    `- Spec section: ${entry.specSection}`,
    `- States: ${states.length} · transitions: ${transitions.length}`,
    ...(machine.root.description ? [`- Rule: ${cell(machine.root.description)}`] : []),
    ...(rootTransitions.length ? [`- Handled anywhere in the chart: ${rootTransitions.map((t) => `\`${t.label}\``).join(', ')}`] : []),
    `- This page: the business view (the spec's states; the rules are in the tables below it). [The full diagram](./${entry.id}.full.md) draws every state, technical ones too, with its rule beside it.`,
    '',
    '## Overview: the business view',
    '',
    ...(technical.length
      ? [`Technical states (loading, calling, polling; tagged \`technical\` in the chart) are folded away: an edge marked "…" is drawn from the event that starts one to where its outcomes lead. Folded here: ${technical.map((n) => `\`${statePath(n)}\``).join(', ')}.`, '']
      : []),
    '```mermaid',
    ...renderMermaid(entry, { notes: false, mergeEdges: true, business: true }),
    '```',
    '',
    '## States',
    '',
    '| State | Kind | Rule |',
    '|---|---|---|',
    ...stateRows,
    '',
    '## Transitions',
    '',
    '| From | Event [guard] | To | Rule |',
    '|---|---|---|---|',
    ...rows,
    '',
    ...(entry.unreachable?.length
      ? ['## Declared unreachable', '', ...entry.unreachable.map((u) => `- \`${u.transition}\`: ${u.reason}`), '']
      : []),
  ].join('\n');
}

/** The full diagram: every state with its rule as a note, every transition as its own edge. */
export function renderChartFullDiagram(entry: ChartEntry): string {
  return [
    `# ${entry.title}: full diagram`,
    '',
    ...header(entry, `machines/${entry.id}.machine.ts`),
    `Every state with the rule it implements beside it, every transition as its own edge. [The overview and the tables](./${entry.id}.md) are easier to read.`,
    '',
    '```mermaid',
    ...renderMermaid(entry, { notes: true, mergeEdges: false }),
    '```',
    '',
  ].join('\n');
}

export function renderChartIndex(entries: readonly ChartEntry[]): string {
  const rows = entries.map((e) =>
    `| [${e.title}](./${e.id}.md) ([full](./${e.id}.full.md)) | \`${e.id}\` | ${e.kind} | ${e.specSection} | ${allStates(e.machine).length} | ${allTransitions(e.machine).length} |`);
  return [
    '# Statecharts',
    '',
    '<!-- Generated by `npm run diagrams` from machines/index.ts. Do not edit. -->',
    '',
    'Every flow and lifecycle of the product is a chart in `machines/`. Each page below draws one chart as an',
    'overview (Mermaid, renders on the git host) and lists its states and transitions with the rule each one',
    'implements; its full diagram draws every rule beside its state.',
    'QA: `npm run test:model` walks every chart and writes `test-results/model-coverage.json`.',
    '',
    '| Chart | Id | Kind | Spec section | States | Transitions |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

/** Every file `npm run diagrams` writes, relative to docs/statecharts/. */
export function renderAllDiagrams(entries: readonly ChartEntry[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const e of entries) {
    files.set(`${e.id}.md`, renderChartDiagram(e));
    files.set(`${e.id}.full.md`, renderChartFullDiagram(e));
  }
  files.set('index.md', renderChartIndex(entries));
  return files;
}
