import { type FileLimits, FileRefusedError, MAX_COLUMNS, readDeadline } from './file-refusal.js';
import { MAX_CELL_CHARS, parsePart, sharedStrings, workbookParts } from './xlsx-parts.js';
import { type CheckedZip, openCheckedZip } from './zip-guard.js';

/** Shared strings allowed per row of the row cap (a string table is shared by every sheet). */
const SHARED_STRINGS_PER_ROW = 16;

/** `B12` → 1 (zero-based column of a cell reference); undefined when it has no letters. */
function columnOf(reference: string): number | undefined {
  const letters = /^[A-Z]{1,3}/u.exec(reference)?.[0];
  if (!letters) return undefined;
  let column = 0;
  for (const letter of letters) column = column * 26 + (letter.charCodeAt(0) - 64);
  return column - 1;
}

/** A number cell as text: a DNI typed as a number lost its leading zero (1234567 → 01234567). */
function numberText(raw: string): string {
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value)) return raw;
  return Number.isInteger(value) && value >= 1e6 && value < 1e7
    ? String(value).padStart(8, '0')
    : String(value);
}

interface Cell {
  type: string;
  value: string;
}

function cellText(cell: Cell, shared: readonly string[]): string {
  switch (cell.type) {
    case 's':
      return shared[Number(cell.value)] ?? '';
    case 'inlineStr':
    case 'str':
    case 'e':
      return cell.value;
    case 'b':
      return cell.value === '1' ? 'true' : 'false';
    default:
      return numberText(cell.value);
  }
}

/**
 * One sheet's non-empty rows as cell strings, streamed: more than `maxFileRows` of them is
 * refused (the stream stops there), as is a read past the deadline.
 */
async function sheetRows(
  zip: CheckedZip,
  part: string,
  shared: readonly string[],
  maxRows: number,
  deadline: () => void,
): Promise<string[][]> {
  const rows: string[][] = [];
  let row: string[] = [];
  let column = -1;
  let cell: Cell | undefined;
  let inValue = false;
  let phonetic = 0;
  await parsePart(
    zip,
    part,
    {
      open(name, attributes) {
        if (name === 'row') {
          row = [];
          column = -1;
        } else if (name === 'c') {
          column = columnOf(attributes.r ?? '') ?? column + 1;
          cell = { type: attributes.t ?? 'n', value: '' };
        } else if (name === 'v' || (name === 't' && phonetic === 0)) inValue = true;
        else if (name === 'rPh') phonetic += 1;
      },
      close(name) {
        if (name === 'v' || name === 't') inValue = false;
        else if (name === 'rPh') phonetic -= 1;
        else if (name === 'c') {
          if (cell && column >= 0 && column < MAX_COLUMNS) row[column] = cellText(cell, shared);
          cell = undefined;
        } else if (name === 'row' && row.some((value) => value !== undefined && value.trim() !== '')) {
          if (rows.length >= maxRows) throw new FileRefusedError('rows', `more than ${maxRows} rows`);
          rows.push(Array.from(row, (value) => value ?? ''));
        }
      },
      text(text) {
        if (inValue && cell && cell.value.length < MAX_CELL_CHARS) {
          cell.value = (cell.value + text).slice(0, MAX_CELL_CHARS);
        }
      },
    },
    deadline,
  );
  return rows;
}

/**
 * The rows of the first sheet `accept` takes (the one with a column of numbers), else of the
 * first sheet. The ZIP's directory is checked before anything is inflated (see zip-guard.ts) and
 * the whole read shares one time cap (`now` is the clock; tests step it).
 */
export async function xlsxSheetRows(
  bytes: Uint8Array,
  limits: FileLimits,
  accept: (rows: readonly (readonly string[])[]) => boolean,
  now: () => number = Date.now,
): Promise<string[][]> {
  const deadline = readDeadline(limits, now);
  const zip = await openCheckedZip(bytes, limits);
  try {
    const parts = await workbookParts(zip, deadline);
    const maxShared = limits.maxFileRows * SHARED_STRINGS_PER_ROW;
    const shared = parts.sharedStrings
      ? await sharedStrings(zip, parts.sharedStrings, maxShared, deadline)
      : [];
    let first: string[][] | undefined;
    for (const part of parts.sheets) {
      const rows = await sheetRows(zip, part, shared, limits.maxFileRows, deadline);
      if (accept(rows)) return rows;
      first ??= rows;
    }
    return first ?? [];
  } finally {
    zip.close();
  }
}
