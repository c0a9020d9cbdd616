import { describe, expect, it } from 'vitest';
import { commands } from '../../src/app/features.js';
import { UserError } from '../../src/errors/user-error.js';
import { createUnderstanding } from '../../src/language/understand/understand.js';
import type { UnderstandContext } from '../../src/language/understand/understand.js';
import { hostileText, SELF_DIGITS } from '../helpers/hostile-text.js';
import { tableLines } from '../helpers/table-lines.js';
import { NOW, OWN } from '../bot/phrasings/rows.js';

/**
 * judge.ts reads the documented form (`ruc 20123456786`: the command's word, then one token its
 * one slot reads whole) without the rules meant for longer lines. That shortcut must never change
 * a reading: every line here is read with it and without it, and the two Readings must be equal
 * (errors compared by identifier and data), in a group and in a direct chat.
 */
const withShortcut = createUnderstanding(commands);
const without = createUnderstanding(commands, { documentedForm: false });

/** Command words (names, concepts, verbs, prefixed, capitalised) before values of every kind. */
function shortLines(): string[] {
  const words = [
    ...commands.map((command) => command.name),
    ...['RUC', 'Ruc', '/ruc', '!tc', '.placa', 'porfa', 'hola', 'boleta', 'licencia', 'vigila', 'deuda'],
  ];
  const values = [
    '20123456786',
    '2010007097',
    '20-12345678-6',
    '45678912',
    '4567-8912',
    'abc-123',
    'ABC123',
    'C3X918',
    '12',
    '20/11/2026',
    '20/11',
    '3.79',
    '10%',
    '2026-10',
    '10/26',
    'T001-42',
    'F001-123',
    '1ro',
    '8h30',
    '8am',
    '987654321',
    '+51987654321',
    '001234567',
    '20123456786?',
    '20123456786,',
    'x1',
  ];
  return words.flatMap((word) => values.flatMap((value) => [`${word} ${value}`, `${word}: ${value}`]));
}

/** A Reading as comparable data: errors by class, code and data. */
function plain(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner instanceof UserError
      ? { error: inner.constructor.name, identifier: inner.identifier, data: inner.data }
      : inner instanceof Set
        ? [...(inner as Set<unknown>)]
        : inner,
  );
}

const CONTEXTS: readonly UnderstandContext[] = [
  { isGroup: true, selfDigits: [SELF_DIGITS], now: NOW, ownRuc: OWN },
  { isGroup: false, selfDigits: [SELF_DIGITS], now: NOW },
];

describe('the documented form', () => {
  it('reads every line as the full judge does', async () => {
    const lines = [
      ...(await tableLines()).lines,
      ...shortLines(),
      ...Array.from({ length: 2_000 }, (_, i) => hostileText(18, i, 400)),
    ];
    const differ: string[] = [];
    for (const context of CONTEXTS)
      for (const line of lines) {
        const fast = plain(withShortcut.understand(line, context));
        if (fast !== plain(without.understand(line, context))) differ.push(line);
      }
    expect(differ).toEqual([]);
    expect(lines.length).toBeGreaterThan(2_500);
  });

  it('is taken by the documented form and not by longer lines', () => {
    const context = CONTEXTS[0]!;
    expect(withShortcut.understand('ruc 20123456786', context)).toMatchObject({
      act: 'request',
      command: 'ruc',
      args: { value: { ruc: '20123456786' } },
      because: ['command:ruc', 'slot:ruc', 'ruc-digits'],
    });
    // A wrong check digit is still a local error, never a call.
    const wrong = withShortcut.understand('ruc 20123456787', context);
    expect(wrong.act).toBe('request');
    expect(wrong.args && 'error' in wrong.args).toBe(true);
  });
});
