import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_TEXT_LENGTH } from '../../src/transports/transport.js';
import { createTestRouter, fakeLookup } from '../helpers/fakes.js';
import { groupMessage } from '../helpers/messages.js';

const SELF = '51900000000@s.whatsapp.net';

/**
 * Any code point but a letter: random letters spell words (`alla` after `hola` reads as a slip for
 * the test command `falla`, `tc` is a request), and the words are drawn from `word` below.
 */
const notALetter = fc
  .integer({ min: 0, max: 0x10ffff })
  .map((point) => String.fromCodePoint(point))
  .filter((char) => !/\p{L}/u.test(char));

/** Characters that have broken chat bots: controls, invisibles, bidi overrides, lone surrogates, emoji. */
const hostileChar = fc.oneof(
  fc.constantFrom(
    '\u0000',
    '\u0007',
    '\u001B',
    '\n',
    '\r',
    '\t',
    '\u007F',
    '\u0085',
    '\u200B',
    '\u200D',
    '\u202E',
    '\u2066',
    '\u2028',
    '\uFEFF',
    '\uD800',
    '\uDFFF',
    '\u0301',
    '👍',
    '👨‍👩‍👧',
    '🇵🇪',
    'ñ',
    'Í',
    '/',
    '!',
    '.',
    '@',
    ' ',
    '-',
    '{{',
    '{%',
  ),
  fc.string({ unit: notALetter, minLength: 1, maxLength: 3 }),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
);
const hostileText = fc.string({ unit: hostileChar, maxLength: 60 });
const word = fc.constantFrom(
  'ruc',
  'RUC',
  'placa',
  'dni',
  'buscar',
  'tc',
  'ayuda',
  'guía',
  'eco',
  'falla',
  'plaka',
  'x',
);
const prefix = fc.constantFrom('', '/', '!', '.', '@51900000000 ', '\u202E/', ' \u200B');
const message = fc.oneof(
  hostileText,
  fc.tuple(prefix, word, hostileText).map(([p, w, rest]) => `${p}${w} ${rest}`),
  fc.tuple(prefix, word, fc.string({ maxLength: 40 })).map(([p, w, rest]) => `${p}${w}${rest}`),
);

function setup() {
  const lookup = fakeLookup({
    ruc: async (ruc) => ({ nombre_o_razon_social: ruc.repeat(1000) }) as never,
    dni: async (dni) => ({ nombres: dni }) as never,
  });
  return createTestRouter({ lookup, selfIds: [SELF], policy: { rateLimitPerMinute: 0 } });
}

function assertReplies(sent: ReturnType<typeof setup>['transport']['sent']) {
  for (const { message: out } of sent) {
    if (out.kind === 'text') {
      expect(out.text.length).toBeLessThanOrEqual(MAX_TEXT_LENGTH);
      expect(out.text.trim()).not.toBe('');
    }
  }
}

describe('router under random and hostile input', () => {
  it('never throws and never replies longer than WhatsApp allows', async () => {
    const { router, transport } = setup();
    const outcomes = new Set<string>();
    await fc.assert(
      fc.asyncProperty(message, fc.boolean(), async (text, isGroup) => {
        transport.clear();
        const msg = groupMessage(
          text,
          isGroup ? {} : { isGroup: false, chatId: '51987654321@s.whatsapp.net' },
        );
        const result = await router.handle(msg);
        expect(['ignored', 'unknown', 'denied', 'invalid', 'ok', 'failed']).toContain(result.outcome);
        outcomes.add(result.outcome);
        assertReplies(transport.sent);
      }),
      { numRuns: 3000 },
    );
    // The generator reaches the answering paths, not only silence.
    expect([...outcomes].sort()).toEqual(['failed', 'ignored', 'invalid', 'ok', 'unknown']);
  });

  it('handles huge messages (100k+ characters) without failing', async () => {
    const { router, transport } = setup();
    const huge = [
      `ruc ${'2'.repeat(150_000)}`,
      `/eco ${'😀'.repeat(60_000)}`,
      `/${'a'.repeat(120_000)}`,
      `${'\u202E'.repeat(50_000)}/placa ${'\uD800x'.repeat(40_000)}`,
      `buscar ${'\u0000\n'.repeat(80_000)}`,
      `/dni ${'4'.repeat(8)}${' '.repeat(200_000)}`,
    ];
    for (const text of huge) {
      transport.clear();
      const result = await router.handle(groupMessage(text));
      expect(result.outcome).not.toBe('failed');
      assertReplies(transport.sent);
    }
  });

  it('treats the hostile texts as answered only when addressed or attempted', async () => {
    const { router, transport } = setup();
    await fc.assert(
      fc.asyncProperty(hostileText, async (text) => {
        transport.clear();
        const result = await router.handle(groupMessage(`hola ${text}`));
        expect(result.outcome).toBe('ignored');
        expect(transport.sent).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });
});
