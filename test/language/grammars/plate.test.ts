import { describe, expect, it } from 'vitest';
import {
  normalizePlate,
  plateFormat,
  plateGrammar,
} from '../../../src/language/grammars/identifiers/plate.js';
import { read } from './read.js';

describe('plate formats Peru issues (sources in the grammar)', () => {
  it.each([
    ['ABC123', 'plate-2010'],
    ['A1B234', 'plate-2010'],
    ['C3X918', 'plate-2010'],
    ['F6J123', 'plate-2010'],
    ['EPA123', 'plate-2010'], // special series: E, two characters for the kind, three digits
    ['AB1234', 'plate-1974'],
    ['ZA1234', 'plate-1974'], // a pre-2010 trailer
    ['CD1234', 'plate-1974'],
    ['12345A', 'plate-l-2010'], // motorcycle 1234-5A
    ['1234BC', 'plate-l-2010'],
    ['ABC1234', 'plate-l-2025'], // category L since December 2025
    ['CD12345', 'plate-special-series'], // no published composition: accepted, not refused
    ['A1234567', 'plate-special-series'],
  ])('%s is %s', (plate, rule) => {
    expect(plateFormat(plate)).toBe(rule);
  });

  it.each([
    ['ABCDEF', 'no digits'],
    ['ABC12', 'too short'],
    ['ABCDE12345', 'too long'],
    ['000000', 'zeros only'],
    ['123456', 'digits only'],
    ['12345678', 'digits only (a DNI)'],
    ['AB12CD', 'letters after the digits, not category L'],
    ['1A2B3C', 'letters and digits mixed'],
    ['ABCD12', 'four letters'],
    ['123ABC', 'digits first, not category L'],
    ['12345AB', 'category L has one letter at the end'],
    ['ÑAB123', 'not a plate letter'],
    ['2VECES', 'a word with a digit'],
  ])('%s can never be a Peruvian plate (%s)', (plate) => {
    expect(plateFormat(plate)).toBeUndefined();
  });
});

describe('plate grammar', () => {
  it('writes a plate as the API wants it: no dash or space, upper case', () => {
    expect(normalizePlate('abc-123')).toBe('ABC123');
    expect(normalizePlate(' b7x 456 ')).toBe('B7X456');
  });

  it.each([
    ['placa ABC-123', 'ABC123', ['plate-2010']],
    ['abc 123', 'ABC123', ['plate-2010', 'plate-parts-joined']],
    ['C3X – 918', 'C3X918', ['plate-2010', 'plate-parts-joined']],
    ['del camión b7x-456', 'B7X456', ['plate-2010']],
    ['AB 1234', 'AB1234', ['plate-1974', 'plate-parts-joined']],
    ['moto 1234-5A', '12345A', ['plate-l-2010']],
    ['1234 5A', '12345A', ['plate-l-2010', 'plate-parts-joined']],
    ['ABC 1234', 'ABC1234', ['plate-l-2025', 'plate-parts-joined']],
    ['ESA 123', 'ESA123', ['plate-2010', 'plate-parts-joined']],
    ['abc-123', 'ABC123', ['plate-2010']],
    ['abc-123.', 'ABC123', ['plate-2010']],
    ['del camión abc-123', 'ABC123', ['plate-2010']],
    ['AB1234', 'AB1234', ['plate-1974']],
    ['ABC1234', 'ABC1234', ['plate-l-2025']],
  ])('%j is %s', (line, value, because) => {
    expect(read(plateGrammar, line)).toMatchObject({ value, because });
  });

  it.each([
    ['placa 12', 'invalid-plate', { valor: '12' }],
    ['placa de 1234', 'invalid-plate', { valor: '1234' }], // `de` is a word, not the plate's letters
    ['esa 123', 'invalid-plate', { valor: '123' }],
    ['AB12CD', 'invalid-plate', { valor: 'AB12CD' }],
    ['placa 45678912', 'invalid-plate', { valor: '45678912' }],
    ['AB12', 'invalid-plate', { valor: 'AB12' }],
    ['ABCDE12345', 'invalid-plate', {}],
    ['000000', 'invalid-plate', {}],
    ['AB#123', 'invalid-plate', {}],
    ['ÑAB123', 'invalid-plate', {}],
    // words are not glued into a plate: the reply names the token typed, not `2VECES`
    ['2 veces', 'invalid-plate', { valor: '2' }],
    ['de 2 a 3 veces', 'invalid-plate', { valor: '2' }],
    ['abc123 b7x456', 'one-at-a-time', { que: 'una placa', cantidad: 2 }],
    ['ABC-123 y B7X-456', 'one-at-a-time', { que: 'una placa', cantidad: 2 }],
    ['abc123 1234-5A', 'one-at-a-time', { cantidad: 2 }],
  ])('%j → %s', (line, error, data) => {
    expect(read(plateGrammar, line)).toMatchObject({ error, data });
  });

  it.each(['placa nueva del camión', 'ABC DEF', 'ABCDEF', ''])('%j holds no plate attempt', (line) => {
    expect(read(plateGrammar, line)).toBeNull();
  });
});
