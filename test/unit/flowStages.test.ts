/**
 * FLOW_STAGES (src/app/routes.ts, decision 0048) names modules a wizard's layout loads anyway, evaluated one task each
 * before the layout when a prerendered step hydrates. A stage outside the layout's own imports would add bytes to the
 * page instead of splitting its work: each must be in the layout's static import graph (test/support/namespaceScan.ts).
 */
import { describe, expect, it } from 'vitest';
import { FLOW_LAYOUTS, FLOW_STAGES } from '../../src/app/routes';
import { importedPath, moduleFiles } from '../support/namespaceScan';

const withoutSuffix = (path: string) => path.replace(/\.(ts|tsx)$/, '').replace(/\/index$/, '');

describe('flow stages', () => {
  it('the activation flow has stages (its first step is prerendered)', () => {
    expect(FLOW_STAGES.activation?.length).toBeGreaterThan(0);
  });

  it.each(Object.entries(FLOW_STAGES))("the %s flow's stages are modules its layout imports anyway", (flow, stages) => {
    const layout = FLOW_LAYOUTS[flow as keyof typeof FLOW_LAYOUTS];
    expect(layout).toBeDefined();
    const graph = new Set(moduleFiles(importedPath(layout!)).map(withoutSuffix));
    for (const stage of stages!) expect(graph, importedPath(stage)).toContain(withoutSuffix(importedPath(stage)));
  });
});
