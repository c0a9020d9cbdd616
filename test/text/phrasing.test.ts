import { describe, expect, it } from 'vitest';
import { asksForMe, chatKey, cleanArgs, PhraseSet } from '../../src/text/phrasing.js';
import { socialKind } from '../../src/text/social.js';

const grammar = { fillers: new PhraseSet(), literal: false };

describe('chatKey', () => {
  it('collapses letters stretched for emphasis, never short words or digits', () => {
    expect(['holaa', 'graciasss', 'porfaaa', 'plisss', 'holaaaa'].map(chatKey)).toEqual([
      'hola',
      'gracias',
      'porfa',
      'plis',
      'hola',
    ]);
    expect(['cee', 'ruc', '20100000', 'carro', 'llamar'].map(chatKey)).toEqual([
      'cee',
      'ruc',
      '20100000',
      'carro',
      'llamar',
    ]);
  });

  it('drops WhatsApp format marks and punctuation at the edges', () => {
    expect(chatKey('*ruc*')).toBe('ruc');
    expect(chatKey('_placa_:')).toBe('placa');
  });
});

describe('cleanArgs', () => {
  it('trims a chain of courtesy phrases at the end, not only the longest one', () => {
    expect(cleanArgs('20100456789 muchas gracias de antemano 🙏', grammar).text).toBe('20100456789');
    expect(cleanArgs('ABC-123 lo antes posible, se agradece', grammar).text).toBe('ABC-123');
  });

  it('keeps words in the middle, and statement words mark a remark except verbs of state in a question', () => {
    expect(cleanArgs('45678912 de la señora', grammar).text).toBe('45678912 de la señora');
    expect(cleanArgs('20123456786 está habido', grammar).statement).toBe(true);
    expect(cleanArgs('20123456786 está habido', grammar, true).statement).toBe(false);
    expect(cleanArgs('T001-42 ya llegó', grammar, true).statement).toBe(true);
  });
});

describe('socialKind', () => {
  it.each([
    ['hola', 'greeting'],
    ['buenos días, me ayudas?', 'greeting'],
    ['gracias!', 'thanks'],
    ['ok 👍', 'thanks'],
    ['jajaja listo', 'thanks'],
    ['perfecto, muchas gracias', 'thanks'],
    ['ruc 20123456786', undefined],
    ['la reunión es mañana', undefined],
  ] as const)('%j → %s', (text, kind) => {
    expect(socialKind(text)).toBe(kind);
  });
});

describe('asksForMe', () => {
  it('is true when the writer asks for themself, false when a third person is asked for', () => {
    expect(asksForMe(['me', 'confirmas', 'el'])).toBe(true);
    expect(asksForMe(['necesitamos', 'validar', 'el'])).toBe(true);
    expect(asksForMe(['mandame', 'el'])).toBe(true);
    expect(asksForMe(['pasale', 'la'])).toBe(false);
    expect(asksForMe(['le', 'mandas', 'el'])).toBe(false);
    expect(asksForMe(['el'])).toBe(false);
  });
});
