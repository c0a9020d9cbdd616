import { describe, expect, it } from 'vitest';
import { normalizePlate, parsePlate } from '../../src/domain/plate.js';
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

  it('says the plate is missing when there is nothing', () => {
    expectUserError(() => parsePlate(' - '), 'plate-missing');
  });
});
