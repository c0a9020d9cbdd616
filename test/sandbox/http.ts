import { request } from 'undici';
import type { SandboxHandle } from '../../src/sandbox/server.js';

/** A raw reply from the sandbox: status, headers and body text (JSON parsed when it parses). */
export interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: unknown;
}

/** Calls the sandbox over real loopback HTTP; `path` is relative to the api prefix unless absolute. */
async function call(
  sandbox: SandboxHandle,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<RawReply> {
  const url = /^https?:/.test(path) ? path : `${sandbox.baseUrl}${path}`;
  const res = await request(url, {
    method,
    headers: {
      authorization: `Bearer ${sandbox.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.body.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, headers: res.headers, text, json };
}

export const post = (sandbox: SandboxHandle, path: string, body: unknown, headers?: Record<string, string>) =>
  call(sandbox, 'POST', path, body, headers);
export const get = (sandbox: SandboxHandle, path: string, headers?: Record<string, string>) =>
  call(sandbox, 'GET', path, undefined, headers);
