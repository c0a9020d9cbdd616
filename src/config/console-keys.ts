import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * The console's network keys: host names it answers to besides loopback (DNS rebinding defence)
 * and the reverse proxies whose X-Forwarded-* headers it believes. Environment (comma-separated)
 * or file (`console:` lists); the environment replaces the file's list.
 */

const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

/** `Chasqui.Example.PE` → `chasqui.example.pe`, `[2001:db8::1]` → `2001:db8::1`; undefined if neither. */
function normalizeHostName(raw: string): string | undefined {
  const text = raw.trim().toLowerCase();
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (isIP(bare) !== 0) return bare;
  return HOST_NAME.test(text) && !/^[\d.]+$/.test(text) ? text : undefined;
}

/** `172.17.0.1`, `10.0.0.0/8`, `fd00::/8` as given; undefined when not an address or range. */
function normalizeProxy(raw: string): string | undefined {
  const text = raw.trim().toLowerCase();
  const [address = '', prefix, extra] = text.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return undefined;
  if (prefix === undefined) return text;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
  return bits >= 0 && bits <= (version === 4 ? 32 : 128) ? text : undefined;
}

const HOST_EXAMPLE = 'e.g. "chasqui.example.pe" or "192.168.1.20"';
const PROXY_EXAMPLE = 'e.g. "172.17.0.1" or "10.0.0.0/8"';

function entrySchema(normalize: (raw: string) => string | undefined, message: string) {
  return z.string({ error: message }).transform((value, ctx) => {
    const entry = normalize(value);
    if (entry === undefined) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return entry;
  });
}

function listText(normalize: (raw: string) => string | undefined, message: string) {
  return z.string().transform((value, ctx) => {
    const entries: string[] = [];
    value.split(',').forEach((raw, index) => {
      if (raw.trim() === '') return;
      const entry = normalize(raw);
      if (entry === undefined)
        ctx.addIssue({ code: 'custom', message: `${message} (entry ${index + 1} is not)` });
      else if (!entries.includes(entry)) entries.push(entry);
    });
    return entries;
  });
}

/** CHASQUI_CONSOLE_ALLOWED_HOSTS. */
export const allowedHostsText = listText(
  normalizeHostName,
  `expected host names or IP addresses, comma-separated, without scheme or port, ${HOST_EXAMPLE}`,
);

/** CHASQUI_CONSOLE_TRUSTED_PROXIES. */
export const trustedProxiesText = listText(
  normalizeProxy,
  `expected IP addresses or ranges of your reverse proxies, comma-separated, ${PROXY_EXAMPLE}`,
);

/** The file's `console:` section (port, host and password are environment-only). */
export const consoleFileSchema = z.strictObject({
  allowedHosts: z
    .array(
      entrySchema(
        normalizeHostName,
        `expected a host name or IP address without scheme or port, ${HOST_EXAMPLE}`,
      ),
      { error: 'expected a list of host names' },
    )
    .optional(),
  trustedProxies: z
    .array(
      entrySchema(normalizeProxy, `expected an IP address or range of a reverse proxy, ${PROXY_EXAMPLE}`),
      {
        error: 'expected a list of IP addresses or ranges',
      },
    )
    .optional(),
});
