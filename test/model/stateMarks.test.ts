/**
 * ARCHITECTURE, "Business states and technical states": a chart marks its technical states (loading, calling,
 * polling: not in the spec) with the tag 'technical'; its other states are business states, which the overview and
 * the studio show. A state that calls something (an invoked actor) or shows the loading overlay ('busy') is
 * technical, unless the customer is doing business there (listed below with the reason). Every chart follows the
 * rule (the seven written before it were marked by issue 17).
 */
import { describe, expect, it } from 'vitest';
import { charts } from '../../machines';

const BUSINESS_WHILE_CALLING: Record<string, string> = {
  'logout.confirming': 'the customer answers the confirmation dialog (spec section 4: "Logout: confirm, then call the exit endpoint")',
  'checkout.paying': 'the customer pays the order, in the payment chart (spec section 3: the order is paid by one of the methods the gateway allows)',
  'payment.newCard': 'the customer types the card into the provider\'s card form (spec section 3, Bank card; section 5, card rules)',
  'topUp.paying': 'the customer pays, in the payment chart (spec section 4: payment success or failure)',
  'bankCards.adding': 'the customer types the card into the provider form (spec section 3, Bank card)',
  'bundleChange.paying': 'the customer pays the plan change, in the payment chart (spec section 4: payment success or failure)',
  'flowPacket.paying': 'the customer pays the data add-on, in the payment chart (spec section 4: payment success or failure)',
  'roamPack.paying': 'the customer pays the roaming pack, in the payment chart (spec section 4: payment success or failure)',
  'globalRenewal.paying': 'the customer pays the renewed pack, in the payment chart (spec section 4: payment success or failure)',
  'protectPage.paying': 'the customer pays the periods of number keeping, in the payment chart (spec section 4: payment success or failure)',
};

interface Node { id: string; tags?: readonly string[]; invoke?: readonly unknown[]; states?: Record<string, Node> }

function unmarked(node: Node, out: string[] = []): string[] {
  for (const child of Object.values(node.states ?? {})) {
    const calls = (child.invoke ?? []).length > 0 || Boolean(child.tags?.includes('busy'));
    if (calls && !child.tags?.includes('technical') && !BUSINESS_WHILE_CALLING[child.id]) out.push(child.id);
    unmarked(child, out);
  }
  return out;
}

describe('charts mark their technical states', () => {
  it.each(charts.map((c) => [c.id, c] as const))('%s: every state that calls or loads is tagged technical, or named as business', (_id, chart) => {
    expect(unmarked(chart.machine.root as unknown as Node)).toEqual([]);
  });

  it('the business exceptions name states that exist', () => {
    const ids = new Set<string>();
    const walk = (n: Node) => { ids.add(n.id); for (const c of Object.values(n.states ?? {})) walk(c); };
    for (const c of charts) walk(c.machine.root as unknown as Node);
    expect(Object.keys(BUSINESS_WHILE_CALLING).filter((id) => !ids.has(id))).toEqual([]);
  });
});
