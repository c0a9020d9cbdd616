import { describe, expect, it } from 'vitest';
import { createLookupClient } from '../../src/lookup/client.js';
import { LookupConfigError, resolveLookupOptions } from '../../src/lookup/options.js';

const base = { LOOKUP_BASE_URL: 'https://api.example.test/api/v1/', LOOKUP_TOKEN: 'env-token' };

function configError(fn: () => unknown): LookupConfigError {
  try {
    fn();
  } catch (error) {
    if (error instanceof LookupConfigError) return error;
    throw error;
  }
  throw new Error('expected a LookupConfigError');
}

describe('resolveLookupOptions', () => {
  it('reads the environment and applies defaults', () => {
    const resolved = resolveLookupOptions({ env: base });
    expect(resolved.main).toEqual({
      origin: 'https://api.example.test',
      prefix: '/api/v1',
      token: 'env-token',
    });
    expect(resolved.messaging).toBeUndefined();
    expect(resolved).toMatchObject({ timeoutMs: 10_000, retries: 2, retryBaseMs: 200, retryMaxMs: 5_000 });
  });

  it('lets explicit options override the environment', () => {
    const resolved = resolveLookupOptions({
      env: {
        ...base,
        LOOKUP_TIMEOUT_MS: '3000',
        LOOKUP_RETRIES: '5',
        MESSAGING_BASE_URL: 'http://wa.test:8080',
      },
      baseUrl: 'http://127.0.0.1:9999/v2',
      token: 'explicit',
      timeoutMs: 1500,
      retries: 0,
      messagingToken: 'wa-token',
    });
    expect(resolved.main).toEqual({ origin: 'http://127.0.0.1:9999', prefix: '/v2', token: 'explicit' });
    expect(resolved.messaging).toEqual({ origin: 'http://wa.test:8080', prefix: '', token: 'wa-token' });
    expect(resolved).toMatchObject({ timeoutMs: 1500, retries: 0 });
  });

  it('reads numbers from the environment and falls back to the main token for messaging', () => {
    const resolved = resolveLookupOptions({
      env: { ...base, LOOKUP_TIMEOUT_MS: '2500', LOOKUP_RETRIES: '0', MESSAGING_BASE_URL: 'http://wa.test' },
    });
    expect(resolved).toMatchObject({ timeoutMs: 2500, retries: 0 });
    expect(resolved.messaging?.token).toBe('env-token');
  });

  it.each([
    [{ LOOKUP_TOKEN: 't' }, 'LOOKUP_BASE_URL'],
    [{ LOOKUP_BASE_URL: 'http://x.test' }, 'LOOKUP_TOKEN'],
    [{ ...base, LOOKUP_BASE_URL: 'not a url' }, 'LOOKUP_BASE_URL'],
    [{ ...base, LOOKUP_BASE_URL: 'ftp://x.test' }, 'LOOKUP_BASE_URL'],
    [{ ...base, MESSAGING_BASE_URL: '::' }, 'MESSAGING_BASE_URL'],
    [{ ...base, LOOKUP_TIMEOUT_MS: '0' }, 'LOOKUP_TIMEOUT_MS'],
    [{ ...base, LOOKUP_TIMEOUT_MS: '10s' }, 'LOOKUP_TIMEOUT_MS'],
    [{ ...base, LOOKUP_RETRIES: '-1' }, 'LOOKUP_RETRIES'],
  ])('rejects %j naming %s', (env, variable) => {
    const error = configError(() => resolveLookupOptions({ env }));
    expect(error.variable).toBe(variable);
    expect(error.message).toContain(variable);
  });

  it('validates explicit numbers too', () => {
    expect(configError(() => resolveLookupOptions({ env: base, retries: 1.5 })).variable).toBe(
      'LOOKUP_RETRIES',
    );
    expect(configError(() => resolveLookupOptions({ env: base, timeoutMs: -1 })).variable).toBe(
      'LOOKUP_TIMEOUT_MS',
    );
  });

  it('never echoes the token in a configuration error', () => {
    const error = configError(() =>
      resolveLookupOptions({ env: { ...base, LOOKUP_TOKEN: 'top-secret', LOOKUP_RETRIES: 'many' } }),
    );
    expect(error.message).not.toContain('top-secret');
  });
});

describe('createLookupClient', () => {
  it('refuses groups() without a messaging host, naming the variable', async () => {
    const client = createLookupClient({ env: base });
    try {
      await expect(client.groups()).rejects.toThrow(/MESSAGING_BASE_URL/);
    } finally {
      await client.close();
    }
  });
});
