import { key } from '../../key.js';
import { lexicon } from '../../lexicon/index.js';
import type { RefParts } from './document-check.js';

/**
 * The parts of a document reference inside one token (`20123456786-09-T001-00000042.pdf` →
 * issuer, type, series, correlative) and what their positions mean when no label names them.
 */

/** Which part a label names (`serie`, `número`, `ruc`, `tipo de documento`). */
export type PartLabel = 'series' | 'number' | 'ruc' | 'type';

/** Separators between the parts of a reference written in one token. */
const SEPARATORS = /[-_/]+/u;
/** Characters that end a label glued before a reference (`N°T001-42`, `nro.T001-42`, `#T001-42`). */
const LABEL_ENDS = ['°', '.', '#'];
/** A label glued to what follows is short: `N°`, `nro.`, `num.`, `#`. */
const GLUED_LABEL_MAX = 4;
const DIGITS = /^\d+$/u;
const LETTER = /\p{L}/u;

/** A label glued before the reference (`N°T001-42`): its length, when the lexicon calls it a label. */
function gluedLabel(text: string): number {
  for (let at = 0; at < Math.min(text.length - 1, GLUED_LABEL_MAX); at++) {
    if (LABEL_ENDS.includes(text.charAt(at)) && lexicon.is(key(text.slice(0, at + 1)), 'label'))
      return at + 1;
  }
  return 0;
}

/**
 * The parts written in one token: split at hyphens, slashes and underscores, a file extension the
 * lexicon knows as a format dropped (`….pdf`), a glued number label dropped (`N°T001-42`).
 */
export function partsOfToken(text: string): string[] {
  const bare = text.slice(gluedLabel(text));
  const dot = bare.lastIndexOf('.');
  const named = dot > 0 && lexicon.is(key(bare.slice(dot + 1)), 'format');
  return (named ? bare.slice(0, dot) : bare).split(SEPARATORS).filter((part) => part !== '');
}

/** A series written with a letter (`T001`, `FC01`): two of them are two references. */
export function isLetterSeries(part: string): boolean {
  return part.length === 4 && LETTER.test(part) && !DIGITS.test(part);
}

/** An issuer: 11 digits. */
export const isIssuer = (part: string) => part.length === 11 && DIGITS.test(part);

/**
 * What unlabelled parts mean by position: issuer, type, series, correlative (4); issuer or type,
 * series, correlative (3); series, correlative (2). Undefined when the positions cannot be a
 * reference (`1-2-3-4-5`, `T001-F001-42`).
 */
export function positional(parts: readonly string[]): RefParts | undefined {
  if (parts.length === 4) {
    const [ruc = '', type = '', series = '', number = ''] = parts;
    return { ruc, type, series, number };
  }
  if (parts.length === 3) {
    const [first = '', series = '', number = ''] = parts;
    if (!DIGITS.test(first)) return undefined;
    return first.length === 2 ? { type: first, series, number } : { ruc: first, series, number };
  }
  if (parts.length === 2) {
    const [series = '', number = ''] = parts;
    // `123-F001`: the number first, before a series written with a letter.
    if (DIGITS.test(series) && isLetterSeries(number)) return { series: number, number: series };
    return { series, number };
  }
  return undefined;
}

/** One part alone, by its shape: a series has letters, 11 digits are the issuer, else a correlative. */
export function byShape(part: string): PartLabel {
  if (!DIGITS.test(part)) return 'series';
  return isIssuer(part) ? 'ruc' : 'number';
}
