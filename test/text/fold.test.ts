import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fold } from '../../src/text/fold.js';

describe('fold: the one comparison rule for typed words', () => {
  it('strips accents and lower-cases', () => {
    // Command words (was bot/parse foldWord).
    expect(fold('GUÍA')).toBe('guia');
    expect(fold('Razón')).toBe('razon');
    expect(fold('Guía')).toBe('guia');
    expect(fold('AYÚDA')).toBe('ayuda');
    expect(fold('Miércoles')).toBe('miercoles');
    expect(fold('Pingüino')).toBe('pinguino');
  });

  it('folds ñ to n (documented choice: Peña matches Pena, Año matches ano)', () => {
    expect(fold('Peña')).toBe('pena');
    expect(fold('Peña')).toBe(fold('Pena'));
    expect(fold('AÑO')).toBe(fold('ano'));
    // Precomposed and decomposed ñ are the same key.
    expect(fold('Pen\u0303a')).toBe(fold('Pe\u00f1a'));
  });

  it('applies NFKC first: full-width letters, ligatures and superscripts become plain', () => {
    expect(fold('ＲＵＣ')).toBe('ruc');
    expect(fold('ﬁnanzas')).toBe('finanzas');
    expect(fold('x²')).toBe('x2');
  });

  it('collapses whitespace runs (any Unicode space) and trims the ends', () => {
    expect(fold('  Transportes \t  Andinos\n')).toBe('transportes andinos');
    expect(fold('Ventas\u00a0Lima')).toBe('ventas lima');
  });

  it('is idempotent and leaves digits and punctuation alone', () => {
    for (const text of ['Peña & Hijos S.A.C.', '20/11/2026', 'GUÍA  T001-42']) {
      expect(fold(fold(text))).toBe(fold(text));
    }
    expect(fold('T001-42')).toBe('t001-42');
  });
});

describe('group names: one rule for the access guard, the directory and config duplicates', () => {
  it('matches a chat subject with extra spaces and other accents/case to the configured name', () => {
    expect(fold('  Ventas   Perú ')).toBe(fold('ventas peru'));
    expect(fold('Logística Peña')).toBe(fold('LOGISTICA  PENA'));
  });
});

/** The rule as written in fold.ts's comment, with no shortcut. */
const byTheRule = (text: string) =>
  text
    .normalize('NFKC')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/gu, ' ')
    .trim();

describe('fold, printable ASCII without a space', () => {
  it('only lower-cases it, which is what the whole rule does to it', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)) }),
        (text) => fold(text) === byTheRule(text),
      ),
      { numRuns: 2_000 },
    );
    // And any other text still takes the whole rule.
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => fold(text) === byTheRule(text)),
      { numRuns: 2_000 },
    );
  });
});
