/**
 * Each route declares the i18n namespaces its screen uses beyond the shell's (decision 0023), and only those load with
 * it: a namespace missing from the declaration would show keys, or suspend the page, on a first visit. The use is
 * read from the screen's code and what it imports (test/support/namespaceScan.ts).
 */
import { describe, expect, it } from 'vitest';
import { CORE_NAMESPACES } from '../../i18n';
import { FLOW_LAYOUTS, FLOW_NAMESPACES, ROUTES } from '../../src/app/routes';
import { importedPath, moduleNamespaces } from '../support/namespaceScan';

const core = new Set<string>(CORE_NAMESPACES);
const beyondCore = (file: string) => moduleNamespaces(file).filter((ns) => !core.has(ns));

describe('route namespaces', () => {
  const declared = ROUTES.filter((r) => r.screen && r.namespaces);

  it.each(declared.map((r) => [r.path, r] as const))('%s declares every namespace its screen uses', (_path, route) => {
    const missing = beyondCore(importedPath(route.screen!)).filter((ns) => !route.namespaces!.includes(ns));
    expect(missing).toEqual([]);
  });

  it.each(Object.entries(FLOW_NAMESPACES))("the %s flow's layout declares every namespace it uses", (flow, namespaces) => {
    const layout = FLOW_LAYOUTS[flow as keyof typeof FLOW_LAYOUTS];
    expect(layout).toBeDefined();
    const missing = beyondCore(importedPath(layout!)).filter((ns) => !namespaces!.includes(ns));
    expect(missing).toEqual([]);
  });

  it('the public pages of the first-load report declare theirs (none loads every namespace)', () => {
    for (const path of ['/', '/plans/propagate', '/activation/first', '/login']) {
      const route = ROUTES.find((r) => r.path === path)!;
      expect(route.namespaces, path).toBeDefined();
      if (route.flow) expect(FLOW_NAMESPACES[route.flow], path).toBeDefined();
    }
  });

  it('the scan finds what a screen uses, through the re-exports it takes names from', () => {
    expect(moduleNamespaces('screens/home/HomeScreen.tsx')).toContain('home');
    expect(moduleNamespaces('screens/login/LoginScreen.tsx')).toEqual(expect.arrayContaining(['login', 'validation']));
    // HomeScreen takes AppLink and usePlanName from forScreens, not the flows it re-exports.
    expect(moduleNamespaces('screens/home/HomeScreen.tsx')).not.toContain('checkout');
  });
});
