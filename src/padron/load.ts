import { isValidRuc } from '../input/ruc.js';
import type { EditionWriter } from './edition-file.js';
import { PadronError } from './errors.js';
import { decodeWindows1252, isPadronHeader, MOJIBAKE, parsePadronLine } from './format.js';
import { unzipFirstEntry } from './zip-entry.js';

/**
 * From ZIP bytes to rows in an edition file, with the checks that need the rows themselves: the
 * header (checked before anything is written), malformed lines, text that was UTF-8 instead of
 * Latin-1, and the RUC check digits of a sample. The row count against the last edition is the
 * importer's (it knows the last edition).
 */

/** Above these shares the file is refused rather than half-imported. */
export const LIMITS = {
  malformed: 0.01,
  mojibake: 0.001,
  badCheckDigits: 0.01,
} as const;

/** Every 97th row (a prime, so no column pattern lines up with it) has its check digit verified. */
const SAMPLE_EVERY = 97;

export interface LoadStats {
  rows: number;
  malformed: number;
  sampled: number;
  badCheckDigits: number;
}

const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);
const percent = (value: number) => `${(value * 100).toFixed(2)} %`;

function checkHeader(line: string): void {
  if (isPadronHeader(line)) return;
  if (MOJIBAKE.test(line)) {
    throw new PadronError(
      'encoding',
      'el padrón no viene en Latin-1/Windows-1252 (parece UTF-8); se conserva la edición anterior',
    );
  }
  throw new PadronError(
    'header',
    `la cabecera del padrón cambió («${line.slice(0, 120)}»); revise el formato de SUNAT, se conserva la edición anterior`,
  );
}

/** Streams the ZIP into `writer`; throws PadronError when the content fails a check. */
export async function loadPadron(zip: AsyncIterable<Buffer>, writer: EditionWriter): Promise<LoadStats> {
  const stats: LoadStats = { rows: 0, malformed: 0, sampled: 0, badCheckDigits: 0 };
  let mojibake = 0;
  let header = true;
  let carry = '';
  const take = (raw: string) => {
    if (header) {
      header = false;
      checkHeader(raw);
      return;
    }
    if (raw === '' || raw === '\r') return;
    const line = parsePadronLine(raw);
    if (!line) {
      stats.malformed += 1;
      return;
    }
    if (MOJIBAKE.test(line.name)) mojibake += 1;
    if (stats.rows % SAMPLE_EVERY === 0) {
      stats.sampled += 1;
      if (!isValidRuc(line.ruc)) stats.badCheckDigits += 1;
    }
    writer.add(line);
    stats.rows += 1;
  };
  for await (const chunk of unzipFirstEntry(zip)) {
    // One byte per character: a chunk boundary never splits a character, only a line.
    const lines = (carry + decodeWindows1252(chunk)).split('\n');
    carry = lines.pop() ?? '';
    for (const raw of lines) take(raw);
  }
  if (header && carry === '') throw new PadronError('header', 'el padrón llegó vacío');
  take(carry);
  if (share(stats.malformed, stats.rows + stats.malformed) > LIMITS.malformed) {
    throw new PadronError(
      'malformed',
      `demasiadas líneas mal formadas en el padrón (${stats.malformed}, ${percent(share(stats.malformed, stats.rows + stats.malformed))}); se conserva la edición anterior`,
    );
  }
  if (share(mojibake, stats.rows) > LIMITS.mojibake) {
    throw new PadronError(
      'encoding',
      'el padrón trae texto en otra codificación (UTF-8 leído como Latin-1); se conserva la edición anterior',
    );
  }
  if (share(stats.badCheckDigits, stats.sampled) > LIMITS.badCheckDigits) {
    throw new PadronError(
      'check-digits',
      `muchos RUC del padrón tienen mal el dígito verificador (${stats.badCheckDigits} de ${stats.sampled} revisados); se conserva la edición anterior`,
    );
  }
  return stats;
}
