import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { charts } from '../../machines/index';
import { renderAllDiagrams, renderChartDiagram, renderChartFullDiagram, renderMermaid } from '../../machines/diagram';

const dir = join(import.meta.dirname, '..', '..', 'docs', 'statecharts');

describe('docs/statecharts', () => {
  const files = renderAllDiagrams(charts);

  for (const [name, text] of files) {
    it(`${name} is what \`npm run diagrams\` writes`, () => {
      const path = join(dir, name);
      expect(existsSync(path), `${name} is missing: run npm run diagrams`).toBe(true);
      expect(readFileSync(path, 'utf8'), `${name} is stale: run npm run diagrams`).toBe(text);
    });
  }

  it('holds no page for a chart that is not registered', () => {
    const stray = readdirSync(dir).filter((f) => f.endsWith('.md') && !files.has(f));
    expect(stray).toEqual([]);
  });

  it('draws initial and final states, parallel regions, guards and delays', () => {
    const login = renderChartDiagram(charts.find((c) => c.id === 'login')!);
    expect(login).toContain('[*] --> loginPage');
    expect(login).toContain('loggedIn --> [*]');
    expect(login).toMatch(/\n\s+--\n/);
    expect(login).toContain('code.send [phoneAndCaptchaAreValid]');
    expect(login).toContain('after 60s');
    const logout = charts.find((c) => c.id === 'logout')!;
    expect(renderChartDiagram(logout)).toContain('clearing --> done : always');
    expect(renderChartFullDiagram(logout)).toMatch(/note right of confirming\n\s+Spec section 4/);
  });

  it('draws the business view on the overview: technical states folded away, their outcomes reached by "…" edges', () => {
    const checkout = charts.find((c) => c.id === 'checkout')!;
    const overview = renderMermaid(checkout, { notes: false, mergeEdges: true, business: true }).map((l) => l.trim());
    // creatingOrder (a call) is folded: the submit leads on to where the order's answer goes.
    expect(overview).not.toContain('creatingOrder');
    expect(overview).toContain('editing --> paying : order.submit [formIsValid] …');
    expect(overview).toContain('editing --> paid : order.submit [formIsValid] …');
    // The paid page starts where its first fulfilment check leads.
    expect(overview).toContain('[*] --> waitingFulfilment');
    // The full page keeps every state.
    expect(renderChartFullDiagram(checkout)).toContain('creatingOrder');
    // The payment chart starts with a call (checkingStatus): the overview starts where its answers lead.
    const payment = renderMermaid(charts.find((c) => c.id === 'payment')!, { notes: false, mergeEdges: true, business: true }).map((l) => l.trim());
    expect(payment).not.toContain('checkingStatus');
    expect(payment).toContain('[*] --> choosing');
    expect(renderChartDiagram(checkout)).toMatch(/Folded here: .*`form\.submission\.creatingOrder`/);
    expect(renderChartDiagram(checkout)).toContain('| `form.submission.creatingOrder` | simple · technical |');
  });

  it('keeps notes out of the overview and writes each rule in its tables instead', () => {
    for (const chart of charts) {
      const overview = renderChartDiagram(chart);
      expect(overview, chart.id).not.toContain('note right of');
    }
    const logout = renderChartDiagram(charts.find((c) => c.id === 'logout')!);
    expect(logout).toMatch(/\| `confirming` \| simple \| Spec section 4/);
    expect(logout).toContain('| `confirming` | `logout.confirm` | `exiting` | Spec section 4');
  });

  it('declares every state before a note or an edge names it, and keeps region edges before the next divider', () => {
    for (const chart of charts) {
      const lines = renderMermaid(chart, { notes: true, mergeEdges: false });
      const declared = new Set<string>();
      let depth = 0;
      const openedAt: number[] = [];
      for (const line of lines.slice(1).map((l) => l.trim())) {
        const declaration = /^state "[^"]+" as (\S+)$/.exec(line) ?? /^state (\S+) \{$/.exec(line) ?? /^([A-Za-z0-9_]+)$/.exec(line);
        if (declaration) declared.add(declaration[1]!);
        if (line.endsWith('{')) openedAt.push(++depth);
        if (line === '}') { depth -= 1; openedAt.pop(); }
        const note = /^note right of (\S+)$/.exec(line);
        if (note) expect(declared, `${chart.id}: note before ${note[1]} is declared`).toContain(note[1]);
        const edge = /^(\S+) --> (\S+) :/.exec(line);
        if (edge) for (const end of [edge[1]!, edge[2]!]) if (end !== '[*]') expect(declared, `${chart.id}: edge names ${end} before it is declared`).toContain(end);
      }
    }
    // login's enteringCode is parallel (entry | resend): the resend countdown's own edges sit in its section.
    const login = renderMermaid(charts.find((c) => c.id === 'login')!, { notes: false, mergeEdges: false }).map((l) => l.trim());
    const resend = login.indexOf('state smsLogin_enteringCode_resend {');
    const divider = login.lastIndexOf('--', resend);
    expect(divider).toBeGreaterThan(0);
    const entryEdge = login.findIndex((l) => l.startsWith('smsLogin_enteringCode_entry_editing --> entry_submitting'));
    expect(entryEdge).toBeGreaterThan(0);
    expect(entryEdge).toBeLessThan(divider);
  });
});
