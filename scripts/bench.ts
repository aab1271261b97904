/**
 * `npm run bench`: numbers that matter for the foundation, measured, not asserted.
 *  1. gzipped bytes of the JS and CSS the browser loads for `/` (real page load in Chromium);
 *  2. gateway requests per second on bundleList, against a bare node:http server serving the same JSON,
 *     in the same run, as a ratio (autocannon, loopback only, bounded in time);
 *  3. seconds from `npm start` on a built tree to /healthz answering (fresh data dir, then a restart).
 * Results are printed and written to test-results/bench.json.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';

const root = process.cwd();
const tmp = join(root, '.tmp', 'bench');
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startProduct(port: number, dataDir: string): Promise<{ child: ChildProcess; seconds: number }> {
  const started = performance.now();
  const child = spawn(join(root, 'node_modules/.bin/tsx'), ['src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return { child, seconds: (performance.now() - started) / 1000 };
    } catch { /* not listening yet */ }
    if (performance.now() - started > 120_000) throw new Error('no /healthz within 120 s');
    await sleep(50);
  }
}

const stop = (child: ChildProcess) => new Promise<void>((resolve) => { child.once('exit', () => resolve()); child.kill('SIGINT'); });

async function initialLoadBytes(url: string) {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  const page = await browser.newPage();
  const bodies: { url: string; type: string; gz: number }[] = [];
  page.on('response', async (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    try { bodies.push({ url: res.url(), type, gz: gzipSync(await res.body(), { level: 9 }).length }); } catch { /* redirected */ }
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await browser.close();
  const sum = (t: string) => bodies.filter((b) => b.type === t).reduce((n, b) => n + b.gz, 0);
  return { jsGzipBytes: sum('script'), cssGzipBytes: sum('stylesheet'), files: bodies.length };
}

async function rps(url: string, init: { method: string; body?: string; headers?: Record<string, string> }) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, ...init });
  return { requestsPerSecond: Math.round(result.requests.average), p99Ms: result.latency.p99, errors: result.errors + result.non2xx };
}

async function main() {
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  if (!existsSync(join(root, 'dist/client/index.html'))) spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });

  const port = 19000 + Math.floor(Math.random() * 500);
  const dataDir = join(tmp, 'data');
  const fresh = await startProduct(port, dataDir);
  const base = `http://127.0.0.1:${port}`;

  console.log(`started in ${fresh.seconds.toFixed(2)} s; measuring the initial load of /`);
  const load = await initialLoadBytes(`${base}/`);

  const bundleListUrl = `${base}/gateway/pcapp/api/v1/order/bundleList`;
  const headers = { 'content-type': 'application/json', Language: 'en' };
  const sample = await (await fetch(bundleListUrl, { method: 'POST', headers, body: '{}' })).text();
  const bare = createServer((req, res) => {
    req.resume();
    req.on('end', () => { res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }); res.end(sample); });
  });
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', () => r()));
  const barePort = (bare.address() as { port: number }).port;

  console.log(`load testing bundleList for ${DURATION_S} s, then a bare node:http server`);
  const gateway = await rps(bundleListUrl, { method: 'POST', body: '{}', headers });
  const bareNode = await rps(`http://127.0.0.1:${barePort}/`, { method: 'POST', body: '{}', headers });
  bare.close();
  await stop(fresh.child);

  const restart = await startProduct(port, dataDir);
  await stop(restart.child);

  const report = {
    date: new Date().toISOString(),
    initialLoad: load,
    bundleList: { gateway, bareNode, ratio: Number((gateway.requestsPerSecond / bareNode.requestsPerSecond).toFixed(2)), connections: CONNECTIONS, seconds: DURATION_S },
    startToHealthz: { freshDataDirSeconds: Number(fresh.seconds.toFixed(2)), restartSeconds: Number(restart.seconds.toFixed(2)) },
  };
  mkdirSync(join(root, 'test-results'), { recursive: true });
  writeFileSync(join(root, 'test-results', 'bench.json'), JSON.stringify(report, null, 2));
  console.log(`initial load of /: ${(load.jsGzipBytes / 1024).toFixed(1)} KiB JS + ${(load.cssGzipBytes / 1024).toFixed(1)} KiB CSS gzipped (${load.files} files)`);
  console.log(`bundleList: gateway ${gateway.requestsPerSecond} req/s (p99 ${gateway.p99Ms} ms), bare node:http ${bareNode.requestsPerSecond} req/s, ratio ${report.bundleList.ratio}`);
  console.log(`npm start to /healthz: ${report.startToHealthz.freshDataDirSeconds} s on a fresh data dir, ${report.startToHealthz.restartSeconds} s on restart`);
}

main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
