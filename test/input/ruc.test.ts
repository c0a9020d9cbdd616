import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidRuc, parseRuc, rucCheckDigit } from '../../src/input/ruc.js';
import { expectUserError } from './user-error.js';

describe('RUC check digit', () => {
  it.each([
    ['20512333797', true],
    ['20512333798', false],
    ['20123456786', true],
    ['20123456787', false],
    ['20601234565', true],
    ['20612345679', true],
    ['10456789124', true],
    ['20609876540', true],
    ['30123456786', false],
    ['2012345678', false],
  ])('%s is valid: %s', (ruc, valid) => {
    expect(isValidRuc(ruc)).toBe(valid);
  });

  it('maps remainders 10 and 11 to 0 and 1, so every 10-digit body has exactly one valid check digit', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^20\d{8}$/), (body) => {
        const valid = [...'0123456789'].filter((d) => isValidRuc(body + d));
        expect(valid).toEqual([String(rucCheckDigit(body))]);
      }),
      { numRuns: 300 },
    );
  });
});

describe('parseRuc', () => {
  it('accepts a valid RUC, also with separators or inside a short phrase', () => {
    expect(parseRuc('20123456786')).toBe('20123456786');
    expect(parseRuc(' 20-12345678-6 ')).toBe('20123456786');
    expect(parseRuc('20.123.456.786')).toBe('20123456786');
    expect(parseRuc('del cliente 20123456786')).toBe('20123456786');
  });

  it('says the RUC is missing when there is nothing', () => {
    expectUserError(() => parseRuc('  '), 'ruc-missing');
  });

  it('tells "must have 11 digits" apart from "check digit wrong"', () => {
    expectUserError(() => parseRuc('2010007097'), 'invalid-ruc-length', { valor: '2010007097', digitos: 10 });
    expectUserError(() => parseRuc('201234567860'), 'invalid-ruc-length', { digitos: 12 });
    expectUserError(() => parseRuc('20512333798'), 'invalid-ruc-check', { valor: '20512333798' });
    expectUserError(() => parseRuc('20123456787'), 'invalid-ruc-check');
  });

  it('rejects letters and unknown prefixes with their own reasons', () => {
    expectUserError(() => parseRuc('2012345678A'), 'invalid-ruc-format');
    expectUserError(() => parseRuc('abc'), 'invalid-ruc-format', { valor: 'abc' });
    expectUserError(() => parseRuc('30123456786'), 'invalid-ruc-prefix', { prefijo: '30' });
  });

  it('asks for one RUC at a time instead of gluing two into 22 digits', () => {
    expectUserError(() => parseRuc('20123456786 20601234565'), 'one-at-a-time', {
      que: 'un RUC',
      cantidad: 2,
    });
    expectUserError(() => parseRuc('20123456786, 2060123456'), 'one-at-a-time');
    expect(parseRuc('20 123 456 786')).toBe('20123456786');
  });

  it('tolerates sentence punctuation around the number', () => {
    expect(parseRuc('20123456786?')).toBe('20123456786');
    expect(parseRuc('¿20123456786?!')).toBe('20123456786');
    expect(parseRuc('20-12345678-6.')).toBe('20123456786');
    expect(parseRuc('del cliente 20-12345678-6;')).toBe('20123456786');
  });

  it('cuts a huge echoed value so the error reply stays short', () => {
    const error = expectUserError(() => parseRuc('9'.repeat(500)), 'invalid-ruc-length');
    expect(String(error.data.valor).length).toBeLessThanOrEqual(31);
  });
});
