import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { charts } from '../../machines/index';
import { renderAllDiagrams, renderChartDiagram } from '../../machines/diagram';

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
    const logout = renderChartDiagram(charts.find((c) => c.id === 'logout')!);
    expect(logout).toContain('clearing --> done : always');
    expect(logout).toMatch(/note right of confirming\n\s+Spec section 4/);
  });
});
