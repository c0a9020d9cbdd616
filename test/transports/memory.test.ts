import { describe, expect, it } from 'vitest';
import { createMemoryTransport } from '../../src/transports/memory.js';
import { groupMessage } from '../helpers/messages.js';

describe('memory transport', () => {
  it('hands delivered messages to the handler and records what is sent', async () => {
    const seen: string[] = [];
    const transport = createMemoryTransport({ selfIds: ['51900000000@s.whatsapp.net'] });
    await transport.start(async (message) => {
      seen.push(message.text);
      await transport.send(message.chatId, {
        kind: 'text',
        text: `eco: ${message.text}`,
        quotedId: message.id,
      });
    });
    await transport.deliver(groupMessage('hola'));
    expect(seen).toEqual(['hola']);
    expect(transport.sent).toEqual([
      { chatId: '120363000000000001@g.us', message: expect.objectContaining({ text: 'eco: hola' }) },
    ]);
    expect(transport.selfIds()).toEqual(['51900000000@s.whatsapp.net']);
    transport.clear();
    expect(transport.sent).toEqual([]);
  });

  it('refuses deliveries before start and after stop', async () => {
    const transport = createMemoryTransport();
    await expect(transport.deliver(groupMessage('x'))).rejects.toThrow(/before start/);
    await transport.start(async () => {});
    await transport.stop();
    await expect(transport.deliver(groupMessage('x'))).rejects.toThrow(/before start/);
  });

  it('reports each send to onSend', async () => {
    const reported: string[] = [];
    const transport = createMemoryTransport({ onSend: (sent) => reported.push(sent.chatId) });
    await transport.send('a@g.us', { kind: 'text', text: 'x' });
    expect(reported).toEqual(['a@g.us']);
  });
});
