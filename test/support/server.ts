/**
 * An in-process gateway for tests: random port, fresh database, sandbox on, clock under the test's control.
 * PGlite (in memory) by default: migrated and seeded once per process, then each server loads a copy of
 * that template (about 0.6 s instead of 3 s). With `databaseUrl`, a fresh database `t_<random>` is created
 * on that PostgreSQL server (trust auth) and dropped on close.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import { buildApp, type GatewayApp } from '../../src/server/app';
import { createClock, type Clock } from '../../src/server/clock';
import { createSandboxMessages, listOutbox, type OutboxMessage } from '../../src/server/adapters/messages';
import { startSandboxes } from '../../src/server/adapters/sandboxes';
import { createPglite, openDatabase, type Database, type Db, type Listen } from '../../src/server/db/database';
import { seed } from '../../src/server/db/seed';
import { seedTestSims } from '../../src/server/db/seedSims';
import { storefrontOrigins, type GatewayConfig } from '../../src/server/context';
import { runDueJobs } from '../../src/server/jobs/runner';
import { TRACKING_CODE_JOB } from '../../src/server/tracking/codes';
import { isValidPhone, normalizePhone } from '../../src/domain/phone';

const root = resolve(import.meta.dirname, '../..');

export type Message = OutboxMessage;

export interface TestServer {
  url: string;
  /** The payment providers' sandbox (its own origin): card form, tokenization, WeChat phone (test/support/payments.ts). */
  paymentsUrl: string;
  app: GatewayApp;
  db: Db;
  /** The database's LISTEN, as the gateway's job runner gets it. */
  listen: Listen;
  clock: Clock;
  /** Messages sent, newest first; `to` is a phone (any format) or an email. Tracking codes due are sent first. */
  outbox(to?: string): Promise<Message[]>;
  /** The answer of a captcha the server handed out (sandbox), so tests can pass it. */
  captchaAnswer(token: string): Promise<string>;
  /** Console lines the messages sandbox printed. */
  printed: string[];
  close(): Promise<void>;
}

export interface TestServerOptions {
  databaseUrl?: string;
  logStream?: DestinationStream;
  /** With `redisUrl`, the limits count in Redis under a key prefix of this server's own (unless given). */
  config?: Partial<GatewayConfig>;
  /**
   * A second gateway on the first one's database (and Redis key prefix, and pepper), as several gateway processes
   * share one: nothing is migrated or seeded again, and closing it leaves the database to the first.
   */
  shareWith?: TestServer;
}

let template: Promise<Blob> | null = null;

function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const client = await createPglite();
    const database = await openDatabase({ pglite: client });
    await database.migrate((db) => seed(db));
    const dump = await client.dumpDataDir('none');
    await client.close();
    return dump;
  })();
  return template;
}

/**
 * PostgreSQL test databases are copies of a migrated and seeded template (CREATE DATABASE ... TEMPLATE: a file copy,
 * well under a second, instead of migrating and seeding every time). The template's name carries a hash of the
 * gateway's sources, so a changed migration or seed makes a new one; concurrent runs (other worktrees, parallel
 * files) agree on it through an advisory lock. Templates unused for a day are dropped.
 */
const sourcesHash = (() => {
  let hash: string | null = null;
  return () => {
    if (hash) return hash;
    const h = createHash('sha256');
    const walk = (dir: string) => {
      for (const name of readdirSync(dir).sort()) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.(ts|sql|json)$/.test(name)) h.update(path).update(readFileSync(path));
      }
    };
    for (const dir of ['src/server', 'src/domain', 'src/contract', 'machines']) walk(join(root, dir));
    hash = h.digest('hex').slice(0, 16);
    return hash;
  };
})();

const templates = new Map<string, Promise<string>>();

function postgresTemplate(adminUrl: string): Promise<string> {
  const name = `tpl_${sourcesHash()}`;
  const key = `${adminUrl}#${name}`;
  let made = templates.get(key);
  if (!made) {
    made = (async () => {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        await admin.query('select pg_advisory_lock(727274)');
        const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
        if (!rowCount) {
          await admin.query(`create database ${name}`);
          const url = new URL(adminUrl);
          url.pathname = `/${name}`;
          const database = await openDatabase({ databaseUrl: url.toString() });
          await database.migrate((db) => seed(db));
          await database.close();
        }
        await admin.query(`comment on database ${name} is '${Date.now()}'`);
        const stale = await admin.query<{ datname: string }>(
          `select datname from pg_database where datname like 'tpl\\_%' and datname <> $1
             and coalesce(shobj_description(oid, 'pg_database'), '0')::bigint < $2`, [name, Date.now() - 86_400_000]);
        for (const { datname } of stale.rows) await admin.query(`drop database if exists ${datname} with (force)`);
      } finally {
        await admin.query('select pg_advisory_unlock(727274)').catch(() => {});
        await admin.end();
      }
      return name;
    })();
    templates.set(key, made);
  }
  return made;
}

