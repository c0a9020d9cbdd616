import { describe, expect, it } from 'vitest';
import { dniCheckDigit, isValidDni, parseDni, parseLicenceDni } from '../../src/input/dni.js';
import { expectUserError } from './user-error.js';

describe('DNI', () => {
  it('computes the verification character of peru-domain.md (10117410 → 2)', () => {
    expect(dniCheckDigit('10117410')).toEqual({ digit: '2', letter: 'G' });
    expect(dniCheckDigit('45678912').digit).toBe('4');
    expect(dniCheckDigit('41234567').digit).toBe('9');
    expect(dniCheckDigit('70123456').digit).toBe('7');
  });

  it.each([
    ['45678912', true],
    ['00000000', true],
    ['4567891', false],
    ['456789123', false],
    ['4567891a', false],
    ['', false],
  ])('isValidDni(%j) is %s', (dni, valid) => {
    expect(isValidDni(dni)).toBe(valid);
  });

  it('parses 8 digits, also with a correct printed check character', () => {
    expect(parseDni('45678912')).toBe('45678912');
    expect(parseDni('de rosa 45678912')).toBe('45678912');
    expect(parseDni('10117410-2')).toBe('10117410');
    expect(parseDni('10117410-g')).toBe('10117410');
    expect(parseDni('45.678.912')).toBe('45678912');
  });

  it('rejects wrong lengths, letters, a wrong check character and nothing', () => {
    expectUserError(() => parseDni('4567891'), 'invalid-dni', { valor: '4567891', digitos: 7 });
    expectUserError(() => parseDni('456789123'), 'invalid-dni', { digitos: 9 });
    expectUserError(() => parseDni('abcdefgh'), 'invalid-dni', { digitos: 0 });
    expectUserError(() => parseDni('4567891a'), 'invalid-dni', { valor: '4567891a', digitos: 0 });
    expectUserError(() => parseDni('10117410-5'), 'invalid-dni-check');
    expectUserError(() => parseDni(''), 'dni-missing');
  });

  it('takes the DNI out of a licence number (letter + DNI) for `licencia`', () => {
    expect(parseLicenceDni('Q41234567')).toBe('41234567');
    expect(parseLicenceDni('41234567')).toBe('41234567');
    expectUserError(() => parseLicenceDni('Q4123'), 'invalid-dni');
  });

  it('asks for one DNI or licence at a time instead of answering only the first', () => {
    expectUserError(() => parseDni('45678912 41234567'), 'one-at-a-time', { que: 'un DNI' });
    expectUserError(() => parseLicenceDni('Q41234567 Q70123456'), 'one-at-a-time', { que: 'una licencia' });
    expect(parseDni('45678912?')).toBe('45678912');
  });
});
