import { describe, expect, it } from 'vitest';
import { echo, endsAtIdentifier, pickToken, tokens } from '../../src/input/args.js';
import { fold } from '../../src/text/fold.js';

describe('argument helpers', () => {
  it('splits on any whitespace', () => {
    expect(tokens('  a \t b\nc ')).toEqual(['a', 'b', 'c']);
    expect(tokens('   ')).toEqual([]);
  });

  it('strips sentence punctuation around tokens but not inside them', () => {
    expect(tokens('¿20123456786? ABC-123. 20/11, 45.678.912;')).toEqual([
      '20123456786',
      'ABC-123',
      '20/11',
      '45.678.912',
    ]);
    expect(tokens('hoy ?! ...')).toEqual(['hoy']);
  });

  it('takes a plain word after the identifier as chatter', () => {
    expect(endsAtIdentifier(['ABC', '123'])).toBe(true);
    expect(endsAtIdentifier(['del', 'camión', 'ABC-123'])).toBe(true);
    expect(endsAtIdentifier(['20123456786', '20601234565'])).toBe(true);
    expect(endsAtIdentifier(['2', 'veces'])).toBe(false);
    expect(endsAtIdentifier(['123', 'vencido'])).toBe(false);
    expect(endsAtIdentifier(['nueva'])).toBe(false);
    expect(endsAtIdentifier([])).toBe(false);
  });

  it('picks the first token with a digit, else the first token', () => {
    expect(pickToken('del cliente 20123456786 por favor')).toBe('20123456786');
    expect(pickToken('hoy')).toBe('hoy');
    expect(pickToken('')).toBe('');
  });

  it('folds accents and case', () => {
    expect(fold('AYÚDA Ñandú')).toBe('ayuda nandu');
  });

  it('echoes user input short and without control characters', () => {
    expect(echo('ab\u0000c\u202e')).toBe('abc');
    expect(echo('x'.repeat(50))).toBe(`${'x'.repeat(30)}…`);
  });
});
