/**
 * `npm start`: validates the environment, builds the client when missing or stale, then serves the app
 * and the gateway on one port. Ctrl-C (SIGINT) or SIGTERM closes the server, then the database.
 */
import { join } from 'node:path';
import pino from 'pino';
import { EnvError, readEnv, sandboxEnabled } from './env';
import { embeddedPepper } from './pepper';
import { ensureClientBuilt } from './clientBuild';
import { startGateway } from './start';

const say = (line: string) => console.log(`[linkbridge] ${line}`);

/** "1.23 s" */
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  // From the process's start: Node itself and loading the gateway's modules.
  const loaded = performance.now();
  let env;
  try {
    env = readEnv();
  } catch (e) {
    if (e instanceof EnvError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const root = process.cwd();
  const checkAt = performance.now();
  await ensureClientBuilt(root, say);
  const clientChecked = performance.now() - checkAt;
  const sandbox = sandboxEnabled(env);
  // Ctrl-C is heard from here on: one that comes while the gateway starts waits for the start, then closes it (the
  // database is never left half-opened, and /healthz answering never races the handlers being installed).
  let stopping = false;
  let starting: Promise<{ close(): Promise<void> }> | null = null;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: shutting down`);
    (starting ?? Promise.reject(new Error('not started'))).then((g) => g.close()).then(() => process.exit(0), (e: unknown) => {
      console.error(e);
      process.exit(1);
    });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  const gatewayStart = startGateway({
    port: env.PORT,
    paymentsPort: env.PAYMENTS_PORT,
    host: env.HOST,
    config: {
      shipDelayMs: env.SHIP_DELAY_SECONDS * 1000, rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
      networkDelayMs: env.NETWORK_DELAY_SECONDS * 1000, portDelayMs: env.PORT_DELAY_SECONDS * 1000, chinaNumberPool: env.CHINA_NUMBER_POOL,
      jobConcurrency: env.JOB_CONCURRENCY,
      trustProxy: env.TRUST_PROXY, redisUrl: env.REDIS_URL,
      publicOrigin: env.PUBLIC_ORIGIN, paymentsOrigin: env.PAYMENTS_ORIGIN, hstsMaxAge: env.HSTS_MAX_AGE,
      compressMinBytes: env.COMPRESS_MIN_BYTES,
      // Lines written to stdout asynchronously: a line that comes while a write is under way joins the next write, so
      // under load the log costs a write per batch, not per request (decision 0024); flushed synchronously on exit.
      logStream: pino.destination({ dest: 1, sync: false }),
    },
    wechatNotifications: { copies: env.WECHAT_NOTIFY_COPIES, firstDelayMs: env.WECHAT_NOTIFY_DELAY_SECONDS * 1000 },
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    dataDir: env.DATA_DIR,
    staticDir: join(root, 'dist', 'client'),
    sandbox,
    logLevel: env.LOG_LEVEL,
    // readEnv refuses DATABASE_URL without CODE_PEPPER: every instance must hash with the same secret.
    codePepper: env.CODE_PEPPER ?? embeddedPepper(env.DATA_DIR),
    // Set by scripts/start.mjs, which runs this file from its prebuilt bundle: a hash of that bundle.
    serverBuild: (globalThis as { linkbridgeServerBuild?: string }).linkbridgeServerBuild ?? null,
  });
  starting = gatewayStart;
  const gateway = await gatewayStart;
  if (stopping) return;
  const steps = { modules: loaded, clientBuild: clientChecked, ...gateway.startup };
  say(`ready in ${seconds(performance.now())}: ${Object.entries(steps).map(([step, ms]) => `${step} ${seconds(ms)}`).join(', ')}`
    + `${gateway.seeded ? '' : ' (seed already done by this code)'}`);
  say(`ready on ${gateway.app.deps.config.publicOrigin ?? `http://localhost:${env.PORT}`} (listening on port ${env.PORT}, ${env.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${env.DATA_DIR}`})${sandbox ? ', sandbox inbox at /sandbox/inbox' : ''}`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
