import { namesIdColumn } from '../../src/language/index.js';
import { parseCsv } from './csv.js';
import { classify, numberTokens } from './entries.js';
import { type FileLimits, FileRefusedError, MAX_COLUMNS } from './file-refusal.js';
import { readTextFile } from './text-file.js';
import { lazy } from '../../src/lazy.js';

/** The sheet reader (yauzl, saxes): loaded with the first workbook sent to `lote`. */
const loadSheetReader = lazy(() => import('./xlsx-sheet.js'));

/** The file types `lote` reads. */
export type BatchFileKind = 'txt' | 'csv' | 'xlsx';

/** The kind of an attachment by its extension, then its mimetype; undefined = not supported. */
export function batchFileKind(fileName: string, mimetype: string): BatchFileKind | undefined {
  const ext = /\.([a-z0-9]+)$/iu.exec(fileName)?.[1]?.toLowerCase();
  if (ext === 'txt' || ext === 'csv' || ext === 'xlsx') return ext;
  const type = mimetype.toLowerCase().split(';')[0]?.trim() ?? '';
  if (type === 'text/plain') return 'txt';
  if (type === 'text/csv') return 'csv';
  if (type === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet') return 'xlsx';
  return undefined;
}

/** Rows looked at to pick a column by its content (the first ones tell; a sheet may be long). */
const PICK_SAMPLE_ROWS = 500;

/**
 * The cells of the column holding the numbers: the one whose first-row header names it, else the
 * one with the most valid RUCs/DNIs. Invalid cells of that column are kept (they get reported).
 */
export function pickColumn(rows: readonly (readonly string[])[]): string[] {
  if (rows.length === 0) return [];
  const width = rows.reduce((most, row) => Math.max(most, row.length), 0);
  const header = rows[0] ?? [];
  let column = header.findIndex(namesIdColumn);
  const body = column >= 0 ? rows.slice(1) : rows;
  if (column < 0) {
    let best = -1;
    const sample = rows.slice(0, PICK_SAMPLE_ROWS);
    for (let c = 0; c < width; c++) {
      let valid = 0;
      for (const row of sample) if (!('reason' in classify((row[c] ?? '').trim()))) valid += 1;
      if (valid > best) {
        best = valid;
        column = c;
      }
    }
  }
  return body.map((row) => (row[column] ?? '').trim()).filter((cell) => /\d/u.test(cell));
}

/** Every number-like token of a text, refused past `max` (counted as they are found). */
function cappedTokens(text: string, max: number): string[] {
  const tokens: string[] = [];
  for (const token of numberTokens(text)) {
    if (tokens.length >= max) throw new FileRefusedError('rows', `more than ${max} numbers`);
    tokens.push(token);
  }
  return tokens;
}

/**
 * The candidate numbers of an attached file (one column of a sheet, or every number of a text),
 * within `limits`: a refused file throws FileRefusedError (see file-refusal.ts).
 */
export async function tokensFromFile(
  kind: BatchFileKind,
  bytes: Uint8Array,
  limits: FileLimits,
): Promise<string[]> {
  if (kind === 'xlsx') {
    const { xlsxSheetRows } = await loadSheetReader();
    return pickColumn(await xlsxSheetRows(bytes, limits, (rows) => pickColumn(rows).length > 0));
  }
  const text = readTextFile(bytes, limits.maxFileRows);
  if (kind === 'txt') return cappedTokens(text, limits.maxFileRows);
  return pickColumn(parseCsv(text).map((row) => row.slice(0, MAX_COLUMNS)));
}
