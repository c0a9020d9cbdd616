import { describe, expect, it } from 'vitest';
import { looksLikeForeignDoc, parseForeignDoc } from '../../src/input/identity.js';
import { looksLikeCompanySearch, parseSearchText } from '../../src/input/search.js';
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

describe('foreign documents without a prefix (attempt or chatter)', () => {
  it.each(['001234567', '000765432', 'CE 001234567', '001-234-567', '001234567?'])(
    '%j is a lookup',
    (raw) => {
      expect(looksLikeForeignDoc(raw)).toBe(true);
    },
  );

  it.each(['2 kilos', '1 copia', '123 vencido', '123', '12345', 'vencido', '001234567 vencido', ''])(
    '%j is chatter',
    (raw) => {
      expect(looksLikeForeignDoc(raw)).toBe(false);
    },
  );

  it('asks for one document at a time', () => {
    expectUserError(() => parseForeignDoc('001234567 000765432', 'CE'), 'one-at-a-time', { que: 'un carné' });
    expectUserError(() => parseForeignDoc('12345678901 12345678902', 'CI'), 'one-at-a-time', {
      que: 'una cédula',
    });
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
