import { describe, expect, it } from 'vitest';
import {
  closestWord,
  editDistance,
  idDigits,
  looksLikeAttempt,
  normalizeText,
  parseText,
} from '../../src/bot/parse.js';

const group = (text: string, extra: { selfIds?: string[]; mentionedIds?: string[] } = {}) =>
  parseText({ text, isGroup: true, selfIds: extra.selfIds ?? [], mentionedIds: extra.mentionedIds ?? [] });

describe('normalizeText', () => {
  it('trims, collapses whitespace and turns newlines/tabs into spaces', () => {
    expect(normalizeText('  ruc\t\t20123456786 \n\n ')).toBe('ruc 20123456786');
  });

  it('strips zero-width, bidi override and BOM characters', () => {
    expect(normalizeText('\u200Bru\u200Dc\u202E 2012\uFEFF3456786\u2066')).toBe('ruc 20123456786');
  });

  it('drops lone surrogates but keeps emoji pairs', () => {
    expect(normalizeText('hola\uD800 \uDC00mundo 👍')).toBe('hola mundo 👍');
  });

  it('composes to NFC so a decomposed accent equals the precomposed one', () => {
    expect(normalizeText('gu\u0069\u0301a')).toBe('guía');
  });

  it('applies NFKC so full-width digits and letters read as ASCII', () => {
    expect(normalizeText('ＲＵＣ　２０１２３４５６７８６')).toBe('RUC 20123456786');
    expect(normalizeText('placa ＡＢＣ－１２３')).toBe('placa ABC-123');
  });
});

describe('idDigits', () => {
  it('strips the domain and the device suffix', () => {
    expect(idDigits('51987654321:12@s.whatsapp.net')).toBe('51987654321');
    expect(idDigits('123456789@lid')).toBe('123456789');
  });
});

describe('parseText addressing', () => {
  it('treats plain group text as not addressed', () => {
    expect(group('ruc 20123456786')).toMatchObject({ word: 'ruc', rawArgs: '20123456786' });
    expect(group('ruc 20123456786')?.via).toBeUndefined();
  });

  it.each(['/', '!', '.'])('recognises the %s prefix followed by a word', (prefix) => {
    expect(group(`${prefix}RUC 20123456786`)).toMatchObject({
      via: 'prefix',
      prefix,
      word: 'RUC',
      folded: 'ruc',
      rawArgs: '20123456786',
    });
  });

  it('does not treat punctuation without a word as a prefix', () => {
    expect(group('...ok')?.via).toBeUndefined();
    expect(group('/ ruc 1')?.via).toBeUndefined();
    expect(group('!!!')?.via).toBeUndefined();
  });

  it('recognises a leading mention of the bot and strips it', () => {
    const parsed = group('@51900000000 placa abc-123', { selfIds: ['51900000000:3@s.whatsapp.net'] });
    expect(parsed).toMatchObject({ via: 'mention', word: 'placa', rawArgs: 'abc-123' });
  });

  it('recognises a mention reported in mentionedIds anywhere in the text', () => {
    const parsed = group('placa ABC123 @51900000000', {
      selfIds: ['51900000000@s.whatsapp.net'],
      mentionedIds: ['51900000000@s.whatsapp.net'],
    });
    expect(parsed).toMatchObject({ via: 'mention', word: 'placa', rawArgs: 'ABC123' });
  });

  it('does not take a mention of someone else as addressing the bot', () => {
    const parsed = group('@51911111111 ruc 20123456786', { selfIds: ['51900000000@s.whatsapp.net'] });
    expect(parsed?.via).toBeUndefined();
    expect(parsed?.word).toBe('@51911111111');
  });

  it('accepts a prefix after a mention', () => {
    expect(group('@51900000000 /tc', { selfIds: ['51900000000@s.whatsapp.net'] })).toMatchObject({
      via: 'mention',
      prefix: '/',
      word: 'tc',
    });
  });

  it('takes a colon after the command word as a label', () => {
    expect(group('RUC: 20123456786')).toMatchObject({ word: 'RUC', folded: 'ruc', rawArgs: '20123456786' });
    expect(group('placa:ABC-123')).toMatchObject({ folded: 'placa', rawArgs: 'ABC-123' });
    expect(group('/dni-ruc: 45678912')).toMatchObject({
      via: 'prefix',
      folded: 'dni-ruc',
      rawArgs: '45678912',
    });
    expect(group('Nota: la placa')).toMatchObject({ folded: 'nota', rawArgs: 'la placa' });
    expect(group('08:30 salimos')).toMatchObject({ word: '08:30' });
  });

  it('drops Spanish opening marks before the command word', () => {
    expect(group('¿ruc 20123456786?')).toMatchObject({ folded: 'ruc', rawArgs: '20123456786?' });
    expect(group('¡placa ABC123!')).toMatchObject({ folded: 'placa' });
  });

  it('marks every direct message as addressed', () => {
    expect(parseText({ text: 'ruc 1', isGroup: false, selfIds: [] })?.via).toBe('direct');
  });

  it('returns undefined for empty or invisible-only text', () => {
    expect(group('   \u200B\n')).toBeUndefined();
    expect(group('@51900000000', { selfIds: ['51900000000@s.whatsapp.net'] })).toBeUndefined();
  });
});

