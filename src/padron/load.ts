import { MAX_ROWS } from './edition-file.js';
import { PadronError } from './errors.js';
import { isPadronHeader, MOJIBAKE } from './format.js';
import { PadronParser, type RowBatch } from './parse.js';

/**
 * From the register's text (inflated bytes) to row batches for the edition, with the checks that
 * need the rows themselves: the header (checked before anything is written), malformed lines,
 * text that was UTF-8 instead of Latin-1, and the RUC check digits of a sample. The row count
 * against the last edition is the importer's (it knows the last edition).
 */

/** Above these shares the file is refused rather than half-imported. */
const LIMITS = {
  malformed: 0.01,
  mojibake: 0.001,
  badCheckDigits: 0.01,
} as const;

export interface LoadStats {
  rows: number;
  malformed: number;
  sampled: number;
  badCheckDigits: number;
}

/** Where the batches go: the edition worker, or a test's collector. */
export interface RowSink {
  add(batch: RowBatch): Promise<void> | void;
  /** A batch it is done with, to be filled again (none: the parser makes new ones). */
  spare?(): RowBatch | undefined;
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

/** Parses the text into `sink`; throws PadronError when the content fails a check. */
export async function loadPadron(text: AsyncIterable<Buffer>, sink: RowSink): Promise<LoadStats> {
  const parser = new PadronParser(checkHeader, () => sink.spare?.());
  const stats = parser.stats;
  for await (const chunk of text) {
    // One byte per character: a chunk boundary never splits a character, only a line.
    const batch = parser.push(chunk);
    if (batch) await sink.add(batch);
    if (stats.rows > MAX_ROWS) {
      throw new PadronError('malformed', `el padrón trae más de ${MAX_ROWS} filas; revise el archivo`);
    }
  }
  const last = parser.end();
  if (!parser.sawHeader) throw new PadronError('header', 'el padrón llegó vacío');
  if (last) await sink.add(last);
  const lines = stats.rows + stats.malformed;
  if (share(stats.malformed, lines) > LIMITS.malformed) {
    throw new PadronError(
      'malformed',
      `demasiadas líneas mal formadas en el padrón (${stats.malformed}, ${percent(share(stats.malformed, lines))}); se conserva la edición anterior`,
    );
  }
  if (share(stats.mojibake, stats.rows) > LIMITS.mojibake) {
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
  return {
    rows: stats.rows,
    malformed: stats.malformed,
    sampled: stats.sampled,
    badCheckDigits: stats.badCheckDigits,
  };
}
