/**
 * Starts the gateway: opens the database (PGlite under dataDir, or PostgreSQL by URL), applies the
 * migrations, seeds, builds the Fastify app and listens. Used by `npm start` (main.ts) and by scripts
 * (the dev script runs it on GATEWAY_PORT without static serving).
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { buildApp, type GatewayApp } from './app';
import { createClock, type Clock } from './clock';
import { createSandboxMessages } from './adapters/messages';
import { startSandboxes } from './adapters/sandboxes';
import { sharedCredentials } from './adapters/payments/sandbox/credentials';
import { openDatabase, type Database } from './db/database';
import { seed } from './db/seed';
import { seedTestSims } from './db/seedSims';
import { seedFingerprint, seedUnlessDone } from './db/seedState';
import { seedSandboxStaff } from './staff';
import { seedReferralEditions } from './referral';
import { loadSampleDatasets } from './datasets';
import { storefrontOrigins, type GatewayConfig } from './context';

export interface StartGatewayOptions {
  port: number;
  /** The payment providers' sandbox origin; default port + 1 (0: any free port). */
  paymentsPort?: number;
  /** The WeChat Pay sandbox's notifications: how many copies, how late the first. */
  wechatNotifications?: { copies?: number; firstDelayMs?: number };
  host?: string;
  /** PostgreSQL server; otherwise PGlite files under dataDir (in memory when dataDir is null). */
  databaseUrl?: string;
  /** Connections of the PostgreSQL pool (DATABASE_POOL_SIZE). */
  databasePoolSize?: number;
  dataDir?: string | null;
  /** The built client to serve (dist/client); omit for API only. */
  staticDir?: string | null;
  sandbox: boolean;
  logLevel?: string;
  codePepper?: string;
  /**
   * A hash of the gateway's code when it runs from the prebuilt bundle (scripts/start.mjs): a restart of the same
   * code skips the seed it already wrote (db/seedState.ts). Absent: every start seeds.
   */
  serverBuild?: string | null;
  clock?: Clock;
  config?: Partial<GatewayConfig>;
  print?: (line: string) => void;
}

export interface RunningGateway {
  app: GatewayApp;
  url: string;
  database: Database;
  clock: Clock;
  /** Milliseconds each step of the start took, in order (the ready line of `npm start` prints them). */
  startup: Record<string, number>;
  /** false when the seed was skipped, already done by the same code (db/seedState.ts). */
  seeded: boolean;
  close(): Promise<void>;
}

/** PUBLIC_ORIGIN's host name, without its port (`[::1]` keeps its brackets). */
const publicHost = (origin: string | undefined): string | undefined => (origin ? new URL(origin).hostname : undefined);

export async function startGateway(opts: StartGatewayOptions): Promise<RunningGateway> {
  const clock = opts.clock ?? createClock();
  const startup: Record<string, number> = {};
  let lapAt = performance.now();
  const lap = (step: string) => {
    const now = performance.now();
    startup[step] = Math.round(now - lapAt);
    lapAt = now;
  };
  const database = await openDatabase(
    opts.databaseUrl ? { databaseUrl: opts.databaseUrl, poolSize: opts.databasePoolSize } : opts.dataDir ? { dataDir: resolve(opts.dataDir) } : { memory: true },
  );
  lap('database');
  try {
    const codePepper = opts.codePepper ?? randomBytes(32).toString('base64url');
    let seeded = false;
    await database.migrate(async (db) => {
      lap('migrate');
      const now = clock.now();
      seeded = await seedUnlessDone(db, seedFingerprint(opts.serverBuild, codePepper, opts.sandbox), now, async () => {
        await seed(db, now);
        // The README's test SIMs (activation): sandbox only, their codes digested with this server's pepper.
        if (opts.sandbox) await seedTestSims(db, codePepper, now);
        // The staff console's reviewers of the README (issue 16): sandbox only.
        if (opts.sandbox) await seedSandboxStaff(db);
        // The referral programme's editions (decision 0041): the spec's as past ones, and in the sandbox a current one.
        await seedReferralEditions(db, now, opts.sandbox);
      });
      // A changed sample file is not code the fingerprint knows: the data sets check their samples' hashes at every start.
      if (!seeded) await loadSampleDatasets(db, now);
    });
    lap('seed');
    const messages = createSandboxMessages({ db: database.db, clock, showText: opts.sandbox, print: opts.print });
    const sandboxes = await startSandboxes({
      db: database.db, clock, host: opts.host,
      paymentsPort: opts.paymentsPort ?? (opts.port === 0 ? 0 : opts.port + 1),
      shipDelayMs: opts.config?.shipDelayMs,
      networkDelayMs: opts.config?.networkDelayMs,
      portDelayMs: opts.config?.portDelayMs,
      chinaNumberPool: opts.config?.chinaNumberPool,
      // Gateways sharing a database share CODE_PEPPER, hence one merchant account at the sandbox (decision 0014).
      payments: {
        notifications: opts.wechatNotifications, credentials: sharedCredentials(codePepper),
        // Without PAYMENTS_ORIGIN, the sandbox is addressed on PUBLIC_ORIGIN's host: the page and the card form it
        // frames are then one site, as browsers typing that host can reach both (decision 0013).
        browserOrigin: opts.config?.paymentsOrigin, browserHost: publicHost(opts.config?.publicOrigin),
        merchantOrigins: () => storefrontOrigins(config),
      },
    });
    lap('sandboxes');
    const config: GatewayConfig = {
      sandbox: opts.sandbox,
      codePepper,
      logLevel: opts.logLevel ?? 'info',
      staticDir: opts.staticDir ?? null,
      ...opts.config,
      paymentsOrigin: sandboxes.paymentsOrigin,
    };
    const app = await buildApp({
      adapters: sandboxes.adapters,
      db: database.db,
      listen: database.listen,
      clock,
      messages,
      config,
    });
    lap('app');
    const address = await app.listen({ port: opts.port, host: opts.host ?? '0.0.0.0' });
    lap('listen');
    let closing: Promise<void> | null = null;
    return {
      app, database, clock, startup, seeded,
      url: address.replace('0.0.0.0', '127.0.0.1').replace('[::]', '127.0.0.1'),
      close: () => (closing ??= app.close().then(() => sandboxes.close()).then(() => database.close())),
    };
  } catch (e) {
    await database.close().catch(() => undefined);
    throw e;
  }
}
