import { lexicon } from './lexicon/index.js';
import type { WordClass } from './lexicon/types.js';
import { normalizeLine } from './normalize.js';
import { keysOf, tokenize } from './tokenize.js';

const NAMING_CLASSES: ReadonlySet<WordClass> = new Set(['concept', 'document-word', 'label']);
/** Concepts whose column holds the numbers `lote` reads. */
const ID_CONCEPTS = new Set(['ruc', 'dni']);

/**
 * Whether a spreadsheet header cell names a column of RUCs/DNIs ("RUC", "Nº documento", "DNI
 * proveedor", "Número"): no digits, and a word naming a RUC, a DNI, a document or a number.
 */
export function namesIdColumn(cell: string): boolean {
  const line = normalizeLine(cell);
  if (/\d/u.test(line)) return false;
  const keys = keysOf(tokenize(line));
  return keys.some((_, at) =>
    lexicon
      .phrasesAt(keys, at, NAMING_CLASSES)
      .some(({ entry }) => entry.class !== 'concept' || ID_CONCEPTS.has(String(entry.value))),
  );
}
