/**
 * `npm run bench`: numbers that matter for the foundation, measured, not asserted.
 *  1. the bundle report (scripts/benchBundle.ts): the JS and CSS the first load of /, /plans/propagate,
 *     /activation/first and /login fetches in Chromium, raw and gzipped per file, against issue 13's target;
 *  2. the gateway (scripts/benchGateway.ts): requests per second on bundleList against a bare node:http server
 *     serving the same JSON, in the same run, as a ratio, and compressed; bundleList's bytes raw, gzip and brotli;
 *     userInfo at 10 and 50 connections (autocannon, loopback only, bounded in time);
 *  3. seconds from `npm start` (scripts/start.mjs, its server bundle built first) to /healthz answering (fresh data
 *     dir, then a restart), and the seconds building the server bundle takes;
 *  4. orders placed per second and their p99 latency with 20 concurrent buyers (create, tokenize a test card, pay),
 *     on PGlite, and on PostgreSQL when DATABASE_URL is set (a fresh database on that server, dropped afterwards),
 *     and the fulfilment jobs still waiting 3 s after that load (scripts/benchOrders.ts);
 *  5. Lighthouse (mobile) on /, /plans/propagate and /activation/first, each page served as the product serves it
 *     (prerendered HTML, decision 0022): score, LCP, TBT, CLS (scripts/benchLighthouse.ts).
 * Results are printed and written to test-results/bench.json. `BENCH_ONLY=orders` measures only 4 (bench-orders.json),
 * `BENCH_ONLY=bundle` only 1 (bench-bundle.json), `BENCH_ONLY=gateway` only 2 and the restarts of 3 (bench-gateway.json,
 * with the load average before and after, since the machine's other work moves every absolute figure).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import pg from 'pg';
import { benchOrders, type OrdersBench } from './benchOrders';
import { bundleReport, printBundleReport } from './benchBundle';
import { gatewayFigures, printGatewayFigures } from './benchGateway';
// @ts-expect-error: plain JavaScript, what `npm start` runs
import { buildServer } from './start.mjs';
import { lighthouseScores } from './benchLighthouse';

const root = process.cwd();
const tmp = join(root, '.tmp', 'bench');
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
const BUYERS = 20;
const ORDERS_ONLY = process.env.BENCH_ONLY === 'orders';
const BUNDLE_ONLY = process.env.BENCH_ONLY === 'bundle';
const GATEWAY_ONLY = process.env.BENCH_ONLY === 'gateway';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startProduct(port: number, dataDir: string, databaseUrl?: string): Promise<{ child: ChildProcess; seconds: number }> {
  const started = performance.now();
  const { DATABASE_URL: _ignored, ...env } = process.env;
  // What `npm start` runs; the sandbox on, as npm start has it by default (the userInfo figures log in through its captcha).
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production', SANDBOX: '1',
      // One address places every order: the per-IP guard would otherwise measure itself.
      RATE_LIMIT_PER_MINUTE: '1000000', ...(databaseUrl ? { DATABASE_URL: databaseUrl, CODE_PEPPER: 'bench-pepper-0123456789' } : {}),
    },
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

async function main() {
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  if (!existsSync(join(root, 'dist/client/index.html'))) spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });

  const bundleStarted = performance.now();
  await (buildServer as () => Promise<number>)();
  const serverBundleSeconds = Number(((performance.now() - bundleStarted) / 1000).toFixed(2));
  const port = 19000 + Math.floor(Math.random() * 500);
  const dataDir = join(tmp, 'data');
  const fresh = await startProduct(port, dataDir);
  const base = `http://127.0.0.1:${port}`;

  if (ORDERS_ONLY) return ordersOnly(base, port, fresh.child);
  if (BUNDLE_ONLY) return bundleOnly(base, fresh.child);
  if (GATEWAY_ONLY) return gatewayOnly(base, port, dataDir, fresh, serverBundleSeconds);
  console.log(`started in ${fresh.seconds.toFixed(2)} s; measuring the first load of / and three other pages`);
  const firstLoad = await bundleReport(base);
  console.log('running Lighthouse (mobile) on the pages of issue 13');
  const lighthouse = await lighthouseScores(base);

  const gateway = await gatewayFigures(base, { seconds: DURATION_S, connections: CONNECTIONS, gatewayPid: fresh.child.pid });

  console.log(`placing orders with ${BUYERS} concurrent buyers for ${DURATION_S} s (PGlite)`);
  const ordersPglite = await benchOrders(base, `http://127.0.0.1:${port + 1}`, { buyers: BUYERS, seconds: DURATION_S });
  await stop(fresh.child);
  const ordersPostgres = process.env.DATABASE_URL ? await ordersOnPostgres(process.env.DATABASE_URL, port + 2) : null;

  const restart = await startProduct(port, dataDir);
  await stop(restart.child);
  const restartAgain = await startProduct(port, dataDir);
  await stop(restartAgain.child);

  const report = {
    date: new Date().toISOString(),
    firstLoad,
    lighthouse,
    bundleList: gateway.bundleList,
    gateway: { bundleListBytes: gateway.bundleListBytes, userInfo: gateway.userInfo },
    startToHealthz: {
      freshDataDirSeconds: Number(fresh.seconds.toFixed(2)), restartSeconds: Number(restart.seconds.toFixed(2)),
      secondRestartSeconds: Number(restartAgain.seconds.toFixed(2)), serverBundleSeconds,
    },
    orders: { pglite: ordersPglite, postgres: ordersPostgres },
  };
  mkdirSync(join(root, 'test-results'), { recursive: true });
  writeFileSync(join(root, 'test-results', 'bench.json'), JSON.stringify(report, null, 2));
  printBundleReport(firstLoad);
  for (const p of lighthouse.pages) console.log(`lighthouse ${p.path}: ${p.score.toFixed(2)} (${p.minScore.toFixed(2)}-${p.maxScore.toFixed(2)} in ${p.runs} runs), LCP ${p.lcpMs} ms, TBT ${p.tbtMs} ms, CLS ${p.cls}`);
  printGatewayFigures('PGlite', gateway);
  const st = report.startToHealthz;
  console.log(`npm start to /healthz: ${st.freshDataDirSeconds} s on a fresh data dir, ${st.restartSeconds} s on restart, ${st.secondRestartSeconds} s on a second`
    + ` restart (the server bundle built beforehand in ${st.serverBundleSeconds} s)`);
  printOrders(ordersPglite, ordersPostgres);
}

function printOrders(ordersPglite: OrdersBench, ordersPostgres: OrdersBench | null) {
  for (const [name, r] of [['PGlite', ordersPglite], ['PostgreSQL', ordersPostgres]] as const) {
    if (!r) continue;
    console.log(`orders (${name}, ${r.buyers} buyers): ${r.ordersPerSecond} orders/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, ${r.orders} placed, ${r.failures} failed`);
    const b = r.backlog;
    console.log(`  fulfilment ${b.afterMs / 1000} s after the load: ${b.pending} of ${b.of} orders still pending (read in ${b.readInMs} ms)`
      + `${b.pendingJobsInDatabase === null ? '' : `, ${b.pendingJobsInDatabase} order.fulfil jobs not done in the database`}`
      + `; backlog empty ${b.emptyAfterSeconds === null ? 'not within 120 s' : `${b.emptyAfterSeconds} s after the load`}`);
  }
  if (!ordersPostgres) console.log('orders on PostgreSQL: skipped (DATABASE_URL is unset)');
}

/** BENCH_ONLY=bundle: the bundle report alone. */
async function bundleOnly(base: string, product: ChildProcess) {
  const firstLoad = await bundleReport(base);
  await stop(product);
  mkdirSync(join(root, 'test-results'), { recursive: true });
  writeFileSync(join(root, 'test-results', 'bench-bundle.json'), JSON.stringify({ date: new Date().toISOString(), firstLoad }, null, 2));
  printBundleReport(firstLoad);
}

