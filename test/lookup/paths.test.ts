import { describe, expect, it } from 'vitest';
import { guidePath, path } from '../../src/lookup/operations.js';

describe('paths', () => {
  it('joins the four guide parts with hyphens in one segment', () => {
    expect(guidePath('json', { ruc: '20123456786', type: '09', series: 'T001', number: '42' })).toBe(
      '/taxauth/guia/json/20123456786-09-T001-42',
    );
  });

  it('encodes each part so input cannot add segments or a query', () => {
    expect(guidePath('xml', { ruc: '20123456786', type: '09', series: 'T/01', number: '4?x=1' })).toBe(
      '/taxauth/guia/xml/20123456786-09-T%2F01-4%3Fx%3D1',
    );
    expect(path`/a/${'../b c'}`).toBe('/a/..%2Fb%20c');
  });

  it('refuses a part that is empty or holds a hyphen', () => {
    expect(() => guidePath('json', { ruc: '20123456786', type: '09', series: 'T-1', number: '1' })).toThrow(
      /series/,
    );
    expect(() => guidePath('json', { ruc: '', type: '09', series: 'T001', number: '1' })).toThrow(/ruc/);
  });
});
