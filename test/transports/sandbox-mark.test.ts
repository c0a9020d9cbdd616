import { describe, expect, it } from 'vitest';
import { withSandboxMark } from '../../src/transports/sandbox-mark.js';
import type { OutgoingMessage } from '../../src/transports/transport.js';

const MARK = '🧪 Datos ficticios (sandbox)';

function inner() {
  const sent: { chatId: string; message: OutgoingMessage; tracked: boolean }[] = [];
  const calls: string[] = [];
  return {
    sent,
    calls,
    transport: {
      name: 'whatsapp',
      selfIds: () => ['51900000001@s.whatsapp.net'],
      start: async () => {},
      stop: async () => {},
      send: async (chatId: string, message: OutgoingMessage) =>
        void sent.push({ chatId, message, tracked: false }),
      sendTracked: async (chatId: string, message: OutgoingMessage) => {
        sent.push({ chatId, message, tracked: true });
        return { messageId: '3EB0AAAA' };
      },
      onDelivery: () => void calls.push('onDelivery'),
      checkNumber: async (phone: string) => {
        calls.push(`checkNumber ${phone}`);
        return { status: 'exists' as const, id: `${phone}@s.whatsapp.net` };
      },
      setComposing: async (_chatId: string, on: boolean) => void calls.push(`composing ${on}`),
    },
  };
}

describe('withSandboxMark', () => {
  it('stamps plain and tracked sends, and keeps delivery tracking, number checks and presence', async () => {
    const { transport, sent, calls } = inner();
    const marked = withSandboxMark(transport, MARK);
    await marked.send('120363000000000001@g.us', { kind: 'text', text: 'Tipo de cambio' });
    const pdf = {
      kind: 'document',
      bytes: new Uint8Array([37]),
      fileName: 'g.pdf',
      mimetype: 'application/pdf',
    } as const;
    expect(
      await marked.sendTracked?.('51911111111@s.whatsapp.net', { ...pdf, caption: 'Guía T001-42' }),
    ).toEqual({
      messageId: '3EB0AAAA',
    });
    await marked.sendTracked?.('51922222222@s.whatsapp.net', pdf);
    marked.onDelivery?.(() => {});
    expect(await marked.checkNumber?.('51911111111')).toMatchObject({ status: 'exists' });
    await marked.setComposing?.('120363000000000001@g.us', true);

    expect(
      sent.map((s) => [s.tracked, s.message.kind === 'text' ? s.message.text : s.message.caption]),
    ).toEqual([
      [false, `Tipo de cambio\n\n${MARK}`],
      [true, `Guía T001-42\n\n${MARK}`],
      [true, MARK],
    ]);
    expect(calls).toEqual(['onDelivery', 'checkNumber 51911111111', 'composing true']);
  });

  it('adds no features the inner transport lacks (the terminal has no delivery tracking)', () => {
    const { transport } = inner();
    const { sendTracked: _sendTracked, onDelivery: _onDelivery, ...withoutTracking } = transport;
    const marked = withSandboxMark(withoutTracking, MARK);
    expect(marked.sendTracked).toBeUndefined();
    expect(marked.onDelivery).toBeUndefined();
    expect(marked.checkNumber).toBeTypeOf('function');
  });
});
