/**
 * `npm run data:import -- <dataset> <file.csv>` (issue 18, decision 0038): loads a data set from a carrier's CSV file
 * into the gateway's database, as the seed loads the shipped samples. Every row is checked first (zod, the data
 * set's own rules); a file with any bad row is refused whole, each bad row named by its line, and nothing is written.
 * A good file is upserted by the data set's key in one transaction: loading it twice changes nothing.
 *
 * The database is the gateway's: DATABASE_URL (a PostgreSQL server), else PGlite in DATA_DIR (default ./data, the one
 * `npm start` uses). PGlite is one process's: stop `npm start` on that DATA_DIR first (the command refuses while it
 * runs). Migrations are applied first, so a new data directory works too. `npm run data:import` alone lists the sets.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { openDatabase } from '../src/server/db/database';
import { DATASETS, DatasetRefused, importDataset } from '../src/server/datasets';

const USAGE = `usage: npm run data:import -- <dataset> <file.csv>

data sets:
${Object.values(DATASETS).map((d) => `  ${d.name.padEnd(10)} ${d.description}\n  ${''.padEnd(10)} columns: ${d.columns.join(',')}`).join('\n')}

database: DATABASE_URL, else PGlite in DATA_DIR (default ./data)`;

export async function main(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [name, file, ...extra] = args;
  const dataset = name ? DATASETS[name] : undefined;
  if (!name || !file || extra.length || !dataset) {
    console.error(name && !dataset ? `unknown data set: ${name}\n\n${USAGE}` : USAGE);
    return 2;
  }
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    console.error(`cannot read ${file}: ${(error as Error).message}`);
    return 2;
  }
  const dataDir = resolve(env.DATA_DIR || './data');
  if (!env.DATABASE_URL && existsSync(join(dataDir, 'postmaster.pid'))) {
    console.error(`${dataDir} is in use (a gateway runs on it): stop npm start first, or set DATABASE_URL`);
    return 1;
  }
  const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, poolSize: 2 } : { dataDir });
  try {
    await database.migrate();
    const result = await importDataset(database.db, dataset, text, file, new Date());
    console.log(`${result.dataset}: ${result.rows} rows imported from ${file}${result.sample ? ' (a sample file)' : ''} into ${env.DATABASE_URL ? 'DATABASE_URL' : dataDir}`);
    return 0;
  } catch (error) {
    if (error instanceof DatasetRefused) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('importData.ts')) {
  main(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
