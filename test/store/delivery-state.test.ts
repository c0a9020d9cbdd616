import { describe, expect, it } from 'vitest';
import { advance, isFinal } from '../../src/store/delivery-state.js';

describe('delivery state machine', () => {
  it('moves forward only: a late delivered keeps read, an ack keeps delivered', () => {
    expect(advance('sent', 'server_ack')).toBe('server_ack');
    expect(advance('server_ack', 'delivered')).toBe('delivered');
    expect(advance('read', 'delivered')).toBe('read');
    expect(advance('delivered', 'server_ack')).toBe('delivered');
    expect(advance('doubtful', 'server_ack')).toBe('server_ack');
    expect(advance('read', 'played')).toBe('played');
  });

  it('fails what never arrived, but a receipt after a failure wins and a failure after delivery is ignored', () => {
    expect(advance('server_ack', 'failed')).toBe('failed');
    expect(advance('failed', 'server_ack')).toBe('failed');
    expect(advance('failed', 'delivered')).toBe('delivered');
    expect(advance('read', 'failed')).toBe('read');
  });

  it('calls delivered, read, played and failed final; doubtful is not', () => {
    expect(['delivered', 'read', 'played', 'failed'].every((s) => isFinal(s as never))).toBe(true);
    expect(['queued', 'sent', 'doubtful', 'server_ack'].some((s) => isFinal(s as never))).toBe(false);
  });
});
