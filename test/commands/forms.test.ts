import { describe, expect, it } from 'vitest';
import { arVerb, combine, implying, namingTheBot, namingTheBotOrHere } from '../../commands/lib/forms.js';

describe('generated command forms', () => {
  it('combines word lists in order, an empty entry meaning nothing there', () => {
    expect(combine(['borra', 'quita'], ['al', ''], ['chofer'])).toEqual([
      'borra al chofer',
      'borra chofer',
      'quita al chofer',
      'quita chofer',
    ]);
    expect(implying(['borra chofer'], 'borrar')).toEqual([['borra chofer', 'borrar']]);
  });

  it('spells the request forms of an -ar verb', () => {
    expect(arVerb('registr')).toEqual(['registra', 'registrar', 'registrame', 'registranos', 'registren']);
  });

  it('colloquial verbs need the bot named; verbs about answering may name the place instead', () => {
    const named = namingTheBot(['silencio']);
    expect(named).toContain('silencio bot');
    expect(named).toContain('bot silencio');
    expect(named).not.toContain('silencio');
    expect(named).not.toContain('silencio aqui');
    expect(namingTheBotOrHere(['no respondas'])).toContain('no respondas en este grupo');
  });
});
