import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/config.js';
import { createLookupClient } from '../../src/lookup/client.js';
import {
  type LookupClientOptions,
  LookupConfigError,
  resolveLookupOptions,
} from '../../src/lookup/options.js';

const base = { baseUrl: 'https://api.example.test/api/v1/', token: 'env-token' };
const baseEnv = { LOOKUP_BASE_URL: base.baseUrl, LOOKUP_TOKEN: base.token };

function configError(fn: () => unknown): LookupConfigError {
  try {
    fn();
  } catch (error) {
    if (error instanceof LookupConfigError) return error;
    throw error;
  }
  throw new Error('expected a LookupConfigError');
}

/** The client's options as the app builds them: from the config module, which reads the environment. */
const fromEnv = (env: NodeJS.ProcessEnv): LookupClientOptions => parseConfig({}, env).lookup;

describe('resolveLookupOptions', () => {
  it('applies defaults to the options it is given', () => {
    const resolved = resolveLookupOptions(base);
    expect(resolved.main).toEqual({
      origin: 'https://api.example.test',
      prefix: '/api/v1',
      token: 'env-token',
    });
    expect(resolved.messaging).toBeUndefined();
    expect(resolved).toMatchObject({ timeoutMs: 10_000, retries: 2, retryBaseMs: 200, retryMaxMs: 5_000 });
  });

  it('reads no environment: configuration reaches it only as options from the config module', () => {
    const saved = { ...process.env };
    process.env.LOOKUP_BASE_URL = 'https://from-process-env.test/api';
    process.env.LOOKUP_TOKEN = 'process-token';
    try {
      expect(configError(() => resolveLookupOptions({})).variable).toBe('LOOKUP_BASE_URL');
      const resolved = resolveLookupOptions(fromEnv(baseEnv));
      expect(resolved.main).toEqual({
        origin: 'https://api.example.test',
        prefix: '/api/v1',
        token: 'env-token',
      });
      expect(resolved).toMatchObject({ timeoutMs: 10_000, retries: 2 });
    } finally {
      process.env = saved;
    }
  });

  it('uses the values given, messaging host and token included', () => {
    const resolved = resolveLookupOptions({
      baseUrl: 'http://127.0.0.1:9999/v2',
      token: 'explicit',
      timeoutMs: 1500,
      retries: 0,
      messagingBaseUrl: 'http://wa.test:8080',
      messagingToken: 'wa-token',
    });
    expect(resolved.main).toEqual({ origin: 'http://127.0.0.1:9999', prefix: '/v2', token: 'explicit' });
    expect(resolved.messaging).toEqual({ origin: 'http://wa.test:8080', prefix: '', token: 'wa-token' });
    expect(resolved).toMatchObject({ timeoutMs: 1500, retries: 0 });
  });

  it('takes numbers read from the environment by the config, and falls back to the main token for messaging', () => {
    const resolved = resolveLookupOptions(
      fromEnv({
        ...baseEnv,
        LOOKUP_TIMEOUT_MS: '2500',
        LOOKUP_RETRIES: '0',
        MESSAGING_BASE_URL: 'http://wa.test',
      }),
    );
    expect(resolved).toMatchObject({ timeoutMs: 2500, retries: 0 });
    expect(resolved.messaging?.token).toBe('env-token');
  });

  it.each([
    [{ token: 't' }, 'LOOKUP_BASE_URL'],
    [{ baseUrl: 'http://x.test' }, 'LOOKUP_TOKEN'],
    [{ ...base, baseUrl: 'not a url' }, 'LOOKUP_BASE_URL'],
    [{ ...base, baseUrl: 'ftp://x.test' }, 'LOOKUP_BASE_URL'],
    [{ ...base, messagingBaseUrl: '::' }, 'MESSAGING_BASE_URL'],
    [{ ...base, timeoutMs: 0 }, 'LOOKUP_TIMEOUT_MS'],
    [{ ...base, timeoutMs: 2.5 }, 'LOOKUP_TIMEOUT_MS'],
    [{ ...base, retries: -1 }, 'LOOKUP_RETRIES'],
  ] as [LookupClientOptions, string][])('rejects %j naming %s', (options, variable) => {
    const error = configError(() => resolveLookupOptions(options));
    expect(error.variable).toBe(variable);
    expect(error.message).toContain(variable);
  });

  it('leaves unreadable numbers in the environment to the config module, which names the variable', () => {
    for (const [name, value] of [
      ['LOOKUP_TIMEOUT_MS', '10s'],
      ['LOOKUP_TIMEOUT_MS', '0'],
      ['LOOKUP_RETRIES', '-1'],
    ] as const) {
      expect(() => fromEnv({ ...baseEnv, [name]: value })).toThrow(ConfigError);
      expect(() => fromEnv({ ...baseEnv, [name]: value })).toThrow(new RegExp(name));
    }
  });

  it('validates explicit numbers too', () => {
    expect(configError(() => resolveLookupOptions({ ...base, retries: 1.5 })).variable).toBe(
      'LOOKUP_RETRIES',
    );
    expect(configError(() => resolveLookupOptions({ ...base, timeoutMs: -1 })).variable).toBe(
      'LOOKUP_TIMEOUT_MS',
    );
  });

  it('never echoes the token in a configuration error', () => {
    const error = configError(() => resolveLookupOptions({ ...base, token: 'top-secret', retries: -5 }));
    expect(error.message).not.toContain('top-secret');
    let configFailure: unknown;
    try {
      fromEnv({ ...baseEnv, LOOKUP_TOKEN: 'top-secret', LOOKUP_RETRIES: 'many' });
    } catch (failure) {
      configFailure = failure;
    }
    expect(configFailure).toBeInstanceOf(ConfigError);
    expect(String((configFailure as Error).message)).not.toContain('top-secret');
  });
});

describe('createLookupClient', () => {
  it('refuses groups() without a messaging host, naming the variable', async () => {
    const client = createLookupClient(base);
    try {
      await expect(client.groups()).rejects.toThrow(/MESSAGING_BASE_URL/);
    } finally {
      await client.close();
    }
  });
});
