import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stretched, trailingStart } from '../../src/language/key.js';
import { MAX_LINE_LENGTH, normalizeLine } from '../../src/language/normalize.js';
import { tokenize } from '../../src/language/tokenize.js';

/** What ends a token in key.ts, as one character and as the `[…]+$` run it replaced. */
const MARK = /^[?!,;.:)"'»”…*_~\p{Extended_Pictographic}\p{Emoji_Modifier}\u20E3]$/u;
const RUN = /[?!,;.:)"'»”…*_~\p{Extended_Pictographic}\p{Emoji_Modifier}\u20E3]+$/u;

const piece = fc.oneof(
  fc.constantFrom('.', '…', '!', '?', '👍', '🏽', '\u20E3', 'a', 'ñ', '1', ' ', '\uD83D', '\uDC4D', '"'),
  fc.string({ maxLength: 3 }),
);
const text = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(''));

describe('trailingStart', () => {
  it('finds the same trailing run as the regex it replaced, lone surrogates included', () => {
    fc.assert(
      fc.property(text, (value) => {
        const run = RUN.exec(value)?.[0] ?? '';
        expect(trailingStart(value, MARK)).toBe(value.length - run.length);
      }),
      { numRuns: 2_000 },
    );
  });

  it('reads a long run of marks before a letter, and one at the end, whole', () => {
    expect(trailingStart(`${'.'.repeat(5_000)}a`, MARK)).toBe(5_001);
    expect(trailingStart(`a${'👍'.repeat(3_000)}`, MARK)).toBe(1);
  });
});

describe('tokenize', () => {
  it('gives equal tokens for a piece read again (from its cache) as the first time', () => {
    const line = '¿me pasas el RUC:20123456786? gracias!! 🙏 ruc20601234565';
    const first = tokenize(line);
    const again = tokenize(`${line} ${line}`);
    expect(again).toEqual([...first, ...first]);
    expect(first.map((t) => [t.text, t.key, t.shape])).toEqual([
      ['me', 'me', 'word'],
      ['pasas', 'pasas', 'word'],
      ['el', 'el', 'word'],
      ['RUC', 'ruc', 'word'],
      ['20123456786', '20123456786', 'number'],
      ['gracias', 'gracias', 'word'],
      ['🙏', '', 'emoji'],
      ['ruc', 'ruc', 'word'],
      ['20601234565', '20601234565', 'number'],
    ]);
    expect(first[0]?.lead).toBe('¿');
    expect(first[4]?.trail).toBe('?');
  });
});

describe('normalizeLine', () => {
  it('keeps a line within MAX_LINE_LENGTH after NFKC lengthens it (… is ..., ﷺ is 18 letters)', () => {
    for (const raw of [
      '…'.repeat(MAX_LINE_LENGTH),
      '\uFDFA'.repeat(100),
      `${'a'.repeat(MAX_LINE_LENGTH - 1)}…`,
    ]) {
      const line = normalizeLine(raw);
      expect(line.length).toBeLessThanOrEqual(MAX_LINE_LENGTH);
      expect(line.length).toBeGreaterThan(MAX_LINE_LENGTH - 20);
    }
  });
});

/** What `stretched` answers, as the regex it replaces. */
const STRETCHED = /(\p{L})\1{2,}|(?<=\p{L}{3})(\p{L})\2$/u;

describe('stretched', () => {
  it('answers as the regex it replaces, on letters, doubles, marks and astral characters', () => {
    const unit = fc.constantFrom(
      'a',
      'a',
      'o',
      's',
      'A',
      'á',
      'ñ',
      '1',
      '.',
      '-',
      ' ',
      '𝕗',
      '🙏',
      '\u0301',
      '\uD835',
    );
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 12 }), (word) => stretched(word) === STRETCHED.test(word)),
      { numRuns: 20_000 },
    );
    for (const word of [
      'holaaa',
      'porfaa',
      'porfa',
      'graciasss',
      'cee',
      'llama',
      'aaa',
      'abcdd',
      'abcd𝕗𝕗',
      'ab.cdd',
    ])
      expect(stretched(word)).toBe(STRETCHED.test(word));
  });
});
