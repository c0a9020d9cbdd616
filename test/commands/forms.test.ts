import { describe, expect, it } from 'vitest';
import { isUnlistedForm, isWatchAttempt, LIST_FORM, parseWatchArgs } from '../../commands/lib/watch-args.js';
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

describe('watch-list forms of generic verbs', () => {
  it('need the list named unaddressed, and the list words are not kept as the note', () => {
    expect(isWatchAttempt(`${LIST_FORM} 20601234565 a vigilados`)).toBe(true);
    expect(isWatchAttempt(`${LIST_FORM} 20601234565 a la factura`)).toBe(false);
    expect(isUnlistedForm([LIST_FORM, '20601234565'])).toBe(true);
    expect(isUnlistedForm([LIST_FORM, '20601234565', 'a', 'vigilados'])).toBe(false);
    expect(parseWatchArgs(`${LIST_FORM} 20601234565 a la lista de vigilados`)).toEqual({
      ruc: '20601234565',
    });
    expect(parseWatchArgs(`${LIST_FORM} 20601234565 en vigilancia proveedor de fierro`)).toEqual({
      ruc: '20601234565',
      note: 'proveedor de fierro',
    });
  });
});
