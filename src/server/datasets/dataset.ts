/**
 * What a data set is (issue 18, decision 0038): a CSV layout, a zod schema every row must pass, the checks across
 * rows, and how rows are written (an upsert by the set's key, so loading the same file twice changes nothing).
 * importDataset validates the whole file first and writes nothing when any row is bad, naming each bad row's line.
 */
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/database';
import { datasetImports } from '../db/schema';
import { CsvError, isSampleFile, readCsv } from './csv';

/**
 * data/samples/<name>.sample.csv as a path. Not `new URL(..., import.meta.url)`: Vite rewrites that pattern into an asset
 * URL when a module runs under a jsdom test environment (the screen-depth tests start a gateway there).
 */
export const samplePath = (name: string): string => join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'data', 'samples', `${name}.sample.csv`);

export interface Dataset<Row> {
  /** The name given to `npm run data:import -- <name> <file.csv>`. */
  name: string;
  /** One line for the command's help. */
  description: string;
  /** The CSV header's columns (any order in the file; every one required). */
  columns: readonly string[];
  /** The shipped sample's path (clearly marked as one: samplePath), loaded at start until a carrier file is imported. */
  sample: string;
  /** One row, from the CSV's text values (after trimming), to what upsert writes. */
  row: z.ZodType<Row>;
  /** The key the upsert matches on; the same key twice in one file is refused. */
  key(row: Row): string;
  /** Checks across the whole file (e.g. rules of the spec that name particular rows), as problems with their lines. */
  check?(rows: ReadonlyArray<{ line: number; row: Row }>): RowProblem[];
  /** Writes the rows (already validated) in the import's transaction: an upsert by key. */
  upsert(tx: Db, rows: Row[]): Promise<void>;
}

/** Registers a data set with its row type checked (the registry holds them as Dataset<unknown>). */
export const defineDataset = <Row>(dataset: Dataset<Row>): Dataset<unknown> => dataset as unknown as Dataset<unknown>;

export interface RowProblem { line: number | null; message: string }

export class DatasetRefused extends Error {
  constructor(readonly dataset: string, readonly problems: RowProblem[]) {
    super(`${dataset}: ${problems.length} problem${problems.length === 1 ? '' : 's'}, nothing imported\n${problems.map(formatProblem).join('\n')}`);
  }
}

export const formatProblem = (p: RowProblem): string => `  ${p.line === null ? 'file' : `line ${p.line}`}: ${p.message}`;

export interface ImportResult { dataset: string; rows: number; sample: boolean; sha256: string }

/** The rows of a file, or every problem of every bad row with its line. */
export function validateDataset<Row>(dataset: Dataset<Row>, text: string): Array<{ line: number; row: Row }> {
  let records;
  try {
    records = readCsv(text, dataset.columns);
  } catch (error) {
    if (error instanceof CsvError) throw new DatasetRefused(dataset.name, [{ line: error.line, message: error.message }]);
    throw error;
  }
  const problems: RowProblem[] = [];
  const rows: Array<{ line: number; row: Row }> = [];
  const seen = new Map<string, number>();
  for (const { line, values } of records) {
    const parsed = dataset.row.safeParse(values);
    if (!parsed.success) {
      problems.push({ line, message: parsed.error.issues.map((i) => `${i.path.join('.') || 'row'}: ${i.message}`).join('; ') });
      continue;
    }
    const key = dataset.key(parsed.data);
    const first = seen.get(key);
    if (first !== undefined) problems.push({ line, message: `${key} again (first on line ${first})` });
    else seen.set(key, line);
    rows.push({ line, row: parsed.data });
  }
  if (records.length === 0) problems.push({ line: null, message: 'no rows under the header' });
  if (problems.length === 0) problems.push(...(dataset.check?.(rows) ?? []));
  if (problems.length) throw new DatasetRefused(dataset.name, problems);
  return rows;
}

const CHUNK = 500;

/**
 * Validates the file, then upserts its rows and records the load in one transaction: all or nothing. `sample` is
 * whether the file is a shipped sample (its first line is the sample marker).
 */
export async function importDataset<Row>(db: Db, dataset: Dataset<Row>, text: string, source: string, now: Date): Promise<ImportResult> {
  const rows = validateDataset(dataset, text).map((r) => r.row);
  const sha256 = createHash('sha256').update(text).digest('hex');
  const sample = isSampleFile(text);
  await db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    for (let i = 0; i < rows.length; i += CHUNK) await dataset.upsert(tx, rows.slice(i, i + CHUNK));
    const record = { dataset: dataset.name, source, sha256, rows: rows.length, sample, importedAt: now };
    await tx.insert(datasetImports).values(record).onConflictDoUpdate({ target: datasetImports.dataset, set: record });
  });
  return { dataset: dataset.name, rows: rows.length, sample, sha256 };
}

/** `excluded.<column>` of an upsert: the value the conflicting row brought. */
export const excluded = (column: string) => sql.raw(`excluded."${column}"`);
