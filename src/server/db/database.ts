/**
 * Opens the gateway's database: PGlite (embedded PostgreSQL, files under DATA_DIR, or in memory) by default,
 * a PostgreSQL server through node-postgres when a URL is given. Both run the same committed migrations.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations, then runs `afterMigrate` (the seed) under the same lock. */
  migrate(afterMigrate?: (db: Db) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Any fixed number: several gateway instances starting at once migrate and seed one after the other. */
const MIGRATION_LOCK = 4_207_611;

export type DatabaseOptions =
  | { databaseUrl: string }
  | { dataDir: string }
  | { pglite: PGlite }
  | { memory: true };

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if ('databaseUrl' in opts) return openPostgres(opts.databaseUrl);
  let client: PGlite;
  if ('pglite' in opts) client = opts.pglite;
  else if ('dataDir' in opts) {
    mkdirSync(opts.dataDir, { recursive: true });
    client = await PGlite.create(opts.dataDir);
  } else client = await PGlite.create();
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async migrate(afterMigrate) {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
      if (afterMigrate) await afterMigrate(db);
    },
    close: () => client.close(),
  };
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
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
    close: () => pool.end(),
  };
}