describe('looksLikeAttempt (unaddressed group messages)', () => {
  it('never counts free text as an attempt', () => {
    expect(looksLikeAttempt('text', 'transportes andinos')).toBe(false);
    expect(looksLikeAttempt('text', '')).toBe(false);
  });

  it('counts no-argument commands only when bare', () => {
    expect(looksLikeAttempt('none', '')).toBe(true);
    expect(looksLikeAttempt('none', 'de whatsapp')).toBe(false);
  });

  it('counts optional arguments when empty or starting with a digit', () => {
    expect(looksLikeAttempt('optional', '')).toBe(true);
    expect(looksLikeAttempt('optional', '20/11/2026')).toBe(true);
    expect(looksLikeAttempt('optional', '10')).toBe(true);
    expect(looksLikeAttempt('optional', '20/11/2026?')).toBe(true);
    expect(looksLikeAttempt('optional', 'con esto por favor')).toBe(false);
  });

  it('takes a plain word after the optional argument as chatter', () => {
    expect(looksLikeAttempt('optional', '3 vendedores')).toBe(false);
    expect(looksLikeAttempt('optional', '20 de noviembre')).toBe(false);
  });

  it('counts identifiers when short and holding a digit', () => {
    expect(looksLikeAttempt('required', '2010007097')).toBe(true);
    expect(looksLikeAttempt('required', '12')).toBe(true);
    expect(looksLikeAttempt('required', '20123456786 09 T001 42')).toBe(true);
    expect(looksLikeAttempt('required', 'nueva del camión')).toBe(false);
    expect(looksLikeAttempt('required', 'de la empresa?')).toBe(false);
    expect(looksLikeAttempt('required', 'del camión 2 está muy sucia hoy')).toBe(false);
    expect(looksLikeAttempt('required', '')).toBe(false);
  });

  it('takes plain words after the identifier as chatter, several identifiers as an attempt', () => {
    for (const chatter of ['2 veces', '2 kilos', '1 copia', '123 vencido', '3 clientes', '2025 lista']) {
      expect(looksLikeAttempt('required', chatter)).toBe(false);
    }
    expect(looksLikeAttempt('required', '20123456786 20601234565')).toBe(true);
    expect(looksLikeAttempt('required', 'abc123 b7x456')).toBe(true);
    expect(looksLikeAttempt('required', 'ABC 123')).toBe(true);
    expect(looksLikeAttempt('required', 'del camión ABC-123')).toBe(true);
    expect(looksLikeAttempt('required', '20123456786 ?')).toBe(true);
    expect(looksLikeAttempt('required', '20123456786?')).toBe(true);
  });
});

describe('suggestions', () => {
  it('measures edit distance and gives up beyond the limit', () => {
    expect(editDistance('rux', 'ruc')).toBe(1);
    expect(editDistance('plca', 'placa')).toBe(1);
    expect(editDistance('abcdefgh', 'ruc')).toBe(3);
  });

  it('counts an adjacent swap as one edit', () => {
    expect(editDistance('rcu', 'ruc')).toBe(1);
    expect(editDistance('palca', 'placa')).toBe(1);
  });

  it('suggests the closest word within distance 2', () => {
    expect(closestWord('plaka', ['ruc', 'placa', 'dni'])).toBe('placa');
    expect(closestWord('trabajador', ['trabajadores', 'ruc'])).toBe('trabajadores');
    expect(closestWord('hola', ['ruc', 'placa'])).toBeUndefined();
  });

  it('allows only one edit for words under five letters and none for one letter', () => {
    expect(closestWord('x', ['ce', 'ci'])).toBeUndefined();
    expect(closestWord('hola', ['help'])).toBeUndefined();
    expect(closestWord('dnni', ['ruc', 'dni'])).toBe('dni');
    expect(closestWord('rcu', ['ruc'])).toBe('ruc');
  });
});
