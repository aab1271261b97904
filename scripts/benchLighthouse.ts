/**
 * `npm run bench`, Lighthouse section: the performance score and its lab metrics (LCP, TBT, CLS, FCP, Speed Index)
 * of the pages issue 13 names, on the built product, with Lighthouse's default (mobile) configuration: a Moto G
 * Power-sized screen, simulated slow 4G and a 4x slower CPU. Lighthouse drives Debian's Chromium through its debugging
 * port. Each page is measured `BENCH_LIGHTHOUSE_RUNS` times (3 by default) and reported by its median run (by score),
 * with the lowest and highest score beside it: on 2 shared cores one run can be off by a few hundredths.
 */
import { createServer } from 'node:net';
import { chromium } from 'playwright-core';

export const LIGHTHOUSE_PAGES = ['/', '/plans/propagate', '/activation/first'] as const;

export interface LighthouseRun {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  speedIndexMs: number;
}

export interface LighthousePage extends LighthouseRun {
  path: string;
  runs: number;
  minScore: number;
  maxScore: number;
}

export interface LighthouseReport {
  preset: string;
  /** Lighthouse's measure of this machine's CPU at the time (higher is faster): a loaded machine scores lower. */
  benchmarkIndex: number | null;
  pages: LighthousePage[];
}

const freePort = () => new Promise<number>((resolve, reject) => {
  const server = createServer();
  server.once('error', reject);
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    server.close(() => resolve(port));
  });
});

const round = (n: number, digits = 0) => Number(n.toFixed(digits));

/** Runs Lighthouse on each page of `paths` under `base` and answers each page's median run. */
export async function lighthouseScores(base: string, paths: readonly string[] = LIGHTHOUSE_PAGES): Promise<LighthouseReport> {
  const runs = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
  const { default: lighthouse } = await import('lighthouse');
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--no-first-run', '--disable-quic', `--remote-debugging-port=${port}`],
  });
  const pages: LighthousePage[] = [];
  const benchmarks: number[] = [];
  try {
    for (const path of paths) {
      const results: LighthouseRun[] = [];
      for (let i = 0; i < runs; i++) {
        // A run whose trace Chromium did not record (NO_NAVSTART, on a busy machine) is run again, twice at most.
        let lhr;
        for (let attempt = 1; ; attempt++) {
          lhr = (await lighthouse(`${base}${path}`, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }))?.lhr;
          if (!lhr) throw new Error(`Lighthouse answered nothing for ${path}`);
          if (!lhr.runtimeError) break;
          if (attempt === 3) throw new Error(`Lighthouse on ${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        }
        const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        if (lhr.environment.benchmarkIndex) benchmarks.push(lhr.environment.benchmarkIndex);
        results.push({
          score: lhr.categories.performance?.score ?? 0,
          lcpMs: round(metric('largest-contentful-paint')),
          tbtMs: round(metric('total-blocking-time')),
          cls: round(metric('cumulative-layout-shift'), 3),
          fcpMs: round(metric('first-contentful-paint')),
          speedIndexMs: round(metric('speed-index')),
        });
      }
      const sorted = [...results].sort((a, b) => a.score - b.score);
      const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
      pages.push({ path, runs, ...median, minScore: sorted[0]!.score, maxScore: sorted[sorted.length - 1]!.score });
      console.log(`lighthouse ${path}: ${median.score.toFixed(2)} (runs ${sorted.map((r) => r.score.toFixed(2)).join(', ')}), LCP ${median.lcpMs} ms, TBT ${median.tbtMs} ms, CLS ${median.cls}, FCP ${median.fcpMs} ms`);
    }
  } finally {
    await browser.close();
  }
  benchmarks.sort((a, b) => a - b);
  return { preset: 'mobile (Lighthouse default configuration)', benchmarkIndex: benchmarks.length ? Math.round(benchmarks[Math.floor(benchmarks.length / 2)]!) : null, pages };
}

/** `tsx scripts/benchLighthouse.ts <base URL>`: this section alone, against a product already running. */
if (process.argv[1]?.endsWith('benchLighthouse.ts') && process.argv[2]) {
  lighthouseScores(process.argv[2].replace(/\/$/, '')).then(
    (report) => { console.log(JSON.stringify(report, null, 2)); process.exit(0); },
    (e: unknown) => { console.error(e); process.exit(1); },
  );
}
