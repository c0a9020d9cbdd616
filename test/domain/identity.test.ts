import { describe, expect, it } from 'vitest';
import { parseForeignDoc } from '../../src/domain/identity.js';
import { looksLikeCompanySearch, parseSearchText } from '../../src/domain/search.js';
import { expectUserError } from './user-error.js';

describe('foreign documents (CE, CEE, CI)', () => {
  it('accepts 1 to 15 letters or digits, uppercased', () => {
    expect(parseForeignDoc('001234567', 'CE')).toBe('001234567');
    expect(parseForeignDoc('ab12', 'CI')).toBe('AB12');
    expect(parseForeignDoc('123456789012345', 'CEE')).toBe('123456789012345');
  });

  it('rejects longer numbers and symbols, naming the document type', () => {
    expectUserError(() => parseForeignDoc('1234567890123456', 'CE'), 'invalid-foreign-doc', { tipo: 'CE' });
    expectUserError(() => parseForeignDoc('12#4', 'CEE'), 'invalid-foreign-doc', { tipo: 'CEE' });
    expectUserError(() => parseForeignDoc('', 'CI'), 'foreign-doc-missing', { tipo: 'CI' });
  });
});

describe('company search text', () => {
  it('cleans spaces and quotes and uppercases', () => {
    expect(parseSearchText('  transportes   andinos ')).toBe('TRANSPORTES ANDINOS');
    expect(parseSearchText('"los alamos"')).toBe('LOS ALAMOS');
  });

  it('rejects too short, too long and empty searches', () => {
    expectUserError(() => parseSearchText('ab'), 'invalid-search', { corto: true });
    expectUserError(() => parseSearchText('x'.repeat(81)), 'invalid-search', { corto: false });
    expectUserError(() => parseSearchText('   '), 'search-missing');
  });

  it('treats quoted names and legal forms as searches, plain chatter not', () => {
    expect(looksLikeCompanySearch('"los alamos"')).toBe(true);
    expect(looksLikeCompanySearch('comercial pachacamac s.a.')).toBe(true);
    expect(looksLikeCompanySearch('distribuidora los alamos eirl')).toBe(true);
    expect(looksLikeCompanySearch('el camión mañana')).toBe(false);
    expect(looksLikeCompanySearch('a casa')).toBe(false);
  });
});
