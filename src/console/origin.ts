import type { IncomingHttpHeaders } from 'node:http';

/**
 * The console's answer to DNS rebinding and cross-site requests: it serves only the host names it
 * knows (loopback, its bind address, what the operator configured), and takes a state change only
 * from its own pages (Sec-Fetch-Site, else Origin).
 */

const WILDCARDS = new Set(['', '0.0.0.0', '::', '[::]']);

/** A Host header's name, lower-case and without port (`[::1]` keeps its brackets); else undefined. */
function hostName(host: string | undefined): string | undefined {
  if (!host) return undefined;
  try {
    const url = new URL(`http://${host}`);
    const bare =
      url.username === '' && url.password === '' && url.pathname === '/' && !url.search && !url.hash;
    return bare ? url.hostname : undefined;
  } catch {
    return undefined;
  }
}

/** `2001:db8::1` as a Host header would carry it: `[2001:db8::1]`. */
function asHost(name: string): string {
  return name.includes(':') && !name.startsWith('[') ? `[${name}]` : name;
}

/** True for the names of this machine: localhost, 127.0.0.0/8, [::1]. */
function isLoopbackName(name: string): boolean {
  return name === 'localhost' || name === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(name);
}

/** The Host allow-list: loopback names, the bind address unless a wildcard, and `allowed`. */
export function createHostCheck(
  bindHost: string,
  allowed: readonly string[] = [],
): (host: string | undefined) => boolean {
  const names = new Set<string>();
  for (const entry of WILDCARDS.has(bindHost) ? allowed : [bindHost, ...allowed]) {
    const name = hostName(asHost(entry.trim()));
    if (name) names.add(name);
  }
  return (host) => {
    const name = hostName(host);
    return name !== undefined && (isLoopbackName(name) || names.has(name));
  };
}

/**
 * Where a state-changing request came from when that is not this console's own page, or
 * undefined when it did. Browsers send Sec-Fetch-Site (only same-origin passes); older ones only
 * Origin, which must name `host`. A request with neither is not from a browser page (curl).
 */
export function foreignSource(headers: IncomingHttpHeaders, host: string | undefined): string | undefined {
  const site = headers['sec-fetch-site'];
  const origin = headers.origin;
  if (site !== undefined) return site === 'same-origin' || site === 'none' ? undefined : (origin ?? site);
  if (origin === undefined) return undefined;
  try {
    const url = new URL(origin);
    const own = host !== undefined && url.host === new URL(`${url.protocol}//${host}`).host;
    return own ? undefined : origin;
  } catch {
    return origin;
  }
}
