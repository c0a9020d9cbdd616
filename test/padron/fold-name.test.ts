import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldName } from '../../src/padron/fold-name.js';
import { fold } from '../../src/text/fold.js';

describe('foldName', () => {
  it('folds register names like fold: accents, ñ, case, spaces', () => {
    expect(foldName('NUÑEZ  PEÑA ÁNGEL')).toBe('nunez pena angel');
    expect(foldName(' TRANSPORTES ANDINOS DEL SUR S.A.C. ')).toBe('transportes andinos del sur s.a.c.');
    expect(foldName('CAFÉ\u00a0DEL\tPERÚ')).toBe('cafe del peru');
  });

  it('gives exactly fold(text) for any text (ASCII, Latin-1, Windows-1252 extras, anything)', () => {
    const latin1 = fc.string({ unit: fc.integer({ min: 0, max: 0xff }).map((c) => String.fromCharCode(c)) });
    const mixed = fc.string({
      unit: fc.constantFrom('A', 'ñ', 'É', ' ', '\t', '¨', 'º', '½', '–', '’', 'ﬁ', 'µ', '\u00a0'),
    });
    fc.assert(
      fc.property(fc.oneof(latin1, mixed, fc.string(), fc.string({ unit: 'binary' })), (text) => {
        expect(foldName(text)).toBe(fold(text));
      }),
      { numRuns: 3000 },
    );
  });
});
