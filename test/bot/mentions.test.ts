import { describe, expect, it } from 'vitest';
import { useBotHarness } from '../helpers/bot-harness.js';
import { textOf } from '../helpers/messages.js';

/** Mentions as real clients write them, through the whole app (router, commands, templates). */
const BOT = '51900000000@s.whatsapp.net';
const BOT_LID = '99900000001@lid';
const MEMBERS = Array.from({ length: 30 }, (_, i) => `519110000${String(i).padStart(2, '0')}@s.whatsapp.net`);

const h = useBotHarness({ selfIds: [BOT, BOT_LID] });

describe('mentions', () => {
  it.each([
    '@51900000000, ruc 20123456786',
    '@99900000001: ruc 20123456786',
    '@51911000001 @51900000000 ruc 20123456786',
    '(@51900000000) ruc 20123456786',
    '@51900000000» ruc 20123456786',
    '@51900000000👋 ruc 20123456786',
    '@51900000000 👋 ruc 20123456786',
    '@51900000000 : ruc 20123456786',
  ])('answers %s', async (text) => {
    const reply = textOf(await h.send(text, { mentionedIds: [BOT] }));
    expect(reply).toContain('TRANSPORTES ANDINOS DEL SUR');
  });

  it('stays silent on a tag-everyone announcement that does not write the bot’s @', async () => {
    const { replies, result } = await h.deliver({
      id: 'tag-all-1',
      chatId: '120363000000000001@g.us',
      isGroup: true,
      chatName: 'Despacho Lima',
      senderIds: ['51987654321@s.whatsapp.net'],
      text: '📢 Reunión de choferes mañana 7:00, todos puntuales',
      mentionedIds: [BOT, ...MEMBERS],
      timestamp: Date.now(),
    });
    expect(replies).toHaveLength(0);
    expect(result.outcome).toBe('ignored');
  });

  it('never echoes the bot’s own number in an unknown-command reply', async () => {
    const reply = textOf(await h.send('@51900000000, @51900000000xyz', { mentionedIds: [BOT] }));
    expect(reply).toContain('No conozco ese comando');
    expect(reply).not.toContain('51900000000');
  });

  it('never echoes the bot’s own number or LID in an argument error', async () => {
    for (const text of ['@51900000000, ruc @51900000000abc', '@99900000001 placa @99900000001x']) {
      const reply = textOf(await h.send(text, { mentionedIds: [BOT] }));
      expect(reply, text).toMatch(/no es un RUC|no parece una placa/u);
      expect(reply, text).not.toMatch(/51900000000|99900000001/u);
    }
  });

  it('greets back a greeting, and lets thanks or a laugh pass without an "unknown command"', async () => {
    expect(textOf(await h.send('@51900000000 buenos días', { mentionedIds: [BOT] }))).toContain(
      'Escribe *ayuda*',
    );
    for (const text of [
      '@51900000000 gracias!',
      '@51900000000 ok 👍',
      'gracias @51900000000',
      '@51900000000 jaja',
    ]) {
      const { replies, result } = await h.deliver({
        id: `thanks-${text}`,
        chatId: '120363000000000001@g.us',
        isGroup: true,
        senderIds: ['51987654321@s.whatsapp.net'],
        text,
        mentionedIds: [BOT],
        timestamp: Date.now(),
      });
      expect({ text, replies: replies.length, outcome: result.outcome }).toEqual({
        text,
        replies: 0,
        outcome: 'ignored',
      });
    }
  });
});
