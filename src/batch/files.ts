import ExcelJS from 'exceljs';
import { fold } from '../text/fold.js';
import { parseCsv } from './csv.js';
import { classify, tokensOf } from './entries.js';

/** The file types `lote` reads. */
export type BatchFileKind = 'txt' | 'csv' | 'xlsx';

/** Rows read from a sheet at most (a batch is a few hundred numbers; the rest is noise). */
const MAX_ROWS = 20_000;

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

/** Headers naming the column of numbers ("RUC", "Nº documento", "DNI proveedor"…). */
const HEADER = /\b(ruc|dni|documento|doc|nro|numero|n)\b/u;

function isHeader(cell: string): boolean {
  // Ordinal signs first: NFKC (in fold) would turn `Nº` into `no`.
  const folded = fold(cell.replace(/[º°.]/gu, ' '));
  return !/\d/u.test(folded) && HEADER.test(folded);
}

/**
 * The cells of the column holding the numbers: the one whose first-row header names it, else the
 * one with the most valid RUCs/DNIs. Invalid cells of that column are kept (they get reported).
 */
export function pickColumn(rows: readonly (readonly string[])[]): string[] {
  if (rows.length === 0) return [];
  const width = Math.max(...rows.map((row) => row.length));
  const header = rows[0] ?? [];
  let column = header.findIndex(isHeader);
  const body = column >= 0 ? rows.slice(1) : rows;
  if (column < 0) {
    let best = -1;
    for (let c = 0; c < width; c++) {
      let valid = 0;
      for (const row of rows) if (!('reason' in classify((row[c] ?? '').trim()))) valid += 1;
      if (valid > best) {
        best = valid;
        column = c;
      }
    }
  }
  return body.map((row) => (row[column] ?? '').trim()).filter((cell) => /\d/u.test(cell));
}

/** Decodes text as UTF-8, or Windows-1252 when it is not valid UTF-8 (older Excel exports). */
function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  // A DNI typed into a number cell loses its leading zero: 1234567 → 01234567.
  if (typeof value === 'number')
    return Number.isInteger(value) && value >= 1e6 && value < 1e7
      ? String(value).padStart(8, '0')
      : String(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && 'richText' in value)
    return value.richText.map((part) => part.text).join('');
  if (typeof value === 'object' && 'result' in value) return cellText(value.result as ExcelJS.CellValue);
  if (typeof value === 'object' && 'text' in value) return String(value.text);
  return String(value);
}

/** Rows of the first sheet with a recognisable column, as strings. */
async function xlsxRows(bytes: Uint8Array): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as never);
  let first: string[][] | undefined;
  for (const sheet of workbook.worksheets) {
    const rows: string[][] = [];
    sheet.eachRow({ includeEmpty: false }, (row) => {
      if (rows.length >= MAX_ROWS) return;
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, col) => {
        cells[col - 1] = cellText(cell.value);
      });
      rows.push(Array.from(cells, (cell) => cell ?? ''));
    });
    first ??= rows;
    if (pickColumn(rows).length > 0) return rows;
  }
  return first ?? [];
}

/** The candidate numbers of an attached file (one column of a sheet, or every number of a text). */
export async function tokensFromFile(kind: BatchFileKind, bytes: Uint8Array): Promise<string[]> {
  if (kind === 'xlsx') return pickColumn(await xlsxRows(bytes));
  const text = decodeText(bytes);
  if (kind === 'txt') return tokensOf(text);
  return pickColumn(parseCsv(text).slice(0, MAX_ROWS));
}