/** BENCH_ONLY=gateway: bundleList against bare node:http, userInfo, then two restarts to /healthz. */
async function gatewayOnly(base: string, port: number, dataDir: string, fresh: { child: ChildProcess; seconds: number }, serverBundleSeconds: number) {
  const loadBefore = loadavg().map((n) => Number(n.toFixed(2)));
  const gateway = await gatewayFigures(base, { seconds: DURATION_S, connections: CONNECTIONS, gatewayPid: fresh.child.pid });
  const loadAfter = loadavg().map((n) => Number(n.toFixed(2)));
  await stop(fresh.child);
  const restart = await startProduct(port, dataDir);
  await stop(restart.child);
  const restartAgain = await startProduct(port, dataDir);
  await stop(restartAgain.child);
  const startToHealthz = {
    freshDataDirSeconds: Number(fresh.seconds.toFixed(2)), restartSeconds: Number(restart.seconds.toFixed(2)),
    secondRestartSeconds: Number(restartAgain.seconds.toFixed(2)), serverBundleSeconds,
  };
  mkdirSync(join(root, 'test-results'), { recursive: true });
  writeFileSync(join(root, 'test-results', 'bench-gateway.json'), JSON.stringify({
    date: new Date().toISOString(), loadAverage: { before: loadBefore, after: loadAfter, atEnd: loadavg().map((n) => Number(n.toFixed(2))) },
    bundleList: gateway.bundleList, gateway: { bundleListBytes: gateway.bundleListBytes, userInfo: gateway.userInfo }, startToHealthz,
  }, null, 2));
  printGatewayFigures('PGlite', gateway);
  console.log(`load average ${loadBefore.join(' ')} before, ${loadAfter.join(' ')} after the gateway figures`);
  console.log(`npm start to /healthz: ${startToHealthz.freshDataDirSeconds} s on a fresh data dir, ${startToHealthz.restartSeconds} s on restart, `
    + `${startToHealthz.secondRestartSeconds} s on a second restart`);
}

