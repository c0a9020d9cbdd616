import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import type { TLSSocket } from 'node:tls';

/**
 * What the console may believe about a request: the client's address, whether it came over TLS,
 * and the host name it was sent to. X-Forwarded-For / -Proto / -Host count only when the peer is
 * a configured trusted proxy; from anyone else they are ignored (anyone can send them).
 */
export interface RequestFacts {
  /** The key the login limiter counts by. */
  client: string;
  secure: boolean;
  /** The Host (or the trusted proxy's X-Forwarded-Host), as sent; undefined when missing. */
  host: string | undefined;
}

/** Trusted proxies are IP addresses or ranges (`172.17.0.1`, `10.0.0.0/8`, `fd00::/8`). */
export function createRequestFacts(
  trustedProxies: readonly string[] = [],
): (req: IncomingMessage) => RequestFacts {
  const trusted = new BlockList();
  for (const entry of trustedProxies) {
    const [address = '', prefix] = entry.trim().split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) trusted.addAddress(address, type);
    else trusted.addSubnet(address, Number(prefix), type);
  }
  const isTrusted = (address: string): boolean => {
    const version = isIP(address);
    return version !== 0 && trusted.check(address, version === 6 ? 'ipv6' : 'ipv4');
  };

  return (req) => {
    const peer = plainAddress(req.socket.remoteAddress ?? 'unknown');
    const encrypted = (req.socket as Partial<TLSSocket>).encrypted === true;
    if (trustedProxies.length === 0 || !isTrusted(peer)) {
      return { client: peer, secure: encrypted, host: req.headers.host };
    }
    return {
      client: forwardedClient(req.headers['x-forwarded-for'], isTrusted) ?? peer,
      secure: encrypted || firstValue(req.headers['x-forwarded-proto'])?.toLowerCase() === 'https',
      host: firstValue(req.headers['x-forwarded-host']) ?? req.headers.host,
    };
  };
}

/** `::ffff:127.0.0.1` (an IPv4 peer on a dual-stack socket) is `127.0.0.1`. */
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

/**
 * The client a chain of proxies saw: walking X-Forwarded-For from the right (the entries our
 * proxies appended), the first address that is not a trusted proxy.
 */
function forwardedClient(
  header: string | string[] | undefined,
  isTrusted: (address: string) => boolean,
): string | undefined {
  const chain = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => plainAddress(entry.trim()))
    .filter(Boolean);
  for (let index = chain.length - 1; index >= 0; index--) {
    const address = chain[index] ?? '';
    if (!isTrusted(address)) return address.slice(0, 64);
  }
  return chain[0];
}

/** The first of a comma-separated header's values, trimmed. */
function firstValue(header: string | string[] | undefined): string | undefined {
  const text = Array.isArray(header) ? header[0] : header;
  const first = text?.split(',')[0]?.trim();
  return first ? first : undefined;
}
