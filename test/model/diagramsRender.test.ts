/**
 * Every committed diagram drawn by the real Mermaid 11 (the `mermaid` package in Debian's Chromium), as a git
 * host draws it for a product owner: a diagram that Mermaid refuses, or draws without all of its chart's
 * states (its business states on the overview), fails here. Comparing the generated text (diagrams.test.ts) cannot catch either.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allStates } from '../../machines/chart';
import { isTechnical } from '../../machines/diagram';
import { charts } from '../../machines/index';
import { launchChromium } from '../support/chromium';

const dir = join(import.meta.dirname, '..', '..', 'docs', 'statecharts');
const mermaidScript = createRequire(import.meta.url).resolve('mermaid/dist/mermaid.min.js');

interface Drawing { error?: string; width: number; height: number; texts: string[] }

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  page = await browser.newPage();
  await page.setContent('<!doctype html><html><body><div id="out"></div></body></html>');
  await page.addScriptTag({ path: mermaidScript });
  await page.evaluate(() => (window as unknown as { mermaid: { initialize(c: object): void } }).mermaid.initialize({ startOnLoad: false }));
}, 60_000);

afterAll(async () => { await browser?.close(); });

const draw = (source: string, id: string): Promise<Drawing> =>
  page.evaluate(async ({ source, id }) => {
    const mermaid = (window as unknown as { mermaid: { render(id: string, text: string): Promise<{ svg: string }> } }).mermaid;
    const out = document.getElementById('out')!;
    try {
      const { svg } = await mermaid.render(id, source);
      out.innerHTML = svg;
      const drawn = out.querySelector('svg')!;
      const box = drawn.getBBox();
      const texts = [...drawn.querySelectorAll('text, span, p')].map((n) => n.textContent?.trim() ?? '').filter(Boolean);
      return { width: box.width, height: box.height, texts };
    } catch (e) {
      return { error: e instanceof Error ? e.message : String(e), width: 0, height: 0, texts: [] };
    } finally {
      out.innerHTML = '';
    }
  }, { source, id });

const mermaidBlocks = (file: string) => [...readFileSync(join(dir, file), 'utf8').matchAll(/```mermaid\n([\s\S]*?)```/g)].map((m) => m[1]!);

describe('docs/statecharts drawn by Mermaid', () => {
  const pages = readdirSync(dir).filter((f) => f.endsWith('.md') && f !== 'index.md').sort();

  it('has an overview page and a full page for every chart', () => {
    expect(pages).toEqual(charts.flatMap((c) => [`${c.id}.full.md`, `${c.id}.md`]).sort());
  });

  for (const file of pages) {
    const chart = charts.find((c) => file === `${c.id}.md` || file === `${c.id}.full.md`)!;
    it(`${file} draws every state of ${chart.id}`, async () => {
      const blocks = mermaidBlocks(file);
      expect(blocks, 'one diagram per page').toHaveLength(1);
      const drawing = await draw(blocks[0]!, `d_${file.replace(/\W/g, '_')}`);
      expect(drawing.error, `Mermaid refused ${file}`).toBeUndefined();
      expect(drawing.width).toBeGreaterThan(0);
      expect(drawing.height).toBeGreaterThan(0);
      // The overview is the business view: technical states are folded away (machines/diagram.ts); the full page draws all.
      const expected = allStates(chart.machine).filter((n) => file.endsWith('.full.md') || !isTechnical(n));
      const missing = expected.map((n) => n.key).filter((key) => !drawing.texts.includes(key));
      expect(missing, `states of ${chart.id} not drawn in ${file}`).toEqual([]);
    });
  }
});
