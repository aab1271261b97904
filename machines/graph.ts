/**
 * A chart as a graph to draw (the studio, screens/studio): its states nested as in the chart, its transitions as
 * edges. Two views, as the Mermaid diagrams of machines/diagram.ts: the business view folds the states tagged
 * `technical` away (an edge into one is drawn on to the business states its outcomes lead to, marked "…"), the full
 * view draws every state. Each edge keeps the ids of the transitions it stands for, so a click reaches their rules.
 */
import type { AnyStateNode } from 'xstate';
import { allStates, allTransitions, type ChartTransition } from './chart';
import { businessView, isTechnical } from './diagram';
import type { ChartEntry } from './index';

export interface GraphNode {
  /** The state's id (`checkout.paying`), as the coverage report and the paths name it. */
  id: string;
  key: string;
  type: AnyStateNode['type'];
  /** The parent state's id; null for a top-level state. */
  parent: string | null;
  /** The child the parent starts in. */
  initial: boolean;
  technical: boolean;
  description: string | undefined;
}

export interface GraphEdge {
  id: string;
  from: string;
  to: string;
  /** `event [guard]`, one per transition drawn here; "…" ends a label whose transition goes through folded states. */
  labels: string[];
  transitions: string[];
  /** Leaves its source for itself (a self-transition, or one that only changes context). */
  self: boolean;
}

export interface ChartGraph {
  nodes: GraphNode[];
  edges: GraphEdge[];
  /** Transitions of the root (handled anywhere in the chart), drawn as a note rather than an edge. */
  global: ChartTransition[];
}

export function chartGraph(entry: ChartEntry, options: { business: boolean }): ChartGraph {
  const machine = entry.machine;
  const view = options.business ? businessView(machine) : null;
  const drawn = (n: AnyStateNode): boolean => !view || view.shown(n) === n;
  const nodes: GraphNode[] = allStates(machine).filter(drawn).map((n) => ({
    id: n.id,
    key: n.key,
    type: n.type,
    parent: n.parent && n.parent !== machine.root ? n.parent.id : null,
    initial: !!n.parent && n.parent.type !== 'parallel' && (n.parent.initial?.target?.[0] as AnyStateNode | undefined) === n,
    technical: isTechnical(n),
    description: n.description,
  }));
  // A level that starts in a state folded away starts, in effect, in the business states that one leads to: the
  // children of the level holding them are marked initial.
  if (view) {
    for (const level of [machine.root, ...allStates(machine)]) {
      const start = level.initial?.target?.[0] as AnyStateNode | undefined;
      if (!start || drawn(start) || (level !== machine.root && !drawn(level))) continue;
      for (const next of view.leadsTo(start)) {
        let child: AnyStateNode | undefined = next;
        while (child && child.parent !== level) child = child.parent;
        const node = child && nodes.find((x) => x.id === child!.id);
        if (node) node.initial = true;
      }
    }
  }
  const edges = new Map<string, GraphEdge>();
  const add = (from: AnyStateNode, to: AnyStateNode, label: string, transition: string) => {
    const key = `${from.id}->${to.id}`;
    const edge = edges.get(key) ?? { id: key, from: from.id, to: to.id, labels: [], transitions: [], self: from === to };
    if (!edge.labels.includes(label)) edge.labels.push(label);
    if (!edge.transitions.includes(transition)) edge.transitions.push(transition);
    edges.set(key, edge);
  };
  const transitions = allTransitions(machine);
  for (const t of transitions) {
    if (t.source === machine.root) continue;
    const targets = t.targets.length ? t.targets : [t.source];
    if (!view) {
      for (const target of targets) add(t.source, target, t.label, t.id);
      continue;
    }
    const from = view.shown(t.source);
    if (!from) continue;
    for (const target of targets) {
      const to = view.shown(target);
      if (to) add(from, to, t.label, t.id);
      else for (const next of view.leadsTo(target)) add(from, next, `${t.label} …`, t.id);
    }
  }
  return { nodes, edges: [...edges.values()], global: transitions.filter((t) => t.source === machine.root) };
}

/** The drawn state that shows a state of the chart: itself, or in the business view the nearest drawn ancestor. */
export const drawnStateOf = (graph: ChartGraph, machine: ChartEntry['machine'], id: string): string | null => {
  const ids = new Set(graph.nodes.map((n) => n.id));
  let node: AnyStateNode | undefined = allStates(machine).find((n) => n.id === id);
  while (node && node !== machine.root) {
    if (ids.has(node.id)) return node.id;
    node = node.parent;
  }
  return null;
};
