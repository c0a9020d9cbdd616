import type { LookupApi } from './api.js';
import { createLookupApi, type LookupCall, type LookupHandler } from './call.js';
import { LookupHttp } from './http.js';
import { OPERATIONS } from './operations.js';
import { type LookupClientOptions, LookupConfigError, resolveLookupOptions } from './options.js';
import { unwrap } from './unwrap.js';

/**
 * The lookup API over HTTP. `call` is its one call path (wrap it with middlewares, see call.ts);
 * `close()` releases the keep-alive pools.
 */
export interface LookupClient extends LookupApi {
  readonly call: LookupHandler;
  close(): Promise<void>;
}

/** Builds the typed client for all 20 operations; throws `LookupConfigError` on bad configuration. */
export function createLookupClient(options: LookupClientOptions): LookupClient {
  const resolved = resolveLookupOptions(options);
  const http = new LookupHttp(resolved);
  const tokens = [resolved.main.token, resolved.messaging?.token ?? resolved.main.token];

  /** Table row → request → response → value or typed error; nothing here knows one operation. */
  const call: LookupHandler = async ({ operation, args, signal }: LookupCall) => {
    const spec = OPERATIONS[operation];
    const host = spec.host === 'messaging' ? resolved.messaging : resolved.main;
    if (!host) {
      throw new LookupConfigError(
        'MESSAGING_BASE_URL',
        `not set; ${operation}() needs the messaging host address`,
      );
    }
    const request = {
      method: spec.method,
      path: spec.path + (spec.segment?.(...args) ?? ''),
      ...(spec.body ? { body: JSON.stringify(spec.body(...args)) } : {}),
    };
    const response = await http.send(operation, host, request, signal);
    const secrets = spec.secrets ? [...tokens, ...spec.secrets(...args)] : tokens;
    return unwrap(spec, response, (text) => scrub(text, secrets));
  };

  return Object.assign(createLookupApi(call), { call, close: () => http.close() });
}

const REDACTED = '[redacted]';

/**
 * Upstream text may echo what we sent: token, tax-portal password and user never leave in an
 * error. Matched case-insensitively (an upstream may echo the user in another case).
 */
export function scrub(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (!secret) continue;
    if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    if (out.toLowerCase().includes(secret.toLowerCase())) {
      out = out.replace(new RegExp(secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), REDACTED);
    }
  }
  return out;
}
