/**
 * Reads a data set's CSV (RFC 4180, UTF-8, an optional byte-order mark, `#` comment lines at the top or anywhere a
 * line starts with it): the header names the columns, each record keeps the line it is on, so a refusal can say where.
 */
import { parse } from 'csv-parse/sync';

export interface CsvRecord {
  /** 1-based line of the file the record ends on (the line it is on, for a record without line breaks). */
  line: number;
  values: Record<string, string>;
}

export class CsvError extends Error {
  constructor(message: string, readonly line: number | null) {
    super(message);
  }
}

/** The marker of a shipped sample: its first line starts with it (README, decision 0038). */
export const SAMPLE_MARKER = '# SAMPLE DATA';
export const isSampleFile = (text: string): boolean => text.replace(/^\uFEFF/, '').startsWith(SAMPLE_MARKER);

/** Parses the file; refuses a header without one of `columns` or with a column it does not know. */
export function readCsv(text: string, columns: readonly string[]): CsvRecord[] {
  let parsed: Array<{ record: Record<string, string>; info: { lines: number } }>;
  try {
    parsed = parse(text, {
      bom: true, columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()), comment: '#', comment_no_infix: true,
      skip_empty_lines: true, trim: true, info: true, relax_column_count: false,
    }) as typeof parsed;
  } catch (error) {
    const e = error as { message?: string; lines?: number };
    throw new CsvError(`not a readable CSV file: ${e.message ?? String(error)}`, e.lines ?? null);
  }
  const header = parsed[0] ? Object.keys(parsed[0].record) : headerOf(text);
  const missing = columns.filter((c) => !header.includes(c));
  const unknown = header.filter((c) => !columns.includes(c));
  if (missing.length || unknown.length) {
    throw new CsvError(`the header must name the columns ${columns.join(',')}${missing.length ? `; missing: ${missing.join(', ')}` : ''}${unknown.length ? `; unknown: ${unknown.join(', ')}` : ''}`, headerLine(text));
  }
  return parsed.map(({ record, info }) => ({ line: info.lines, values: record }));
}

const lines = (text: string) => text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
const headerLine = (text: string): number => lines(text).findIndex((l) => l.trim() !== '' && !l.startsWith('#')) + 1;
const headerOf = (text: string): string[] => {
  const at = headerLine(text);
  return at > 0 ? lines(text)[at - 1]!.split(',').map((h) => h.trim().toLowerCase()) : [];
};
