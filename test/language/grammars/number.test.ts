import { describe, expect, it } from 'vitest';
import { atomsOf } from '../../../src/language/grammars/atoms.js';
import { numberAt, numberGrammar, numberWordAt } from '../../../src/language/grammars/number.js';
import { ordinalGrammar, ordinalOf } from '../../../src/language/grammars/ordinal.js';
import { tokenize } from '../../../src/language/tokenize.js';
import { valueIn } from './helpers.js';

describe('the number grammar', () => {
  it.each([
    ['7', 7],
    ['2026', 2026],
    ['once', 11], // 11–19 were lost to the compounds in step 1 of the lexicon
    ['dieciocho', 18],
    ['diecinueve', 19],
    ['veintidós', 22],
    ['treinta y uno', 31],
    ['diez y seis', 16],
    ['cuarenta y cinco', 45],
    ['noventa y nueve', 99],
    ['ciento cinco', 105],
    ['dos mil veintiséis', 2026],
    ['mil novecientos noventa y dos', 1992],
  ])('%j is %i', (line, value) => {
    expect(valueIn(numberGrammar, line)).toBe(value);
  });

  it('reads un/una as one only where a count is expected: alone they are articles', () => {
    const atoms = atomsOf(tokenize('una semana'));
    expect(numberAt(atoms, 0)).toMatchObject({ value: 1, article: true });
    expect(valueIn(numberGrammar, 'una caja')).toBeUndefined();
    expect(valueIn(numberGrammar, 'ninguno')).toBeUndefined();
  });

  it('keeps numberWordAt for commands that read positions (words only, several tokens)', () => {
    expect(numberWordAt(['la', 'dos'], 1)).toEqual({ value: 2, length: 1 });
    expect(numberWordAt(['cuarenta', 'y', 'cinco'], 0)).toEqual({ value: 45, length: 3 });
    expect(numberWordAt(['doce'], 0)).toEqual({ value: 12, length: 1 });
    expect(numberWordAt(['2'], 0)).toBeUndefined();
  });
});

describe('the ordinal grammar', () => {
  it.each([
    ['primero', 1],
    ['la segunda', 2],
    ['tercer', 3],
    ['vigésimo segundo', 22],
    ['trigésimo primero', 31],
    ['1ro', 1],
    ['1ra', 1],
    ['1er', 1],
    ['2da', 2],
    ['1°', 1],
    ['1º', 1],
    ['1.º', 1],
    ['3ª', 3],
    ['21avo', 21],
  ])('%j is %i', (line, value) => {
    expect(valueIn(ordinalGrammar, line)).toBe(value);
  });

  it('keeps ordinalOf for one word', () => {
    expect(ordinalOf('2do')).toBe(2);
    expect(ordinalOf('primera')).toBe(1);
    expect(ordinalOf('cuarto')).toBe(4);
    expect(ordinalOf('2')).toBeUndefined();
    expect(ordinalOf('dos')).toBeUndefined();
  });
});
