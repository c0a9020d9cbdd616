import { describe, expect, it } from 'vitest';
import { isPlausiblePlate, normalizePlate, parsePlate } from '../../src/input/plate.js';
import { expectUserError } from './user-error.js';

describe('plates', () => {
  it('normalises abc-123 to ABC123', () => {
    expect(normalizePlate('abc-123')).toBe('ABC123');
    expect(normalizePlate(' b7x 456 ')).toBe('B7X456');
  });

  it.each([
    ['ABC123', 'ABC123'],
    ['abc-123', 'ABC123'],
    ['ABC 123', 'ABC123'],
    ['b7x-456', 'B7X456'],
    ['AB1234', 'AB1234'],
    ['ABC1234', 'ABC1234'],
    ['del camión abc-123', 'ABC123'],
  ])('accepts %j as %s', (raw, plate) => {
    expect(parsePlate(raw)).toBe(plate);
  });

  it.each(['12', 'AB12', 'ABCDE12345', '000000', 'AB#123', 'ÑAB123'])('rejects %j', (raw) => {
    expectUserError(() => parsePlate(raw), 'invalid-plate');
  });

  it.each([
    ['AB 1234', 'AB1234'],
    ['1234-5A', '12345A'],
    ['1234 5A', '12345A'],
    ['ABC 1234', 'ABC1234'],
    ['abc-123.', 'ABC123'],
  ])('joins %j into %s: two parts making a plausible plate', (raw, plate) => {
    expect(parsePlate(raw)).toBe(plate);
  });

  it.each(['2 veces', 'ABC DEF', 'ABCDEF', 'AB12CD', 'de 2 a 3 veces'])(
    'does not glue words into a plate: %j',
    (raw) => {
      expectUserError(() => parsePlate(raw), 'invalid-plate');
    },
  );

  it('names the offending token, not the joined words', () => {
    expectUserError(() => parsePlate('2 veces'), 'invalid-plate', { valor: '2' });
  });

  it('asks for one plate at a time', () => {
    expectUserError(() => parsePlate('abc123 b7x456'), 'one-at-a-time', { que: 'una placa' });
    expectUserError(() => parsePlate('ABC-123 y B7X-456'), 'one-at-a-time');
  });

  it('tells plausible plates (6–8 characters, 3+ digits) from words', () => {
    expect(isPlausiblePlate('ABC123')).toBe(true);
    expect(isPlausiblePlate('A1B234')).toBe(true);
    expect(isPlausiblePlate('2VECES')).toBe(false);
    expect(isPlausiblePlate('ABC12')).toBe(false);
  });

  it('says the plate is missing when there is nothing', () => {
    expectUserError(() => parsePlate(' - '), 'plate-missing');
  });
});
