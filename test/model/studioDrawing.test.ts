/**
 * The studio's drawing of every chart (machines/graph.ts, screens/studio/layout.ts with elkjs in-process): both views
 * hold what they should, every state box sits inside its parent's, every edge is routed, every level with an initial
 * state has its initial dot pointing at it.
 */
import ELK from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import { allStates, allTransitions } from '../../machines/chart';
import { isTechnical } from '../../machines/diagram';
import { chartGraph, drawnStateOf } from '../../machines/graph';
import { charts, chartById } from '../../machines/index';
import { layoutChart, type Box } from '../../screens/studio/layout';

const elk = new ELK();
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 && inner.y >= outer.y - 0.5 && inner.x + inner.width <= outer.x + outer.width + 0.5 && inner.y + inner.height <= outer.y + outer.height + 0.5;

describe('studio drawing', () => {
  it('the full view draws every state and every transition of every chart; the business view no technical state', () => {
    for (const entry of charts) {
      const full = chartGraph(entry, { business: false });
      expect(full.nodes.map((n) => n.id).sort(), entry.id).toEqual(allStates(entry.machine).map((n) => n.id).sort());
      const drawn = new Set([...full.edges.flatMap((e) => e.transitions), ...full.global.map((t) => t.id)]);
      expect(allTransitions(entry.machine).map((t) => t.id).filter((id) => !drawn.has(id)), entry.id).toEqual([]);

      const business = chartGraph(entry, { business: true });
      const technical = new Set(allStates(entry.machine).filter(isTechnical).map((n) => n.id));
      expect(business.nodes.filter((n) => technical.has(n.id)).map((n) => n.id), entry.id).toEqual([]);
      for (const e of business.edges) expect(technical.has(e.from) || technical.has(e.to), `${entry.id} ${e.id}`).toBe(false);
      // A transition between two business states is drawn as itself, never folded.
      for (const t of allTransitions(entry.machine)) {
        if (t.source === entry.machine.root || technical.has(t.source.id) || t.targets.some((n) => technical.has(n.id))) continue;
        const edge = business.edges.find((e) => e.transitions.includes(t.id));
        expect(edge?.labels, `${entry.id} ${t.id}`).toContain(t.label);
      }
    }
  });

  it('folds a technical state into the business states its outcomes lead to', () => {
    const checkout = chartById('checkout')!;
    const graph = chartGraph(checkout, { business: true });
    // checkingOrder (technical: reading a result link's order) is drawn as the edges on to where its answers lead.
    expect(graph.nodes.some((n) => n.id === 'checkout.checkingOrder')).toBe(false);
    const folded = graph.edges.filter((e) => e.from === 'checkout.opening' && e.labels.some((l) => l.startsWith('checkout.open') && l.endsWith(' …')));
    expect(folded.map((e) => e.to)).toEqual(expect.arrayContaining(['checkout.paymentFailed', 'checkout.paid']));
    expect(drawnStateOf(graph, checkout.machine, 'checkout.checkingOrder')).toBeNull();
    expect(drawnStateOf(graph, checkout.machine, 'checkout.paid.fulfilled')).toBe('checkout.paid.fulfilled');
  });

  for (const entry of charts) {
    it(`${entry.id}: every box inside its parent, every edge routed, every initial dot pointing at its state`, async () => {
      for (const business of [true, false]) {
        const graph = chartGraph(entry, { business });
        const layout = await layoutChart(elk, graph);
        const boxes = new Map(layout.nodes.map((n) => [n.node.id, n]));
        expect(boxes.size, `${entry.id} ${business}`).toBe(graph.nodes.length);
        for (const n of layout.nodes) {
          expect(n.width > 0 && n.height > 0, n.node.id).toBe(true);
          if (n.node.parent) expect(inside(n, boxes.get(n.node.parent)!), `${n.node.id} inside ${n.node.parent}`).toBe(true);
        }
        expect(layout.edges.length).toBe(graph.edges.length);
        for (const e of layout.edges) expect(e.points.length, e.edge.id).toBeGreaterThanOrEqual(2);
        const starts = graph.nodes.filter((n) => n.initial).map((n) => n.id).sort();
        expect(layout.initials.map((d) => d.to).sort(), `${entry.id} ${business}`).toEqual(starts);
        // Every drawn level that is not parallel starts somewhere.
        for (const level of [entry.machine.root, ...allStates(entry.machine)]) {
          if (level.type !== 'compound' || (level !== entry.machine.root && !boxes.has(level.id))) continue;
          const kids = graph.nodes.filter((n) => (level === entry.machine.root ? n.parent === null : n.parent === level.id));
          if (kids.length) expect(kids.some((k) => k.initial), `${entry.id} ${business}: ${level.id} has a start`).toBe(true);
        }
      }
    });
  }
});
