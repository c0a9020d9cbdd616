import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { idDigits } from '../../src/bot/ids.js';

/** The rule as it was first written: the user part, without the device, digits only. */
const byParts = (id: string) => ((id.split('@')[0] ?? '').split(':')[0] ?? '').replace(/\D/g, '');

describe('idDigits', () => {
  it('keeps the digits of the user part, before the device and the domain', () => {
    expect(idDigits('51987654321:12@s.whatsapp.net')).toBe('51987654321');
    expect(idDigits('123456789@lid')).toBe('123456789');
    expect(idDigits('+51 987 654 321')).toBe('51987654321');
    expect(idDigits('@s.whatsapp.net')).toBe('');
  });

  it('reads every id as the split-and-strip rule does', () => {
    const id = fc.string({
      unit: fc.constantFrom('5', '1', '9', '0', '@', ':', '.', 'a', '+', ' ', '٣', 'x'),
      maxLength: 24,
    });
    fc.assert(
      fc.property(id, (value) => {
        expect(idDigits(value)).toBe(byParts(value));
      }),
      { numRuns: 2_000 },
    );
  });
});
