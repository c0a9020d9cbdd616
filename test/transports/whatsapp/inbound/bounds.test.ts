import type { proto, WAMessage } from '@whiskeysockets/baileys';
import { describe, expect, it } from 'vitest';
import {
  boundMessage,
  MAX_NESTING,
  MAX_NODES,
  MAX_QUOTE_DEPTH,
} from '../../../../src/transports/whatsapp/inbound/bounds.js';
import { serializeIncoming } from '../../../../src/transports/whatsapp/inbound/message.js';
import { quoteChain, waText } from '../../../helpers/fake-socket.js';

/**
 * Issue 19: a message's shape is bounded (quotes, nesting, size) before anything walks it; a
 * 2,000-deep quote chain overflowed the stack of every recursive walk.
 */

/** Quotes left in a message after bounding (walked iteratively, like the code under test). */
function quoteDepth(message: proto.IMessage | null | undefined): number {
  let depth = 0;
  let current = message?.extendedTextMessage?.contextInfo?.quotedMessage;
  while (current) {
    depth += 1;
    current = current.extendedTextMessage?.contextInfo?.quotedMessage;
  }
  return depth;
}

describe('boundMessage', () => {
  it('cuts a 2,000-deep quote chain to the allowed depth, keeping the message and its own quote', () => {
    const msg: WAMessage = { ...waText('x'), message: quoteChain(2000) };
    expect(() => serializeIncoming(msg)).toThrow(RangeError); // what main did inside the loop
    expect(boundMessage(msg)).toEqual({ ok: true, cut: 1 });
    expect(quoteDepth(msg.message)).toBe(MAX_QUOTE_DEPTH);
    expect(msg.message?.extendedTextMessage?.text).toBe('respuesta 1999');
    expect(() => serializeIncoming(msg)).not.toThrow();
  });

  it('leaves an ordinary quoted reply untouched', () => {
    const msg: WAMessage = { ...waText('x'), message: quoteChain(1) };
    const before = JSON.stringify(msg.message);
    expect(boundMessage(msg)).toEqual({ ok: true, cut: 0 });
    expect(JSON.stringify(msg.message)).toBe(before);
  });

  it('cuts any nesting deeper than the cap, not only quotes', () => {
    let inner: Record<string, unknown> = { conversation: 'fondo' };
    for (let i = 0; i < 3 * MAX_NESTING; i++) inner = { ephemeralMessage: { message: inner } };
    const msg = { ...waText('x'), message: inner } as WAMessage;
    const result = boundMessage(msg);
    expect(result).toEqual({ ok: true, cut: 1 });
    expect(() => JSON.stringify(msg.message)).not.toThrow();
  });

  it('refuses a message with more objects than a real one could have', () => {
    const wide = Array.from({ length: MAX_NODES + 1 }, (_, i) => ({ id: `m${i}` }));
    const msg = {
      ...waText('x'),
      message: { extendedTextMessage: { text: 'x', wide } },
    } as unknown as WAMessage;
    expect(boundMessage(msg)).toEqual({ ok: false, reason: 'too-complex' });
  });
});
