import { describe, expect, it } from 'vitest';
import { commands } from '../../commands/index.js';
import { idDigits } from '../../src/transports/ids.js';
import { closestWord, editDistance } from '../../src/language/edit-distance.js';
import { normalizeLine, normalizeText } from '../../src/language/normalize.js';
import { createUnderstanding } from '../../src/language/understand/understand.js';

const understanding = createUnderstanding(commands);
const NOW = new Date('2026-11-22T15:00:00Z');
const SELF = ['51900000000', '99900000001'];
const read = (text: string, isGroup = true) =>
  understanding.understand(text, { isGroup, selfDigits: SELF, now: NOW, ownRuc: '20123456786' });

describe('normalize', () => {
  it('trims, collapses whitespace and keeps lines apart', () => {
    expect(normalizeLine('  ruc\t\t20123456786  ')).toBe('ruc 20123456786');
    expect(normalizeText('ruc\n\n 20123456786 \n')).toBe('ruc 20123456786');
  });

  it('strips zero-width, bidi override and BOM characters', () => {
    expect(normalizeLine('\u200Bru\u200Dc\u202E 2012\uFEFF3456786\u2066')).toBe('ruc 20123456786');
  });

  it('drops lone surrogates but keeps emoji pairs', () => {
    expect(normalizeLine('hola\uD800 \uDC00mundo 👍')).toBe('hola mundo 👍');
  });

  it('composes accents so a decomposed one equals the precomposed one', () => {
    expect(normalizeLine('gu\u0069\u0301a')).toBe('guía');
  });

  it('applies NFKC so full-width digits and letters read as ASCII, and dash look-alikes as -', () => {
    expect(normalizeLine('ＲＵＣ　２０１２３４５６７８６')).toBe('RUC 20123456786');
    expect(normalizeLine('placa ＡＢＣ－１２３')).toBe('placa ABC-123');
    expect(normalizeLine('placa C3X–918')).toBe('placa C3X-918');
  });
});

describe('idDigits', () => {
  it('strips the domain and the device suffix', () => {
    expect(idDigits('51987654321:12@s.whatsapp.net')).toBe('51987654321');
    expect(idDigits('123456789@lid')).toBe('123456789');
  });
});

describe('who a message is addressed to', () => {
  it('reads plain group text as not addressed', () => {
    expect(read('ruc 20123456786')).toMatchObject({ act: 'request', command: 'ruc' });
    expect(read('ruc 20123456786').addressed).toBeUndefined();
  });

  it.each(['/', '!', '.'])('recognises the %s prefix followed by a word', (prefix) => {
    expect(read(`${prefix}RUC 20123456786`)).toMatchObject({ addressed: 'prefix', prefix, command: 'ruc' });
  });

  it('does not treat punctuation without a word as a prefix', () => {
    expect(read('...ok').addressed).toBeUndefined();
    expect(read('/ ruc 1').addressed).toBeUndefined();
    expect(read('!!!').addressed).toBeUndefined();
  });

  it('recognises a mention of the bot anywhere, and not of someone else', () => {
    expect(read('@51900000000 placa abc-123')).toMatchObject({ addressed: 'mention', command: 'placa' });
    expect(read('placa ABC123 @51900000000')).toMatchObject({ addressed: 'mention', command: 'placa' });
    const other = read('@51911111111 ruc 20123456786');
    expect(other.addressed).toBeUndefined();
    expect(other.command).toBe('ruc');
  });

  it.each([
    ['@51900000000, ruc 20123456786', 'ruc'],
    ['@51900000000: tc', 'tc'],
    ['@51900000000! placa abc-123', 'placa'],
    ['@51911111111 @51900000000, @51922222222: ruc 20123456786', 'ruc'],
    ['@99900000001 — guia T001-42', 'guia'],
  ])('strips mentions with punctuation before the command: %s', (text, command) => {
    expect(read(text)).toMatchObject({ addressed: 'mention', act: 'request', command });
  });

  it('does not take a tag-everyone announcement (no @bot in the text) as addressed', () => {
    const reading = read('@51911111111 @51922222222 reunión mañana a las 8');
    expect(reading.act).toBe('unknown');
    expect(reading.addressed).toBeUndefined();
  });

  it('accepts a prefix after a mention', () => {
    expect(read('@51900000000 /tc')).toMatchObject({ addressed: 'mention', prefix: '/', command: 'tc' });
  });

  it('takes a colon after the command word as a label', () => {
    expect(read('RUC: 20123456786')).toMatchObject({
      command: 'ruc',
      args: { value: { ruc: '20123456786' } },
    });
    expect(read('placa:ABC-123')).toMatchObject({ command: 'placa', args: { value: { placa: 'ABC123' } } });
    expect(read('/dni-ruc: 45678912')).toMatchObject({ addressed: 'prefix', command: 'dniruc' });
    expect(read('08:30 salimos').act).not.toBe('request');
  });

  it('drops Spanish opening marks before the command word', () => {
    expect(read('¿ruc 20123456786?')).toMatchObject({
      command: 'ruc',
      args: { value: { ruc: '20123456786' } },
    });
    expect(read('¡placa ABC123!')).toMatchObject({ command: 'placa' });
  });

  it('marks every direct message as addressed', () => {
    expect(read('ruc 1', false).addressed).toBe('direct');
  });

  it('reads empty or invisible-only text, or a lone mention, as empty', () => {
    expect(read('   \u200B\n').because).toEqual(['empty']);
    expect(read('@51900000000')).toMatchObject({ addressed: 'mention', act: 'unknown', because: ['empty'] });
  });
});

describe('suggestions', () => {
  it('measures edit distance, an adjacent swap as one edit, and gives up beyond the limit', () => {
    expect(editDistance('rux', 'ruc')).toBe(1);
    expect(editDistance('rcu', 'ruc')).toBe(1);
    expect(editDistance('palca', 'placa')).toBe(1);
    expect(editDistance('abcdefgh', 'ruc')).toBe(3);
  });

  it('suggests the closest word within distance 2 (1 under five letters, none for one)', () => {
    expect(closestWord('plaka', ['ruc', 'placa', 'dni'])).toBe('placa');
    expect(closestWord('trabajador', ['trabajadores', 'ruc'])).toBe('trabajadores');
    expect(closestWord('hola', ['ruc', 'placa'])).toBeUndefined();
    expect(closestWord('x', ['ce', 'ci'])).toBeUndefined();
    expect(closestWord('dnni', ['ruc', 'dni'])).toBe('dni');
  });
});
