import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../../src/errors/user-error.js';
import {
  IDENTIFIER_GRAMMARS,
  mobileGrammar,
  personIdGrammar,
} from '../../../src/language/grammars/identifiers/index.js';
import { plateFormat } from '../../../src/language/grammars/identifiers/plate.js';
import { isValidRuc } from '../../../src/language/grammars/identifiers/ruc.js';
import { readLine } from '../../../src/language/grammars/identifiers/shared.js';
import { GRAMMARS, MIN_DATE, MIN_PERIOD } from '../../../src/language/grammars/registry.js';
import type { SlotGrammar } from '../../../src/language/grammars/types.js';
import { createTemplates } from '../../../src/render/templates.js';
import { MAX_TEXT_LENGTH } from '../../../src/transports/transport.js';
import { CONTEXT } from './read.js';

const grammars: [string, SlotGrammar<unknown>][] = [
  ...Object.entries(IDENTIFIER_GRAMMARS),
  ['person-id', personIdGrammar],
  ['mobile', mobileGrammar],
  ['date', GRAMMARS.date],
  ['period', GRAMMARS.period],
];

const TODAY = '2026-11-22'; // CONTEXT.now in Lima
const isRef = (value: unknown) => {
  const { series, number } = value as { series: string; number: string };
  return /^[A-Z0-9]{4}$/u.test(series) && /^[1-9]\d{0,7}$/u.test(number);
};

/** A past date or month: its shape, not before the first one served, not after today. */
const inRange = (value: unknown, shape: RegExp, min: string, max: string) =>
  typeof value === 'string' && shape.test(value) && value >= min && value <= max;

/** What each grammar's value must be, whatever the line. */
const VALID: Record<string, (value: unknown) => boolean> = {
  ruc: (value) => isValidRuc(value as string),
  dni: (value) => /^\d{8}$/u.test(value as string),
  licence: (value) => /^\d{8}$/u.test(value as string),
  plate: (value) => plateFormat(value as string) !== undefined,
  mobile: (value) => /^519\d{8}$/u.test(value as string),
  'guide-ref': isRef,
  'invoice-ref': isRef,
  date: (value) => inRange(value, /^\d{4}-\d{2}-\d{2}$/u, MIN_DATE, TODAY),
  period: (value) => inRange(value, /^\d{4}-\d{2}$/u, MIN_PERIOD, TODAY.slice(0, 7)),
};
const templates = createTemplates();

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
/** Input meant to break a reader: control and bidi characters, other digits, huge numbers. */
const hostile = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.stringMatching(/^[\d\s./-]{0,20}$/u),
  fc.string({ maxLength: 20 }).map((text) => `${text}${'9'.repeat(5000)}`),
  fc.constantFrom(
    '\u202e20123456786',
    '٢٠١٢٣٤٥٦٧٨٦',
    '𝟐𝟎𝟏𝟐𝟑',
    '🚚 ABC-123',
    'constructor',
    '__proto__',
    'hoy ayer',
  ),
);
const line = fc.oneof(
  fc.array(piece, { maxLength: 14 }).map((pieces) => pieces.join(' ')),
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  hostile,
);

describe('identifier grammars on any line', () => {
  it.each(grammars)(
    '%s never throws, keeps its span in the line, gives only valid values and errors that render short',
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
          if ('value' in match.result) {
            expect(VALID[name]?.(match.result.value) ?? true).toBe(true);
            return;
          }
          const { error } = match.result;
          expect(error).toBeInstanceOf(UserError);
          const reply = templates.render(`errors/${error.identifier}`, error.data);
          expect(reply.length).toBeLessThan(MAX_TEXT_LENGTH);
          expect(reply).not.toMatch(/undefined|null/u);
        }),
        { numRuns: 500 },
      );
    },
  );
});