async function freshPostgres(adminUrl: string): Promise<{ database: Database; drop(): Promise<void> }> {
  const template = await postgresTemplate(adminUrl);
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    database,
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  let database: Database;
  let drop = async () => {};
  const shared = opts.shareWith;
  if (shared) database = { db: shared.db, kind: 'postgres', migrate: async () => {}, close: async () => {}, listen: shared.listen };
  else if (opts.databaseUrl) ({ database, drop } = await freshPostgres(opts.databaseUrl));
  else database = await openDatabase({ pglite: await createPglite({ loadDataDir: await pgliteTemplate() }) });

  const clock = createClock();
  const printed: string[] = [];
  const config: GatewayConfig = {
    sandbox: true,
    codePepper: randomBytes(32).toString('base64url'),
    logLevel: opts.logStream ? 'info' : 'silent',
    logStream: opts.logStream,
    rateLimitPerMinute: 10_000,
    // Tests give each scenario its own client address (X-Forwarded-For) so per-IP limits do not leak between them.
    trustProxy: true,
    ...(shared ? { codePepper: shared.app.deps.config.codePepper, redisKeyPrefix: shared.app.deps.config.redisKeyPrefix } : {}),
    ...opts.config,
  };
  if (config.redisUrl) config.redisKeyPrefix ??= `test:${randomBytes(6).toString('hex')}:`;
  // The README's test SIMs, as npm start seeds them (their codes need this server's pepper, so not in the template).
  if (config.sandbox && !shared) await seedTestSims(database.db, config.codePepper, clock.now());
  const messages = createSandboxMessages({ db: database.db, clock, showText: config.sandbox, print: (line) => printed.push(line) });
  // WeChat notifications beyond the first go out when a test asks (wechatDeliverDue), never on a timer. With a
  // log stream, the payment sandbox writes its lines there too, so tests can check neither logs a card.
  // The gateway's configuration once built (the sandbox reads the storefront origin from it on each request).
  let live: GatewayConfig = config;
  const sandboxes = await startSandboxes({
    db: database.db, clock, paymentsPort: 0, host: '127.0.0.1', shipDelayMs: config.shipDelayMs,
    networkDelayMs: config.networkDelayMs, portDelayMs: config.portDelayMs, chinaNumberPool: config.chinaNumberPool,
    payments: {
      notifications: { auto: false }, logStream: opts.logStream, logLevel: opts.logStream ? 'info' : 'silent',
      browserOrigin: opts.config?.paymentsOrigin, merchantOrigins: () => storefrontOrigins(live),
    },
  });
  const app = await buildApp({
    db: database.db, clock, messages, config: { jobs: 'manual', paymentsOrigin: sandboxes.paymentsOrigin, ...config }, adapters: sandboxes.adapters, listen: database.listen,
  });
  live = app.deps.config;
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  // The storefront is where the tests reach it (unless a test configures another): emails link there, the card form
  // may be framed there only, and cookie-authenticated changes must come from there.
  if (!opts.config?.publicOrigin) app.deps.config.publicOrigin = new URL(url).origin;
  return {
    url,
    paymentsUrl: sandboxes.paymentsUrl,
    app,
    db: database.db,
    listen: database.listen,
    clock,
    printed,
    async outbox(to) {
      // npm start's job runner emails a tracking code within a second of the request; here it is sent when read.
      await runDueJobs(app.deps, { kinds: [TRACKING_CODE_JOB] });
      return listOutbox(database.db, to && isValidPhone(to) ? normalizePhone(to) : to);
    },
    async captchaAnswer(token) {
      const entry = app.deps.sandboxCaptchas?.get(token);
      if (!entry) throw new Error('no such captcha (sandbox off, used or expired)');
      return entry.answer;
    },
    async close() {
      await app.close();
      await sandboxes.close();
      await database.close();
      await drop();
      if (config.redisUrl && config.redisKeyPrefix && !shared) await deleteRedisKeys(config.redisUrl, config.redisKeyPrefix);
    },
  };
}

/** Removes a test server's limit counters from Redis (they would expire by themselves, within a day). */
async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
  redis.on('error', () => { /* reported by connect() below */ });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } catch { /* Redis not reachable (a test of exactly that): nothing was stored */ } finally {
    redis.disconnect();
  }
}

/**
 * Where the limits count in the suites that test them: the database always, Redis too when TEST_REDIS_URL is set.
 * When it is not, one line says so (once per test run).
 */
export function testLimitStores(): [name: string, redisUrl: string | undefined][] {
  const url = process.env.TEST_REDIS_URL;
  if (url) return [['database', undefined], ['redis', url]];
  noticeOnce('redis-skip-notice', 'limits suites: Redis run skipped because TEST_REDIS_URL is unset (limits in the database only)');
  return [['database', undefined]];
}

function noticeOnce(name: string, line: string) {
  const marker = join(process.cwd(), '.tmp', `${name}-${process.ppid}`);
  if (existsSync(marker)) return;
  mkdirSync(join(process.cwd(), '.tmp'), { recursive: true });
  try {
    writeFileSync(marker, '', { flag: 'wx' });
    console.log(line);
  } catch { /* another test file printed it */ }
}

/**
 * The databases a server test file runs on: PGlite always; PostgreSQL too (when TEST_DATABASE_URL is set) unless the
 * file says the database does not matter to what it proves, with the reason:
 * `testDatabases({ postgres: false, because: 'catalogue arithmetic: no concurrency, no SQL that differs' })`.
 * The PostgreSQL leg is kept where it matters: concurrency, locks, jobs, limits, idempotency, SQL that differs.
 * TEST_PG_EVERYWHERE=1 runs every file on both (a parity run). Without TEST_DATABASE_URL, one line says the
 * PostgreSQL leg is skipped (once per test run).
 */
export function testDatabases(choice?: { postgres: false; because: string }): [name: string, databaseUrl: string | undefined][] {
  const url = process.env.TEST_DATABASE_URL;
  const everywhere = process.env.TEST_PG_EVERYWHERE === '1';
  if (url && (everywhere || !choice)) return [['pglite', undefined], ['postgresql', url]];
  if (!url) noticeOnce('pg-skip-notice', 'server suite: PostgreSQL run skipped because TEST_DATABASE_URL is unset (PGlite only)');
  return [['pglite', undefined]];
}
