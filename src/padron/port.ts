import type { PadronParts } from './address.js';

/**
 * What the rest of Chasqui may ask the local mirror of SUNAT's register (part 2 plugs it into
 * `lote`, the watch list, `buscar`, `ruc` and `tc`). Synchronous: a point lookup costs microseconds.
 * Every answer is as of `edition().edition`; callers say so to the user.
 */

/** One taxpayer as the register lists it. */
export interface PadronTaxpayer extends PadronParts {
  ruc: string;
  name: string;
  /** The address on one line ("AV. X NRO. 12 URB. Y"), or null when the register has none. */
  address: string | null;
}

/** The live edition, for the "según el padrón de SUNAT del …" line and the console. */
export interface PadronEdition {
  /** Publication date, Lima, YYYY-MM-DD. */
  edition: string;
  /** When it was imported here (ISO instant). */
  importedAt: string;
  rows: number;
  /** The downloaded ZIP's size and SHA-256. */
  zipBytes: number;
  sha256: string;
  /** Size of the mirror's file on disk. */
  fileBytes: number;
  source: string;
  /** Fictional rows from the sandbox. */
  sandbox: boolean;
}

export interface PadronPort {
  /** The taxpayer with this RUC (11 digits), or undefined when the edition does not list it (or there is none). */
  lookupRuc(ruc: string): PadronTaxpayer | undefined;
  /** Names matching every word typed (accents and case folded, the last word as a prefix), best first. */
  searchName(text: string, limit: number): PadronTaxpayer[];
  /** The live edition, or undefined when the data directory has none. */
  edition(): PadronEdition | undefined;
}
