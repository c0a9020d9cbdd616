import { describe, expect, it } from 'vitest';
import { dniCheckDigit, dniGrammar } from '../../../src/language/grammars/identifiers/dni.js';
import { licenceGrammar } from '../../../src/language/grammars/identifiers/licence.js';
import { DNI, read } from './read.js';

const letterOf = (dni: string) => dniCheckDigit(dni).letter;
const digitOf = (dni: string) => dniCheckDigit(dni).digit;

describe('the DNI verification character', () => {
  it('is the one of peru-domain.md (10117410 → 2 or G) and of the fixtures', () => {
    expect(dniCheckDigit('10117410')).toEqual({ digit: '2', letter: 'G' });
    expect(dniCheckDigit(DNI.a).digit).toBe('4');
    expect(dniCheckDigit(DNI.b).digit).toBe('9');
    expect(dniCheckDigit(DNI.c).digit).toBe('7');
  });

  it.each([
    ['10117410-2', 'dni-check-glued'],
    ['10117410-g', 'dni-check-glued'],
  ])('%j is 10117410 with its check character checked (%s)', (line, rule) => {
    expect(read(dniGrammar, line)).toMatchObject({ value: '10117410', because: [rule] });
  });
});

describe('dni grammar: every grouping people type', () => {
  it.each([
    [DNI.a, 'dni-digits'],
    ['45.678.912', 'dni-digits'],
    ['4567 8912', 'dni-grouped'],
    ['45 678 912', 'dni-grouped'],
    ['456 78 912', 'dni-grouped'],
    ['4 5678 912', 'dni-grouped'],
    ['45 - 678 - 912', 'dni-grouped'],
    ['dni 4567 8912 porfa', 'dni-grouped'],
    ['de rosa 45678912', 'dni-digits'],
    ['45678912?', 'dni-digits'],
  ])('%j is 45678912 (%s)', (line, rule) => {
    expect(read(dniGrammar, line)).toMatchObject({ value: DNI.a, because: [rule] });
  });

  it.each([
    [`${DNI.a}-${digitOf(DNI.a)}`, 'dni-check-glued'],
    [`45.678.912-${letterOf(DNI.a).toLowerCase()}`, 'dni-check-glued'],
    [`4567 8912-${digitOf(DNI.a)}`, 'dni-check-glued'],
    [`${DNI.a} - ${letterOf(DNI.a)}`, 'dni-check-apart'],
    [`${DNI.a} ${digitOf(DNI.a)}`, 'dni-check-apart'],
    [`${DNI.a} -${digitOf(DNI.a)}`, 'dni-check-apart'],
    [`4567 8912 ${digitOf(DNI.a)}`, 'dni-check-apart'],
    [`45 678 912 - ${letterOf(DNI.a)}`, 'dni-check-apart'],
  ])('%j carries its check character (%s)', (line, rule) => {
    expect(read(dniGrammar, line)).toMatchObject({ value: DNI.a, because: [rule] });
  });

  it('the check character is part of the match, not a word after it', () => {
    expect(read(dniGrammar, `dni ${DNI.b} ${letterOf(DNI.b)} gracias`)?.span).toBe(
      `${DNI.b} ${letterOf(DNI.b)}`,
    );
  });
});

describe('dni grammar: no', () => {
  it.each([
    ['4567891', 'invalid-dni', { valor: '4567891', digitos: 7 }],
    ['dni 4567 891', 'invalid-dni', { valor: '4567 891', digitos: 7 }],
    ['1234 5678 9012', 'invalid-dni', { digitos: 12 }],
    ['4567891a', 'invalid-dni', { valor: '4567891a', digitos: 0 }],
    ['456789123', 'invalid-dni', { digitos: 9 }],
    ['10117410-5', 'invalid-dni-check', {}],
    [`${DNI.a} ${DNI.b}`, 'one-at-a-time', { que: 'un DNI', cantidad: 2 }],
    [`${DNI.a}-${(Number(digitOf(DNI.a)) + 1) % 10}`, 'invalid-dni-check', {}],
    [`${DNI.a} y ${DNI.b}`, 'one-at-a-time', { que: 'un DNI', cantidad: 2 }],
    [`4567 8912 o ${DNI.c}`, 'one-at-a-time', { cantidad: 2 }],
  ])('%j → %s', (line, error, data) => {
    expect(read(dniGrammar, line)).toMatchObject({ error, data });
  });

  it.each([
    [`${DNI.a} y ${DNI.b}`, 'a word `y` between two numbers'],
    [`${DNI.a} a la señora`, 'a lowercase word (`a`)'],
    [`${DNI.a} 2 ${DNI.b}`, 'a number follows'],
  ])('%j: no check character read (%s)', (line) => {
    expect(read(dniGrammar, line)?.because).not.toContain('dni-check-apart');
  });
});

describe('licence grammar', () => {
  it.each([
    [`Q${DNI.b}`, 'licence-letter-dni'],
    [DNI.b, 'dni-digits'],
    ['4123 4567', 'dni-grouped'],
  ])('%j is the licence of 41234567 (%s)', (line, rule) => {
    expect(read(licenceGrammar, line)).toMatchObject({ value: DNI.b, because: [rule] });
  });

  it.each([
    ['Q4123456', 'invalid-dni', {}],
    [`Q${DNI.b} Q${DNI.c}`, 'one-at-a-time', { que: 'una licencia', cantidad: 2 }],
  ])('%j → %s', (line, error, data) => {
    expect(read(licenceGrammar, line)).toMatchObject({ error, data });
  });

  it.each(['Q4123', 'T001-43', 'a las 08:30'])(
    '%j: too few digits to be an attempt (another slot’s)',
    (line) => {
      expect(read(licenceGrammar, line)).toBeNull();
    },
  );
});
