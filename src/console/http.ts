import type { IncomingMessage, ServerResponse } from 'node:http';

/** Small node:http helpers for the console: headers every answer gets, bodies, redirects. */

/** CSP without inline script or style: every script and stylesheet is a static file of ours. */
const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
    "form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

export function send(
  res: ServerResponse,
  status: number,
  body: string | Buffer,
  type: string,
  headers: Record<string, string | string[]> = {},
): void {
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'content-type': type,
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(body);
}

export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  send(res, status, JSON.stringify(value), 'application/json; charset=utf-8');
}

export function redirect(
  res: ServerResponse,
  location: string,
  headers: Record<string, string | string[]> = {},
): void {
  res.writeHead(303, { ...SECURITY_HEADERS, location, 'cache-control': 'no-store', ...headers });
  res.end();
}

export class BodyTooLargeError extends Error {}

/** Reads an urlencoded form body (at most `limit` bytes). */
export async function readForm(req: IncomingMessage, limit = 16 * 1024): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new BodyTooLargeError('form too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** True for 127.0.0.0/8, ::1 and localhost: the console may run without a password there. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}
