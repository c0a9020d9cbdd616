import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidRuc, rucCheckDigit, rucGrammar } from '../../../src/language/grammars/identifiers/ruc.js';
import { read, RUC } from './read.js';

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
    ['30123456786', false], // no such prefix
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

describe('ruc grammar: yes', () => {
  it.each([
    // ruc-digits: one token, separators inside, punctuation around
    ['20123456786', RUC.company, 'ruc-digits'],
    ['ruc 20-12345678-6', RUC.company, 'ruc-digits'],
    ['20.123.456.786', RUC.company, 'ruc-digits'],
    ['¿el ruc 20601234565?', RUC.other, 'ruc-digits'],
    ['RUC:10456789124', RUC.person, 'ruc-digits'],
    // ruc-grouped: the groups people type apart
    ['20 123 456 786', RUC.company, 'ruc-grouped'],
    ['ruc 20 12345678 6', RUC.company, 'ruc-grouped'],
    ['2060 1234 565', RUC.other, 'ruc-grouped'],
    ['10 456 789 124 porfa', RUC.person, 'ruc-grouped'],
    // punctuation around the number, and the RUC inside a short phrase
    [' 20-12345678-6 ', RUC.company, 'ruc-digits'],
    ['del cliente 20123456786', RUC.company, 'ruc-digits'],
    ['20123456786?', RUC.company, 'ruc-digits'],
    ['¿20123456786?!', RUC.company, 'ruc-digits'],
    ['20-12345678-6.', RUC.company, 'ruc-digits'],
    ['del cliente 20-12345678-6;', RUC.company, 'ruc-digits'],
  ])('%j → %s (%s)', (line, ruc, rule) => {
    expect(read(rucGrammar, line)).toMatchObject({ value: ruc, because: [rule] });
  });

  it.each([
    ['RUC 20123456786 - Transportes Andinos', 'Transportes Andinos'],
    ['20601234565: Comercial Pachacamac S.A.C.', 'Comercial Pachacamac S.A.C.'],
    ['ruc 20123456786 – Distribuidora Los Álamos E.I.R.L. gracias', 'Distribuidora Los Álamos E.I.R.L.'],
    ['20 123 456 786 - inversiones del sur', 'inversiones del sur'],
  ])('ruc-name-after-dash: %j names %j, which the match spans as a note', (line, name) => {
    const reading = read(rucGrammar, line);
    expect(reading).toMatchObject({ note: name, because: expect.arrayContaining(['ruc-name-after-dash']) });
    // The span covers the name up to its last word (`S.A.C.` is the token `S.A.C` and its dot).
    expect(reading?.span.endsWith(name.replace(/\.$/u, ''))).toBe(true);
  });
});

describe('ruc grammar: no', () => {
  it.each([
    ['20123456786 - urgente', 'a social word after the dash is no name'],
    ['20123456786 - ya lo revisé', 'a sentence (a verb) is no name'],
    ['20123456786 - 20601234565', 'a second number'],
    ['20123456786 Transportes Andinos', 'no dash or colon: the words stay outside the match'],
  ])('%j has no name (%s)', (line) => {
    expect(read(rucGrammar, line)).not.toHaveProperty('note');
  });

  it.each([
    ['ruc 2012345678', 'invalid-ruc-length', { digitos: 10 }],
    ['2010007097', 'invalid-ruc-length', { valor: '2010007097', digitos: 10 }],
    ['201234567860', 'invalid-ruc-length', { digitos: 12 }],
    ['20512333798', 'invalid-ruc-check', { valor: '20512333798' }],
    ['20 123 456 78', 'invalid-ruc-length', { valor: '2012345678' }],
    ['30123456786', 'invalid-ruc-prefix', { prefijo: '30' }],
    ['20123456787', 'invalid-ruc-check', {}],
    ['2012345678A', 'invalid-ruc-format', {}],
    ['20123456786 y 20601234565', 'one-at-a-time', { que: 'un RUC', cantidad: 2 }],
    ['20 123 456 786 20601234565', 'one-at-a-time', { cantidad: 2 }],
    ['20123456786 20601234565', 'one-at-a-time', { que: 'un RUC', cantidad: 2 }], // not 22 digits
    ['20123456786, 2060123456', 'one-at-a-time', {}],
  ])('%j is refused locally: %s', (line, error, data) => {
    expect(read(rucGrammar, line)).toMatchObject({ error, data });
  });

  it('cuts a huge echoed value so the error reply stays short', () => {
    const reading = read(rucGrammar, '9'.repeat(500));
    expect(reading).toMatchObject({ error: 'invalid-ruc-length' });
    expect(String(reading?.data?.['valor']).length).toBeLessThanOrEqual(31);
  });

  it.each(['ruc de la empresa', 'hola', '', 'T001-43', 'a las 08:30', '2 veces'])(
    '%j holds no RUC',
    (line) => {
      expect(read(rucGrammar, line)).toBeNull();
    },
  );
});
