import { describe, expect, it } from 'vitest';
import { lexicon } from '../../src/language/lexicon/index.js';
import { tokenize } from '../../src/language/tokenize.js';

describe('the lexicon', () => {
  it('starts only when every form in two classes has a rule that tells them apart', () => {
    expect(lexicon.unresolvedAmbiguities()).toEqual([]);
  });

  it('finds phrases longest first, by key (accents, case and stretched letters do not matter)', () => {
    const keys = tokenize('Tipo de Cambio del día').map((t) => t.key);
    const [first] = lexicon.phrasesAt(keys, 0);
    expect(first).toMatchObject({ length: 3, entry: { class: 'concept', value: 'exchange-rate' } });
    expect(lexicon.is(tokenize('GRACIASSS')[0]?.key ?? '', 'thanks')).toBe(true);
  });

  it('recognises words by their shape where they are not listed', () => {
    expect(lexicon.is('jajaja', 'laughter')).toBe(true);
    expect(lexicon.is('2do', 'ordinal')).toBe(true);
    expect(lexicon.is('2026', 'ordinal')).toBe(false);
  });
});

describe('verb forms from lemmas', () => {
  it.each([
    ['mandamelo', 'mandar', 'imperative', 'me'],
    ['mandasela', 'mandar', 'imperative', 'them'],
    ['pasale', 'pasar', 'imperative', 'them'],
    ['podrias', 'poder', 'conditional', 'none'],
    ['revisando', 'revisar', 'gerund', 'none'],
    ['muestrame', 'mostrar', 'imperative', 'me'],
    ['busquen', 'buscar', 'imperative', 'none'],
    ['corrija', 'corregir', 'imperative', 'none'],
    ['digame', 'decir', 'imperative', 'me'],
    ['averigue', 'averiguar', 'imperative', 'none'],
  ])('%s is %s, %s, for %s', (form, lemma, name, addressee) => {
    expect(lexicon.verb(form)).toContainEqual(expect.objectContaining({ lemma, form: name, addressee }));
  });

  it('does not make forms that belong to another word (`parar` → `para`, `dar` → `de`)', () => {
    expect(lexicon.verb('para')).toEqual([]);
    expect(lexicon.verb('de')).toEqual([]);
    expect(lexicon.verb('va')).toEqual([]); // `ver`'s usted imperative is `vea`
  });
});

describe('the tokenizer', () => {
  it('keeps punctuation apart from words and splits a concept or label glued to its number', () => {
    const tokens = tokenize('¿el RUC:20123456786 está habido? N°2012 ruc20601234565🙏');
    expect(tokens.map((t) => [t.text, t.key, t.shape, t.after])).toEqual([
      ['el', 'el', 'word', ''],
      ['RUC', 'ruc', 'word', ':'],
      ['20123456786', '20123456786', 'number', ''],
      ['está', 'esta', 'word', ''],
      ['habido', 'habido', 'word', '?'],
      ['N°', 'n°', 'word', ''],
      ['2012', '2012', 'number', ''],
      ['ruc', 'ruc', 'word', ''],
      ['20601234565', '20601234565', 'number', ''],
    ]);
    expect(tokens[3]?.accented).toBe(true);
  });

  it('keeps emoji and punctuation alone as tokens of their own shape', () => {
    expect(tokenize('🙏 - ok').map((t) => t.shape)).toEqual(['emoji', 'punct', 'word']);
  });
});
