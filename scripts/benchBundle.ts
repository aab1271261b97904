/**
 * The bundle report of `npm run bench` (issue 13, "First load"; decision 0023): for each page below, the JS and CSS
 * a visitor's first load fetches, file by file, raw and gzipped, against the target for "/".
 *
 * Two views of the same load, so a regression says where it comes from:
 *  - `entry`: what the served HTML names itself (its module script, its modulepreload links, its stylesheets), i.e.
 *    the entry and its static imports, fetched before any code runs;
 *  - `files` / `total`: everything the page fetched in Chromium until the network was idle (the entry, then the
 *    route's lazy screen, its i18n namespaces and whatever they import), which is what the first load costs.
 * Gzip at level 9, as the gateway's precompressed copies (src/server/clientBuild.ts).
 */
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

export const FIRST_LOAD_PAGES = ['/', '/plans/propagate', '/activation/first', '/login'] as const;
/** Issue 13's target for the first load of "/", and the goal beyond it (gzipped KB of JS and CSS). */
export const FIRST_LOAD_TARGET_KB = 130;
export const FIRST_LOAD_GOAL_KB = 110;

const KB = 1024;
const kb = (bytes: number) => Number((bytes / KB).toFixed(1));

export interface LoadedFile {
  file: string;
  type: 'script' | 'stylesheet';
  /** Named by the served HTML (entry, modulepreload, stylesheet) rather than fetched later by code. */
  entry: boolean;
  rawKB: number;
  gzipKB: number;
}

interface Sizes { files: number; rawKB: number; gzipKB: number }

export interface PageLoad {
  path: string;
  /** Its screen showed its heading and the app committed its first render: a page that failed to render (or hydrate)
   * would measure less than it costs. */
  rendered: boolean;
  entry: Sizes;
  total: Sizes & { jsGzipKB: number; cssGzipKB: number };
  files: LoadedFile[];
}

export interface BundleReport {
  targetGzipKB: number;
  goalGzipKB: number;
  homeGzipKB: number;
  meetsTarget: boolean;
  meetsGoal: boolean;
  pages: PageLoad[];
}

/** The files the HTML names: `<script type="module" src>`, `<link rel="modulepreload">`, `<link rel="stylesheet">`. */
export function filesNamedByHtml(html: string): string[] {
  const out: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1] ?? null;
    if (/^<script/i.test(tag)) {
      const src = attr('src');
      if (src) out.push(src);
    } else if (/^(modulepreload|stylesheet)$/i.test(attr('rel') ?? '')) {
      const href = attr('href');
      if (href) out.push(href);
    }
  }
  return [...new Set(out)];
}

const sum = (files: LoadedFile[]): Sizes => ({
  files: files.length,
  rawKB: kb(files.reduce((n, f) => n + f.rawKB * KB, 0)),
  gzipKB: kb(files.reduce((n, f) => n + f.gzipKB * KB, 0)),
});

async function loadPage(browser: Awaited<ReturnType<typeof chromium.launch>>, base: string, path: string): Promise<PageLoad> {
  const html = await (await fetch(`${base}${path}`, { headers: { accept: 'text/html' } })).text();
  const named = new Set(filesNamedByHtml(html).map((u) => new URL(u, `${base}${path}`).pathname));
  const context = await browser.newContext();
  const page = await context.newPage();
  const pending: Promise<LoadedFile | null>[] = [];
  page.on('response', (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const url = new URL(res.url());
    if (url.origin !== new URL(base).origin) return;
    pending.push(res.body().then((body) => ({
      file: url.pathname, type, entry: named.has(url.pathname), rawKB: body.length / KB, gzipKB: gzipSync(body, { level: 9 }).length / KB,
    }), () => null));
  });
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  // The page's own screen has rendered (its heading), the app has committed its first render (hydrated a prerendered
  // page: its heading is in the server's HTML before any script ran, and on a busy machine the network can be idle
  // for 500 ms before the scripts have asked for the route's code), and whatever that fetched has arrived.
  const rendered = await page.locator('main h1').first().waitFor({ timeout: 15_000 }).then(() => true, () => false);
  const committed = await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, { timeout: 30_000 }).then(() => true, () => false);
  await page.waitForLoadState('networkidle');
  const loaded = (await Promise.all(pending)).filter((f): f is LoadedFile => f !== null);
  await context.close();
  const files = [...new Map(loaded.map((f) => [f.file, f])).values()]
    .sort((a, b) => b.gzipKB - a.gzipKB)
    .map((f) => ({ ...f, rawKB: kb(f.rawKB * KB), gzipKB: kb(f.gzipKB * KB) }));
  const total = sum(files);
  const gz = (t: LoadedFile['type']) => kb(files.filter((f) => f.type === t).reduce((n, f) => n + f.gzipKB * KB, 0));
  return { path, rendered: rendered && committed, entry: sum(files.filter((f) => f.entry)), total: { ...total, jsGzipKB: gz('script'), cssGzipKB: gz('stylesheet') }, files };
}

/** Loads each page in a fresh browser context (nothing cached) from a running gateway serving the built client. */
export async function bundleReport(base: string, pages: readonly string[] = FIRST_LOAD_PAGES): Promise<BundleReport> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  try {
    const loads: PageLoad[] = [];
    for (const path of pages) loads.push(await loadPage(browser, base, path));
    const home = loads.find((l) => l.path === '/')?.total.gzipKB ?? Number.NaN;
    return {
      targetGzipKB: FIRST_LOAD_TARGET_KB,
      goalGzipKB: FIRST_LOAD_GOAL_KB,
      homeGzipKB: home,
      meetsTarget: home <= FIRST_LOAD_TARGET_KB,
      meetsGoal: home <= FIRST_LOAD_GOAL_KB,
      pages: loads,
    };
  } finally {
    await browser.close();
  }
}

/** The report as the console shows it: a line per page, then its files, largest first. */
export function printBundleReport(r: BundleReport, log: (line: string) => void = console.log): void {
  log(`first load (gzipped JS+CSS; target for "/" ${r.targetGzipKB} KB, goal ${r.goalGzipKB} KB): "/" ${r.homeGzipKB} KB`
    + ` (${r.meetsGoal ? 'meets the goal' : r.meetsTarget ? 'meets the target' : 'OVER the target'})`);
  for (const p of r.pages) {
    log(`  ${p.path}${p.rendered ? '' : ' (NOT RENDERED)'}: ${p.total.gzipKB} KB gzipped (${p.total.rawKB} KB raw) in ${p.total.files} files;`
      + ` JS ${p.total.jsGzipKB} KB, CSS ${p.total.cssGzipKB} KB; named by the HTML ${p.entry.gzipKB} KB in ${p.entry.files} files`);
    for (const f of p.files) log(`    ${f.gzipKB.toFixed(1).padStart(6)} KB gz ${f.rawKB.toFixed(1).padStart(7)} KB raw  ${f.entry ? 'html' : 'lazy'}  ${f.file}`);
  }
}
