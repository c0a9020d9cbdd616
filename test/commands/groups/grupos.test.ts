import { describe, expect, it } from 'vitest';
import { createBotHarness } from '../../helpers/bot-harness.js';
import { captureLogger } from '../../helpers/fakes.js';

/** `grupos` when neither MESSAGING_BASE_URL nor a session group source is there to ask. */
describe('grupos without MESSAGING_BASE_URL', () => {
  it('replies in Spanish naming MESSAGING_BASE_URL, not the generic error, and logs no stack', async () => {
    const capture = captureLogger();
    const h = await createBotHarness({
      logger: capture.logger,
      config: { lookup: { timeoutMs: 3000, retries: 0, messagingBaseUrl: undefined } },
    });
    try {
      const { replies, result } = await h.deliver({
        id: 'grupos-1',
        chatId: '120363000000000001@g.us',
        chatName: 'Despacho Lima',
        isGroup: true,
        senderIds: ['51987654321@s.whatsapp.net'],
        text: 'grupos',
        timestamp: Date.now(),
      });
      const [text] = h.texts(replies);
      expect(text).toContain('*MESSAGING_BASE_URL*');
      expect(text).toMatch(/^No puedo listar los grupos/);
      expect(text).not.toMatch(/Algo salió mal/);
      expect(result).toMatchObject({ command: 'grupos', template: 'errors/groups-unavailable' });
      expect(h.sandbox.requestCount('/group/all')).toBe(0);
      expect(capture.lines().filter((line) => Number(line.level) >= 50)).toEqual([]);
      expect(capture.raw()).not.toContain('"stack"');
    } finally {
      await h.close();
    }
  });
});
