import { describe, expect, it } from 'vitest';
import { callText } from '../../src/lookup/cache.js';
import type { LookupCall } from '../../src/lookup/call.js';

const call = (operation: string, args: unknown[]): LookupCall =>
  ({ operation, args, meta: { source: 'upstream' } }) as unknown as LookupCall;

describe('callText', () => {
  it('writes a call as the JSON list the cache has always hashed, so keys survive an upgrade', () => {
    for (const value of ['20123456786', 'ABC123', 'a"b\\c', 'línea\u2028otra', '']) {
      expect(callText(call('ruc', [value]))).toBe(JSON.stringify(['ruc', value]));
    }
    const ref = { serie: 'T001', numero: 42, ruc: '20123456786', tipo: '09' };
    expect(callText(call('guide', [ref]))).toBe(JSON.stringify(['guide', '42', '20123456786', 'T001', '09']));
    expect(callText(call('groups', []))).toBe(JSON.stringify(['groups']));
  });

  it('is made once per call and kept on its meta, shared by copies of the call', () => {
    const first = call('vehicle', ['ABC123']);
    const text = callText(first);
    expect(first.meta.key).toBe(text);
    expect(callText({ ...first, signal: undefined })).toBe(text);
  });
});
