import { describe, expect, it } from 'vitest';
import { lexicon } from '../../src/language/lexicon/index.js';
import { tokenize } from '../../src/language/tokenize.js';

const texts = (line: string) => tokenize(line).map((token) => token.text);

describe('voice-to-text reads as typed', () => {
  it('ends the word before a said comma, full stop or question mark, as if typed after it', () => {
    const tokens = tokenize('hola coma me pasas el dni 45678912 signo de interrogación');
    expect(tokens.map((t) => [t.text, t.after])).toEqual([
      ['hola', ','],
      ['me', ''],
      ['pasas', ''],
      ['el', ''],
      ['dni', ''],
      ['45678912', '?'],
    ]);
  });

  it.each([
    ['programa el tc a las 8 punto 30', '8.30'],
    ['tc del 20 barra 11', '20/11'],
    ['dni 45678912 guion 4', '45678912-4'],
    ['guia T001 guion 42', 'T001-42'],
    ['programa el tc a las 7 dos puntos 45', '7:45'],
  ])('joins two numbers around a said mark: %j has %j', (line, joined) => {
    expect(texts(line)).toContain(joined);
  });

  it.each([
    ['guía te cero cero uno guion cuarenta y dos', ['guía', 'T001-42']],
    ['placa a b c 1 2 3', ['placa', 'ABC123']],
    ['placa de be siete equis cuatro cinco seis', ['placa', 'de', 'B7X456']],
    ['la placa ce tres equis nueve uno ocho', ['la', 'placa', 'C3X918']],
    ['factura efe cero cero uno guion ciento veintitrés', ['factura', 'F001-123']],
    ['serie doble ve cero cero uno', ['serie', 'W001']],
    ['dni cuatro cinco seis siete ocho nueve uno dos', ['dni', '45678912']],
    ['dni cuarenta y cinco sesenta y siete ochenta y nueve doce', ['dni', '45678912']],
    ['ce cero cero uno dos tres cuatro cinco seis siete', ['ce', '001234567']],
  ])('reads a dictated code: %j', (line, tokens) => {
    expect(texts(line)).toEqual(tokens);
  });

  it('ends a dictated number at a said comma (two RUCs in one line)', () => {
    const line =
      'rucs dos cero uno dos tres cuatro cinco seis siete ocho seis coma dos cero seis cero uno dos tres cuatro cinco seis cinco';
    expect(texts(line)).toEqual(['rucs', '20123456786', '20601234565']);
  });

  it.each([
    ['de 8 a 9 estoy en el almacén'], // a letter, digits, a letter: no code ends in three digits
    ['te cuento que el ruc 20123456786 está bien'], // `te` before no digits
    ['a las ocho y cuarenta y cinco'], // `Y45` would be a letter and two digits
    ['la te cero cero uno'], // no word names a code before it
    ['tengo dos o tres choferes'], // digits said apart, too few to be a number
    ['dos mil veintiséis'], // a year in words
    ['a las ocho en punto salimos'], // `en punto` is the clock's
    ['placa ABC 123'], // typed: the plate grammar joins the parts itself
    ['dni uno dos tres cuatro cinco seis siete ocho nueve cero uno dos tres cuatro cinco seis siete'], // no code
  ])('leaves ordinary words alone: %j', (line) => {
    expect(texts(line)).toEqual(line.split(' '));
  });

  it('knows the letters and marks only as lexicon entries', () => {
    expect(lexicon.phrasesAt(['equis'], 0)[0]?.entry).toMatchObject({ class: 'spelled-letter', value: 'X' });
    expect(lexicon.phrasesAt(['dos', 'puntos'], 0)[0]?.entry).toMatchObject({
      class: 'spoken-mark',
      value: ':',
    });
  });
});

describe('register words tie to the senses commands declare', () => {
  it.each([
    ['listame', 'show'],
    ['indicame', 'show'],
    ['remitir', 'send'],
    ['sirvase', 'modal'],
    ['setea', 'schedule'],
    ['schedulea', 'schedule'],
    ['follow', 'watch'],
    ['unfollow', 'stop'],
    ['checkea', 'verify'],
    ['manyas', 'ask'],
    ['need', 'need'],
  ])('%s is a verb of sense %s', (form, sense) => {
    expect(lexicon.verb(form).some((reading) => reading.senses.includes(sense as never))).toBe(true);
  });

  it.each([
    [['dejar', 'sin', 'efecto'], 'cancel', 3],
    [['tenga', 'a', 'bien'], 'modal', 3],
    [['dale', 'follow'], 'watch', 2],
    [['dale', 'unfollow'], 'stop', 2],
  ])('%j is a verb phrase of sense %s', (keys, sense, length) => {
    const verb = lexicon.verbAt(keys, 0);
    expect(verb?.length).toBe(length);
    expect(verb?.forms.every((form) => form.senses.includes(sense as never))).toBe(true);
  });

  it('`check` alone acknowledges; it names no command by itself', () => {
    expect(lexicon.is('check', 'ack')).toBe(true);
    expect(lexicon.verb('check').every((reading) => !reading.senses.includes('verify'))).toBe(true);
  });
});
