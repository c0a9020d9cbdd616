import { describe, expect, it } from 'vitest';
import { echo, fold, pickToken, tokens } from '../../src/domain/args.js';

describe('argument helpers', () => {
  it('splits on any whitespace', () => {
    expect(tokens('  a \t b\nc ')).toEqual(['a', 'b', 'c']);
    expect(tokens('   ')).toEqual([]);
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
