import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/input/user-error.js';
import { parseDate, parsePeriod } from '../../src/input/dates.js';
import { parseDni, parseLicenceDni } from '../../src/input/dni.js';
import { parseForeignDoc } from '../../src/input/identity.js';
import { parsePlate } from '../../src/input/plate.js';
import { parseRuc } from '../../src/input/ruc.js';
import { parseSearchText } from '../../src/input/search.js';
import { createTemplates } from '../../src/render/templates.js';
import { MAX_TEXT_LENGTH } from '../../src/transports/transport.js';

const now = new Date('2026-11-22T15:00:00Z');
const validators: [string, (raw: string) => unknown][] = [
  ['ruc', parseRuc],
  ['dni', parseDni],
  ['licencia', parseLicenceDni],
  ['ce', (raw) => parseForeignDoc(raw, 'CE')],
  ['placa', parsePlate],
  ['buscar', parseSearchText],
  ['tc', (raw) => parseDate(raw, now)],
  ['afp', (raw) => parsePeriod(raw, now)],
];
const templates = createTemplates();

const hostile = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.stringMatching(/^[\d\s./-]{0,20}$/),
  fc.string({ maxLength: 20 }).map((s) => `${s}${'9'.repeat(5000)}`),
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

describe('validators on hostile input', () => {
  it.each(validators)(
    '%s returns or throws a UserError whose reply renders short and clean',
    (_, validate) => {
      fc.assert(
        fc.property(hostile, (raw) => {
          try {
            validate(raw);
          } catch (error) {
            expect(error).toBeInstanceOf(UserError);
            const { identifier, data } = error as UserError;
            const text = templates.render(`errors/${identifier}`, data);
            expect(text.length).toBeLessThan(MAX_TEXT_LENGTH);
            expect(text).not.toMatch(/undefined|null/);
          }
        }),
        { numRuns: 400 },
      );
    },
  );
});
