/**
 * The data sets a carrier loads from CSV (issue 18, decision 0038): `npm run data:import -- <dataset> <file.csv>`
 * (scripts/importData.ts) and the seed at start (the shipped samples, until a carrier file is imported) both go
 * through this registry.
 *
 * To add a data set: write `src/server/datasets/<name>.ts` exporting `defineDataset({ name, description, columns,
 * sample, row, key, check?, upsert })` (see rates.ts: a zod schema per row, an upsert by key), ship a clearly marked
 * sample as `data/samples/<name>.sample.csv` (its first line starts with `# SAMPLE DATA`), and add it to DATASETS
 * below. Nothing else changes: the command, its help, the seed and the README's list read this registry.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { datasetImports } from '../db/schema';
import { importDataset, type Dataset } from './dataset';
import { devicesDataset } from './devices';
import { ratesDataset } from './rates';
import { coverageDataset, storesDataset, zipsDataset } from './places';

export const DATASETS: Readonly<Record<string, Dataset<unknown>>> = {
  rates: ratesDataset,
  devices: devicesDataset,
  // Issue 18: /coverage and /store (decision 0040).
  coverage: coverageDataset,
  zips: zipsDataset,
  stores: storesDataset,
};

export { DatasetRefused, formatProblem, importDataset, validateDataset, type Dataset, type ImportResult, type RowProblem } from './dataset';
export { isSampleFile, SAMPLE_MARKER } from './csv';

/**
 * The seed's part (every start that seeds, and the test databases): each data set's sample, unless the set was
 * imported from a carrier's own file (which a start never overwrites) or the same sample is already loaded.
 */
export async function loadSampleDatasets(db: Db, now: Date): Promise<void> {
  for (const dataset of Object.values(DATASETS)) {
    const text = await readFile(dataset.sample, 'utf8');
    const [last] = await db.select().from(datasetImports).where(eq(datasetImports.dataset, dataset.name));
    if (last && !last.sample) continue;
    if (last?.sha256 === createHash('sha256').update(text).digest('hex')) continue;
    await importDataset(db, dataset, text, `sample ${dataset.name}`, now);
  }
}
