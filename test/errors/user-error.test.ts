import { describe, expect, it } from 'vitest';
import { echo, UserError } from '../../src/errors/user-error.js';

describe('user errors', () => {
  it('echoes what the user typed short and without control characters', () => {
    expect(echo('ab\u0000c\u202e')).toBe('abc');
    expect(echo('  20123456786 ')).toBe('20123456786');
    expect(echo('x'.repeat(50))).toBe(`${'x'.repeat(30)}…`);
    expect(echo('x'.repeat(50), 40)).toBe(`${'x'.repeat(40)}…`);
  });

  it('carries its template id, data and the example it names', () => {
    const error = new UserError('invalid-ruc-check', { valor: '20123456787' }, { example: 1 });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'UserError',
      identifier: 'invalid-ruc-check',
      data: { valor: '20123456787' },
      example: 1,
    });
    expect(new UserError('ruc-missing').data).toEqual({});
  });

  it('is thrown, caught and told as an error, without a stack', async () => {
    const error = new UserError('invalid-ruc-length', { valor: '2010007097' });
    expect(String(error)).toBe('UserError: invalid-ruc-length');
    expect(error.message).toBe('invalid-ruc-length');
    expect(error.stack).toBeUndefined();
    expect(() => {
      throw error;
    }).toThrow(UserError);
    await expect(Promise.reject(error)).rejects.toBeInstanceOf(Error);
    expect(() => {
      throw new UserError('ruc-missing');
    }).toThrow('ruc-missing');
  });
});
