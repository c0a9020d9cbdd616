import { describe, expect, it } from 'vitest';
import { foreignDocGrammar } from '../../../src/language/grammars/identifiers/foreign-doc.js';
import { mobileGrammar } from '../../../src/language/grammars/identifiers/mobile.js';
import { personIdGrammar } from '../../../src/language/grammars/identifiers/person-id.js';
import { DNI, read } from './read.js';

describe('pe-mobile grammar', () => {
  it.each([
    ['987654321', 'mobile-digits'],
    ['987-654-321', 'mobile-digits'],
    ['987 654 321', 'mobile-grouped'],
    ['98 765 4321', 'mobile-grouped'],
    ['+51 987 654 321', 'mobile-country-code'],
    ['(+51) 987-654-321', 'mobile-country-code'],
    ['+51987654321', 'mobile-country-code'],
    ['51987654321', 'mobile-digits'],
    [`chofer ${DNI.b} cel 987654321`, 'mobile-digits'],
    ['4123 4567 987 654 321', 'mobile-grouped'],
  ])('%j is 51987654321 (%s)', (line, rule) => {
    expect(read(mobileGrammar, line)).toMatchObject({ value: '51987654321', because: [rule] });
  });

  it.each(['812345678', '98765432', '12345', '01 987 654', '+51 12345', '+51 887 654 321', '+5198765'])(
    '%j is no Peruvian mobile: chofer-telefono',
    (line) => {
      expect(read(mobileGrammar, line)).toMatchObject({
        error: 'chofer-telefono',
        because: ['mobile-invalid'],
      });
    },
  );

  it.each(['chofer', 'cel del chofer'])('%j holds no number', (line) => {
    expect(read(mobileGrammar, line)).toBeNull();
  });
});

describe('person-id grammar (a driver document)', () => {
  it.each([
    [`${DNI.b} 987654321`, DNI.b, 'person-id-dni'],
    ['4123 4567 987 654 321', DNI.b, 'person-id-dni'],
    [`${DNI.a}-4`, DNI.a, 'person-id-dni'],
    ['001234567', '001234567', 'person-id-card'],
    ['ce a1234567', 'A1234567', 'person-id-card'],
  ])('%j → %s', (line, value, rule) => {
    expect(read(personIdGrammar, line)).toMatchObject({ value, because: expect.arrayContaining([rule]) });
  });

  it.each([
    ['4123456', 'chofer-documento'],
    ['1234567890123', 'chofer-documento'],
    [`${DNI.a}-5`, 'invalid-dni-check'],
  ])('%j is refused: %s', (line, error) => {
    expect(read(personIdGrammar, line)).toMatchObject({ error });
  });

  it.each(['chofer del camión ABC-123', 'de la T001-43'])('%j names no person', (line) => {
    expect(read(personIdGrammar, line)).toBeNull();
  });

  it('reads a short number first as the document, weak: too few digits for a line about a driver', () => {
    expect(read(personIdGrammar, 'placa 12345')).toMatchObject({ error: 'chofer-documento', weak: true });
    expect(read(personIdGrammar, '4123 987654321')).toMatchObject({
      error: 'chofer-documento',
      span: '4123',
    });
  });
});

describe('ce/cee/ci grammars', () => {
  it.each([
    ['001234567', '001234567'],
    ['carnet 001-234-567', '001234567'],
    ['ab12', 'AB12'],
    ['000765432', '000765432'],
    ['CE 001234567', '001234567'],
    ['001234567?', '001234567'],
    ['123456789012345', '123456789012345'], // 15 characters, the most a number has
  ])('%j → %s', (line, value) => {
    expect(read(foreignDocGrammar('CE'), line)).toMatchObject({ value, because: ['foreign-doc-number'] });
  });

  it.each([
    ['CI', '1234567890123456', 'invalid-foreign-doc', { tipo: 'CI' }],
    ['CE', '1234567890123456', 'invalid-foreign-doc', { tipo: 'CE' }],
    ['CEE', '12#4', 'invalid-foreign-doc', { tipo: 'CEE' }],
    ['CI', '001234567 000765432', 'one-at-a-time', { que: 'una cédula', cantidad: 2 }],
    ['CI', '12345678901 12345678902', 'one-at-a-time', { que: 'una cédula' }],
    ['CE', '001234567 000765432', 'one-at-a-time', { que: 'un carné' }],
  ] as const)('%s %j → %s', (tipo, line, error, data) => {
    expect(read(foreignDocGrammar(tipo), line)).toMatchObject({ error, data });
  });

  it('a number too short for a card is read, but weak: acted on only when addressed', () => {
    expect(read(foreignDocGrammar('CE'), 'carnet 123 vencido')).toMatchObject({ value: '123', weak: true });
    expect(read(foreignDocGrammar('CE'), '12345')).toMatchObject({ value: '12345', weak: true });
    expect(read(foreignDocGrammar('CE'), '001234567')).not.toHaveProperty('weak');
  });

  it('a short number beside the document is not a second one (`cedula 1 copia 001234567`)', () => {
    expect(read(foreignDocGrammar('CI'), 'copia 1 de 001234567')).toMatchObject({ value: '001234567' });
  });
});
