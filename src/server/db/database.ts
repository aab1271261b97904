/**
 * Opens the gateway's database: PGlite (embedded PostgreSQL, files under DATA_DIR, or in memory) by default,
 * a PostgreSQL server through node-postgres when a URL is given. Both run the same committed migrations.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations, then runs `afterMigrate` (the seed) under the same lock. */
  migrate(afterMigrate?: (db: Db) => Promise<void>): Promise<void>;
  /**
   * Calls `onNotify` for each NOTIFY on `channel` of a committed transaction, from any process on this database (PGlite:
   * this process). PostgreSQL listens on a connection of its own, outside the pool; when it cannot connect or the
   * connection drops, it tries again and calls `onNotify` once back (notifications sent meanwhile are lost).
   * close() stops listening.
   */
  listen: Listen;
  close(): Promise<void>;
}

export type Listen = (channel: string, onNotify: () => void) => Promise<{ close(): Promise<void> }>;

/** LISTEN takes an identifier, not a parameter: only plain lower-case names are accepted. */
const channelName = (channel: string): string => {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  return channel;
};

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Any fixed number: several gateway instances starting at once migrate and seed one after the other. */
const MIGRATION_LOCK = 4_207_611;

/** Connections to a PostgreSQL server (DATABASE_POOL_SIZE); decision 0024 says how it was chosen. */
export const DEFAULT_POOL_SIZE = 10;

export type DatabaseOptions =
  | { databaseUrl: string; poolSize?: number }
  | { dataDir: string }
  | { pglite: PGlite }
  | { memory: true };

/**
 * PGlite's start options: PostgreSQL's own defaults, with 32 MB of shared buffers instead of 128 (decision 0051). The
 * embedded database of a carrier's storefront is tens of megabytes; the 128 MB that PGlite asks for by default are
 * memory the WebAssembly instance prepares at every start (about 0.45 s of a 1.2 s open of DATA_DIR on 2 cores).
 */
export const PGLITE_OPTIONS = { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'] };

/** A PGlite client: on a data directory, in memory, or loaded from a dump (test templates), with PGLITE_OPTIONS. */
export const createPglite = (opts: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<PGlite> =>
  PGlite.create(opts.dataDir, { ...PGLITE_OPTIONS, ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}) });

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  // node-postgres is loaded only for a PostgreSQL server: npm start on PGlite does not pay for it (decision 0024).
  if ('databaseUrl' in opts) return openPostgres(opts.databaseUrl, (await import('pg')).default, opts.poolSize ?? DEFAULT_POOL_SIZE);
  let client: PGlite;
  if ('pglite' in opts) client = opts.pglite;
  else if ('dataDir' in opts) {
    mkdirSync(opts.dataDir, { recursive: true });
    client = await createPglite({ dataDir: opts.dataDir });
  } else client = await createPglite();
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async migrate(afterMigrate) {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
      if (afterMigrate) await afterMigrate(db);
    },
    async listen(channel, onNotify) {
      const unlisten = await client.listen(channelName(channel), () => onNotify());
      return { close: () => unlisten() };
    },
    close: () => client.close(),
  };
}

/** How long a dropped LISTEN connection waits before it tries again (then twice as long, up to the last). */
const RELISTEN_MS = [250, 1000, 5000];

/** A connection of its own that LISTENs on `channel` and comes back when the server drops it. */
async function listenPostgres(pgModule: typeof pg, url: string, channel: string, onNotify: () => void): Promise<{ close(): Promise<void> }> {
  const name = channelName(channel);
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let failures = 0;
  const connect = async (): Promise<void> => {
    const c = new pgModule.Client({ connectionString: url });
    c.on('notification', (message) => { if (message.channel === name) onNotify(); });
    // An error is followed by 'end'; 'end' alone is the server closing the connection.
    c.on('error', () => undefined);
    c.on('end', () => {
      if (client !== c || closed) return;
      client = null;
      reconnect();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${name}`);
    } catch (error) {
      await c.end().catch(() => undefined);
      throw error;
    }
    if (closed) { await c.end(); return; }
    client = c;
    failures = 0;
  };
  const reconnect = () => {
    const wait = RELISTEN_MS[Math.min(failures, RELISTEN_MS.length - 1)]!;
    failures += 1;
    retry = setTimeout(() => {
      retry = null;
      if (closed) return;
      // Back: whatever was notified while it was away is looked for now.
      connect().then(() => { if (!closed) onNotify(); }, () => { if (!closed) reconnect(); });
    }, wait);
    retry.unref();
  };
  // Not there at start: polling covers until it is.
  await connect().catch(() => reconnect());
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}

async function openPostgres(url: string, pgModule: typeof pg, poolSize: number): Promise<Database> {
  const [{ drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('drizzle-orm/node-postgres'), import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pgModule.Pool({ connectionString: url, max: poolSize });
  pool.on('error', () => { /* an idle client dropped by the server: the pool replaces it */ });
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async migrate(afterMigrate) {
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        const locked = drizzlePg({ client: conn, schema });
        await migratePg(locked, { migrationsFolder: MIGRATIONS_DIR });
        if (afterMigrate) await afterMigrate(locked as unknown as Db);
      } finally {
        await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        conn.release();
      }
    },
    listen: (channel, onNotify) => listenPostgres(pgModule, url, channel, onNotify),
    close: () => pool.end(),
  };
}
