import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../../src/input/user-error.js';
import {
  IDENTIFIER_GRAMMARS,
  mobileGrammar,
  personIdGrammar,
} from '../../../src/language/grammars/identifiers/index.js';
import { plateFormat } from '../../../src/language/grammars/identifiers/plate.js';
import { isValidRuc } from '../../../src/language/grammars/identifiers/ruc.js';
import { readLine } from '../../../src/language/grammars/identifiers/shared.js';
import type { SlotGrammar } from '../../../src/language/grammars/types.js';
import { CONTEXT } from './read.js';

const grammars: [string, SlotGrammar<unknown>][] = [
  ...Object.entries(IDENTIFIER_GRAMMARS),
  ['person-id', personIdGrammar],
  ['mobile', mobileGrammar],
];

/** What each grammar's value must be, whatever the line. */
const VALID: Record<string, (value: unknown) => boolean> = {
  ruc: (value) => isValidRuc(value as string),
  dni: (value) => /^\d{8}$/u.test(value as string),
  licence: (value) => /^\d{8}$/u.test(value as string),
  plate: (value) => plateFormat(value as string) !== undefined,
  mobile: (value) => /^519\d{8}$/u.test(value as string),
};

/** Lines made of the pieces identifiers are typed with, and anything else. */
const piece = fc.oneof(
  fc.stringMatching(/^[\d.-]{1,12}$/u),
  fc.stringMatching(/^[A-Za-z]{1,4}\d{0,4}(-\d{1,8})?$/u),
  fc.constantFrom(
    'ruc',
    'dni',
    'serie',
    'N°',
    'de',
    'la',
    'boleta',
    'guía',
    '-',
    'y',
    ',',
    'S.A.C.',
    '+51',
    'K',
  ),
  fc.constantFrom('transportes', 'Andinos', 'mañana', 'porfa', '🙏', '٢٠١٢', '＄', 'نص', '\u202e'),
  fc.string({ maxLength: 12 }),
);
const line = fc.oneof(
  fc.array(piece, { maxLength: 14 }).map((pieces) => pieces.join(' ')),
  fc.string({ unit: 'grapheme', maxLength: 200 }),
);

describe('identifier grammars on any line', () => {
  it.each(grammars)(
    '%s never throws, keeps its span in the line and gives only valid values',
    (name, grammar) => {
      fc.assert(
        fc.property(line, (text) => {
          const tokens = readLine(text);
          const match = grammar.find(tokens, CONTEXT);
          if (match === undefined) return;
          expect(match.start).toBeGreaterThanOrEqual(0);
          expect(match.end).toBeGreaterThan(match.start);
          expect(match.end).toBeLessThanOrEqual(tokens.length);
          expect(match.because.length).toBeGreaterThan(0);
          if ('error' in match.result) expect(match.result.error).toBeInstanceOf(UserError);
          else expect(VALID[name]?.(match.result.value) ?? true).toBe(true);
        }),
        { numRuns: 500 },
      );
    },
  );
});