/** BENCH_ONLY=orders: the orders and their fulfilment backlog, on PGlite and (DATABASE_URL) PostgreSQL. */
async function ordersOnly(base: string, port: number, product: ChildProcess) {
  console.log(`placing orders with ${BUYERS} concurrent buyers for ${DURATION_S} s (PGlite)`);
  const ordersPglite = await benchOrders(base, `http://127.0.0.1:${port + 1}`, { buyers: BUYERS, seconds: DURATION_S });
  await stop(product);
  const ordersPostgres = process.env.DATABASE_URL ? await ordersOnPostgres(process.env.DATABASE_URL, port + 2) : null;
  mkdirSync(join(root, 'test-results'), { recursive: true });
  writeFileSync(join(root, 'test-results', 'bench-orders.json'), JSON.stringify({
    date: new Date().toISOString(), jobConcurrency: process.env.JOB_CONCURRENCY ?? null, orders: { pglite: ordersPglite, postgres: ordersPostgres },
  }, null, 2));
  printOrders(ordersPglite, ordersPostgres);
}

/** The same measurement on a fresh database of the PostgreSQL server at DATABASE_URL, dropped afterwards. */
async function ordersOnPostgres(adminUrl: string, port: number): Promise<OrdersBench> {
  const name = `bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    const product = await startProduct(port, join(tmp, 'unused'), url.toString());
    try {
      console.log(`placing orders with ${BUYERS} concurrent buyers for ${DURATION_S} s (PostgreSQL)`);
      const pendingJobs = async () => {
        const db = new pg.Client({ connectionString: url.toString() });
        await db.connect();
        try {
          const { rows } = await db.query<{ n: string }>("select count(*) as n from jobs where kind = 'order.fulfil' and done_at is null");
          return Number(rows[0]!.n);
        } finally {
          await db.end();
        }
      };
      return await benchOrders(`http://127.0.0.1:${port}`, `http://127.0.0.1:${port + 1}`, { buyers: BUYERS, seconds: DURATION_S, pendingJobs });
    } finally {
      await stop(product.child);
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
