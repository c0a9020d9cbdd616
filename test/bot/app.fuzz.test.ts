import { formsOf } from '../../src/language/understand/forms.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TEXT_LENGTH } from '../../src/transports/transport.js';
import { type BotHarness, createBotHarness } from '../helpers/bot-harness.js';

/** The same hostile-input property as router.fuzz, through the real commands and templates. */
const hostileChar = fc.oneof(
  fc.constantFrom(
    '\u0000',
    '\n',
    '\u200B',
    '\u202E',
    '\u2066',
    '\uFEFF',
    '\uD800',
    '\uDC00',
    '👍',
    '🇵🇪',
    'ñ',
    '-',
    '/',
    ' ',
  ),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 2 }),
  fc.constantFrom('0', '1', '2', '9', 'A', 'F', 'T', '/', '2026', 'hoy'),
);
const args = fc.string({ unit: hostileChar, maxLength: 40 });

describe('the real app under hostile input', () => {
  let harness: BotHarness;
  let words: string[];
  beforeAll(async () => {
    harness = await createBotHarness({ config: { rateLimitPerMinute: 0 } });
    words = harness.app.router.commands.flatMap((command) => [command.name, ...formsOf(command, 4)]);
  });
  afterAll(async () => {
    await harness.close();
  });

  it('never crashes and never replies longer than WhatsApp allows, for every command word', async () => {
    const outcomes = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('', '/', '!', '.'),
        fc.integer({ min: 0, max: 1000 }),
        args,
        async (prefix, pick, rest) => {
          const word = words[pick % words.length] ?? 'ruc';
          const { replies, result } = await harness.deliver({
            id: `fuzz-${pick}-${rest.length}`,
            chatId: '120363000000000001@g.us',
            chatName: 'Despacho Lima',
            isGroup: true,
            senderIds: ['51987654321@s.whatsapp.net'],
            text: `${prefix}${word} ${rest}`,
            timestamp: Date.now(),
          });
          outcomes.add(result.outcome);
          // upstream slowness under load may fail a lookup; a crash in our code may not
          expect(['internal', 'router']).not.toContain(result.reason);
          for (const reply of replies) {
            if (reply.kind === 'text') expect(reply.text.length).toBeLessThanOrEqual(MAX_TEXT_LENGTH);
          }
        },
      ),
      { numRuns: 400 },
    );
    expect(outcomes.has('invalid')).toBe(true);
  });
});
