/**
 * `npm run two-gateways`: two gateway processes (`src/server/main.ts`, as `npm start` runs it) on one new PostgreSQL
 * database, with the same CODE_PEPPER and the same origin configuration, behind a small reverse proxy on loopback that
 * takes turns between them and adds X-Forwarded-For, as a load balancer does (issue 12, section 4; decision 0014).
 * Prints the proxy's URL; Ctrl-C stops the gateways and the proxy and drops the database.
 *
 * Each gateway runs its own payment sandbox (its own PAYMENTS_PORT). The sandbox keeps its state in the database and
 * both derive the same merchant keys from CODE_PEPPER, so a card tokenized by one sandbox is charged through the
 * other gateway; browsers are sent to gateway 1's sandbox (PAYMENTS_ORIGIN) whichever gateway served the page.
 *
 * test/server/twoGateways.test.ts starts the same harness (startTwoGateways) on TEST_DATABASE_URL.
 *
 * Environment of the command: PORT (the proxy, default 8080; the gateways take the next four ports), DATABASE_URL (the
 * PostgreSQL server to create the database on, default postgres://postgres@127.0.0.1:5432/postgres); anything else
 * (JOB_CONCURRENCY, RATE_LIMIT_PER_MINUTE, LOG_LEVEL...) reaches both gateways as it is.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, Agent, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');

// ---- the reverse proxy ----------------------------------------------------------------------------------------

export interface Proxy {
  url: string;
  /** Requests handed to each upstream, in the order of `upstreams`. */
  served: number[];
  close(): Promise<void>;
}

/** Headers of one connection, not of the request: a proxy does not pass them on. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'te', 'trailer', 'upgrade'];
const withoutHopByHop = (headers: IncomingHttpHeaders): IncomingHttpHeaders =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.includes(name)));

/**
 * A round-robin HTTP reverse proxy on `host`: request n goes to upstream n mod count. It appends the client's address
 * to X-Forwarded-For (one hop: a gateway trusting one proxy hop reads the client there, whatever the client wrote
 * before it), sets X-Forwarded-Proto and X-Forwarded-Host, and names the upstream in the answer's X-Served-By
 * (gateway-1, gateway-2). An upstream that does not answer gets the client a 502 in the gateway's error shape.
 */
