/**
 * Lays a chart's graph (machines/graph.ts) out with elkjs: compound states hold their children, a parallel state's
 * regions sit side by side, each compound state with an initial child gets the initial dot, edges are routed across
 * the hierarchy. Coordinates come back absolute (ELK's `json.shapeCoords` / `json.edgeCoords` = ROOT), so the
 * drawing needs no offsets. Pure: the caller hands in the ELK instance (a Web Worker in the browser, in-process in
 * the tests).
 */
import type { ElkExtendedEdge, ElkNode, ELK } from 'elkjs/lib/elk-api';
import type { ChartGraph, GraphEdge, GraphNode } from '../../machines/graph';

export interface Box { x: number; y: number; width: number; height: number }
export interface LaidNode extends Box { node: GraphNode; compound: boolean }
export interface LaidEdge { edge: GraphEdge; points: { x: number; y: number }[]; label: Box | null }
export interface Layout { width: number; height: number; nodes: LaidNode[]; initials: (Box & { to: string; points: { x: number; y: number }[] })[]; edges: LaidEdge[] }

const CHAR = 7; // px per character of the 12 px monospace-ish label font, a safe overestimate for Latin ids
const LINE = 15;
const INIT = 10;

/** An edge's label as drawn: at most three of its transitions, then "+n more" (all of them are in the details). */
export const edgeLabelLines = (edge: GraphEdge): string[] =>
  edge.labels.length <= 3 ? edge.labels : [...edge.labels.slice(0, 2), `+${edge.labels.length - 2}`];

const initialId = (parent: string) => `__initial:${parent}`;

export async function layoutChart(elk: ELK, graph: ChartGraph): Promise<Layout> {
  const children = new Map<string | null, GraphNode[]>();
  for (const n of graph.nodes) children.set(n.parent, [...(children.get(n.parent) ?? []), n]);
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const initialEdges: ElkExtendedEdge[] = [];

  const elkNode = (n: GraphNode): ElkNode => {
    const kids = children.get(n.id) ?? [];
    if (!kids.length) {
      return { id: n.id, width: Math.max(72, n.key.length * CHAR + 28), height: n.type === 'final' ? 38 : 34 };
    }
    return {
      id: n.id,
      layoutOptions: {
        'elk.padding': '[top=30,left=14,bottom=14,right=14]',
        ...(n.type === 'parallel' ? { 'elk.direction': 'RIGHT' } : {}),
      },
      children: [...initialFor(n.id, kids), ...kids.map(elkNode)],
    };
  };
  const initialFor = (parent: string | null, kids: GraphNode[]): ElkNode[] => {
    // In the business view a level can start in a folded state leading to several business states: one dot, an arrow to each.
    const starts = kids.filter((k) => k.initial);
    const owner = parent === null ? null : byId.get(parent);
    if (!starts.length || owner?.type === 'parallel') return [];
    const id = initialId(parent ?? 'root');
    for (const start of starts) initialEdges.push({ id: `${id}->${start.id}`, sources: [id], targets: [start.id] });
    return [{ id, width: INIT, height: INIT }];
  };

  const top = children.get(null) ?? [];
  const root: ElkNode = {
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
      'elk.layered.spacing.nodeNodeBetweenLayers': '36',
      'elk.spacing.nodeNode': '28',
      'elk.spacing.edgeLabel': '4',
      'elk.edgeLabels.placement': 'CENTER',
      'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
      'elk.padding': '[top=16,left=16,bottom=16,right=16]',
    },
    children: [...initialFor(null, top), ...top.map(elkNode)],
    edges: [],
  };
  const edges: ElkExtendedEdge[] = graph.edges.map((e) => {
    const lines = edgeLabelLines(e);
    const width = Math.max(...lines.map((l) => l.length)) * CHAR * 0.86 + 8;
    return { id: e.id, sources: [e.from], targets: [e.to], labels: [{ id: `${e.id}#label`, text: lines.join('\n'), width, height: lines.length * LINE + 4 }] };
  });
  root.edges = [...initialEdges, ...edges];

  const laid = await elk.layout(root);
  const nodes: LaidNode[] = [];
  const dots = new Map<string, Box>();
  const walk = (n: ElkNode) => {
    for (const c of n.children ?? []) {
      const box = { x: c.x ?? 0, y: c.y ?? 0, width: c.width ?? 0, height: c.height ?? 0 };
      const node = byId.get(c.id);
      if (node) nodes.push({ ...box, node, compound: !!c.children?.some((k) => byId.has(k.id)) });
      else dots.set(c.id, box);
      walk(c);
    }
  };
  walk(laid);
  const initials: Layout['initials'] = [];
  const outEdges: LaidEdge[] = [];
  const collect = (n: ElkNode) => {
    for (const e of (n.edges ?? []) as ElkExtendedEdge[]) {
      const points = (e.sections ?? []).flatMap((s) => [s.startPoint, ...(s.bendPoints ?? []), s.endPoint]);
      const source = e.sources[0]!;
      const dot = dots.get(source);
      if (dot) { initials.push({ ...dot, to: e.targets[0]!, points }); continue; }
      const edge = graph.edges.find((g) => g.id === e.id);
      if (!edge) continue;
      const l = e.labels?.[0];
      outEdges.push({ edge, points, label: l ? { x: l.x ?? 0, y: l.y ?? 0, width: l.width ?? 0, height: l.height ?? 0 } : null });
    }
    for (const c of n.children ?? []) collect(c);
  };
  collect(laid);
  return { width: laid.width ?? 0, height: laid.height ?? 0, nodes, initials, edges: outEdges };
}