export async function startProxy(upstreams: string[], opts: { port?: number; host?: string } = {}): Promise<Proxy> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const served = upstreams.map(() => 0);
  let turn = 0;
  const server: Server = createServer((req, res) => {
    const index = turn;
    turn = (turn + 1) % upstreams.length;
    served[index]! += 1;
    const target = new URL(upstreams[index]!);
    const client = req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '';
    const before = req.headers['x-forwarded-for'];
    const headers: IncomingHttpHeaders = {
      ...withoutHopByHop(req.headers),
      'x-forwarded-for': before ? `${Array.isArray(before) ? before.join(', ') : before}, ${client}` : client,
      'x-forwarded-proto': 'http',
      'x-forwarded-host': req.headers.host ?? '',
    };
    const upstream = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, { ...withoutHopByHop(answer.headers), 'x-served-by': `gateway-${index + 1}` });
      answer.pipe(res);
    });
    upstream.on('error', () => {
      if (res.headersSent) return void res.destroy();
      res.writeHead(502, { 'content-type': 'application/json; charset=utf-8', 'x-served-by': `gateway-${index + 1}` });
      res.end(JSON.stringify({ code: 'serverError', message: `gateway-${index + 1} did not answer the proxy` }));
    });
    req.pipe(upstream);
  });
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as { port: number };
  return {
    url: `http://${host}:${port}`,
    served,
    close: () => new Promise<void>((resolve) => {
      agent.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

// ---- the gateways ---------------------------------------------------------------------------------------------

export interface TwoGatewaysOptions {
  /** A PostgreSQL server (any database on it): the harness creates its own database there and drops it on stop(). */
  adminUrl: string;
  /** The proxy's port; 0 (the default) picks a free one. Fixed ports put the gateways on the next four (see main()). */
  port?: number;
  /** Serve the built client like `npm start` (building it first when stale); false: API only, nothing to build. */
  serveClient?: boolean;
  /** More environment for both gateways (RATE_LIMIT_PER_MINUTE, JOB_CONCURRENCY, LOG_LEVEL...). */
  env?: Record<string, string>;
  /** Each line a gateway prints, with its name. */
  onLine?: (gateway: string, line: string) => void;
}

export interface RunningGateway {
  name: string;
  /** The gateway itself, bypassing the proxy. */
  url: string;
  /** Its payment sandbox. */
  paymentsUrl: string;
  process: ChildProcess;
}

export interface TwoGateways {
  /** The proxy: what a browser or a client uses. */
  url: string;
  proxy: Proxy;
  gateways: [RunningGateway, RunningGateway];
  databaseName: string;
  databaseUrl: string;
  codePepper: string;
  /** SIGINT to both gateways (they finish their jobs and close), then the proxy, then the database is dropped. */
  stop(): Promise<void>;
}

/** A port nobody listens on now (the kernel's pick, released at once). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function waitHealthy(gateway: RunningGateway, deadlineMs: number): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (gateway.process.exitCode !== null) throw new Error(`${gateway.name} exited with ${gateway.process.exitCode} before answering /healthz`);
    const ok = await fetch(`${gateway.url}/healthz`).then((r) => r.ok, () => false);
    if (ok) return;
    if (Date.now() - started > deadlineMs) throw new Error(`${gateway.name} did not answer /healthz within ${deadlineMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const stopProcess = (child: ChildProcess): Promise<void> => new Promise((resolve) => {
  if (child.exitCode !== null || child.signalCode !== null) return resolve();
  child.once('exit', () => resolve());
  child.kill('SIGINT');
});

async function onServer<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function startTwoGateways(opts: TwoGatewaysOptions): Promise<TwoGateways> {
  const databaseName = `two_gateways_${randomBytes(5).toString('hex')}`;
  await onServer(opts.adminUrl, (c) => c.query(`create database ${databaseName}`));
  const url = new URL(opts.adminUrl);
  url.pathname = `/${databaseName}`;
  const databaseUrl = url.toString();
  const codePepper = randomBytes(32).toString('base64url');
  const fixed = opts.port ? [opts.port + 1, opts.port + 2, opts.port + 3, opts.port + 4] : null;
  const [port1, payments1, port2, payments2] = fixed ?? [await freePort(), await freePort(), await freePort(), await freePort()];
  const upstreams = [`http://127.0.0.1:${port1}`, `http://127.0.0.1:${port2}`];
  // npm start builds the client in its working directory when one is there: the test runs them where there is none.
  const cwd = opts.serveClient ? root : mkdtempSync(join(tmpdir(), 'lb-two-gateways-'));
  const started: RunningGateway[] = [];
  let proxy: Proxy | null = null;

  const stop = async () => {
    await Promise.all(started.map((g) => stopProcess(g.process)));
    await proxy?.close();
    await onServer(opts.adminUrl, (c) => c.query(`drop database if exists ${databaseName} with (force)`));
    if (!opts.serveClient) rmSync(cwd, { recursive: true, force: true });
  };

  try {
    proxy = await startProxy(upstreams, { port: opts.port ?? 0 });
    const publicOrigin = proxy.url.replace('127.0.0.1', 'localhost');
    const shared = {
      DATABASE_URL: databaseUrl,
      CODE_PEPPER: codePepper,
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      // One proxy hop in front (the limits' TRUST_PROXY); the same origins for both (PUBLIC_ORIGIN, PAYMENTS_ORIGIN).
      TRUST_PROXY: '1',
      PUBLIC_ORIGIN: publicOrigin,
      PAYMENTS_ORIGIN: `http://localhost:${payments1}`,
      ...opts.env,
    };
    const { DATABASE_URL: _admin, PORT: _port, ...inherited } = process.env;
    // One after the other: the first builds the client when it is stale and migrates, the second finds both done.
    for (const [name, port, paymentsPort] of [['gateway-1', port1, payments1], ['gateway-2', port2, payments2]] as const) {
      const child = spawn(join(root, 'node_modules', '.bin', 'tsx'), [join(root, 'src', 'server', 'main.ts')], {
        cwd, env: { ...inherited, ...shared, PORT: String(port), PAYMENTS_PORT: String(paymentsPort) }, stdio: ['ignore', 'pipe', 'pipe'],
      });
      for (const stream of [child.stdout, child.stderr]) {
        createInterface({ input: stream }).on('line', (line) => opts.onLine?.(name, line));
      }
      const gateway: RunningGateway = { name, url: `http://127.0.0.1:${port}`, paymentsUrl: `http://127.0.0.1:${paymentsPort}`, process: child };
      started.push(gateway);
      await waitHealthy(gateway, 240_000);
    }
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  return {
    url: proxy.url, proxy, gateways: started as [RunningGateway, RunningGateway], databaseName, databaseUrl, codePepper, stop,
  };
}

// ---- npm run two-gateways ---------------------------------------------------------------------------------------

async function main() {
  const port = Number(process.env.PORT ?? 8080);
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  console.log(`[two-gateways] creating a database on ${new URL(adminUrl).host} and starting two gateways (the first start builds the client if needed)…`);
  const two = await startTwoGateways({
    adminUrl, port, serveClient: true,
    env: process.env.LOG_LEVEL ? { LOG_LEVEL: process.env.LOG_LEVEL } : {},
    onLine: (name, line) => console.log(`[${name}] ${line}`),
  });
  const [g1, g2] = two.gateways;
  const url = two.url.replace('127.0.0.1', 'localhost');
  console.log([
    '',
    `  ${url}   the proxy: open this (round-robin between the two gateways, X-Forwarded-For added)`,
    `  ${g1.url}   gateway-1, payment sandbox ${g1.paymentsUrl} (the one browsers use)`,
    `  ${g2.url}   gateway-2, payment sandbox ${g2.paymentsUrl}`,
    `  database ${two.databaseName}; SMS and email inbox at ${url}/sandbox/inbox`,
    '  every answer through the proxy names its gateway in X-Served-By.',
    '  Ctrl-C stops both gateways and the proxy, and drops the database.',
    '',
  ].join('\n'));
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[two-gateways] ${signal}: stopping`);
    two.stop().then(() => process.exit(0), (e: unknown) => { console.error(e); process.exit(1); });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
