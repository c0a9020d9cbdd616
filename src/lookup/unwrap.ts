import type { z } from 'zod';
import {
  LookupHttpError,
  LookupNotFoundError,
  LookupRateLimitedError,
  LookupRejectedError,
  LookupSchemaError,
  LookupUnauthorizedError,
  LookupCreditsError,
  type OperationName,
} from './errors.js';
import { fold } from '../text/fold.js';
import type { RawResponse } from './http.js';

/**
 * How one operation's envelope turns into its result. `data` validates the envelope's `data`;
 * `result` shapes the method's return value. The quirks of spec 4.3 are flags here, not branches
 * scattered through the client.
 */
export interface OperationSpec<D, R> {
  name: OperationName;
  data: z.ZodType<D, unknown>;
  result: (data: D, message: string) => R;
  /** Licence (op 12): a reply with `data` and no `success` flag is a success. */
  successFlagOptional?: boolean;
  /** `success: false` messages that are answers, not errors (op 2: "El DNI no cuenta con RUC"). */
  answers?: { message: string; result: (message: string) => R };
}

/** Fixed not-found texts of spec Part 7, compared case- and accent-insensitively. */
const NOT_FOUND = new Set(['no se encontro dni', 'no se encontro ruc', 'no se encontraron resultados']);
/** Messages about credits, balance or plan limits: the account, not the lookup, is the problem. */
const CREDITS = /cr[eé]ditos?|saldo|\bplan\b|l[ií]mite de consultas/i;

/**
 * THE one place where an HTTP answer becomes a value or a typed error. `scrub` removes secrets
 * from any upstream text before it lands in an error.
 */
export function unwrap<D, R>(
  spec: OperationSpec<D, R>,
  response: RawResponse,
  scrub: (text: string) => string,
): R {
  const op = spec.name;
  const { status } = response;
  const body = parseJson(response.text);
  const envelope = isRecord(body) ? body : undefined;
  // Classify on the upstream text as sent; only the scrubbed text may land in an error or result.
  const raw = typeof envelope?.message === 'string' ? envelope.message : '';
  const message = scrub(raw);

  if (status === 401 || status === 402 || status === 403) {
    const text = message || `HTTP ${status}`;
    if (status === 402 || CREDITS.test(raw)) throw new LookupCreditsError(op, status, text);
    throw new LookupUnauthorizedError(op, status, text);
  }
  if (status === 429) throw new LookupRateLimitedError(op, response.retryAfterMs);
  const failure = envelope?.success === false;
  if (status < 200 || status >= 300) {
    if (failure && status < 500) return answerOrThrow(spec, raw, message, status);
    throw new LookupHttpError(op, status, message || undefined);
  }

  if (body === NOT_JSON) throw new LookupSchemaError(op, '(body)', 'response is not valid JSON');
  if (!envelope) throw new LookupSchemaError(op, '(root)', 'expected the envelope object');
  if (failure) return answerOrThrow(spec, raw, message, status);
  if (
    envelope.success !== true &&
    !(envelope.success === undefined && spec.successFlagOptional && 'data' in envelope)
  ) {
    throw new LookupSchemaError(op, 'success', 'expected true or false');
  }
  const parsed = spec.data.safeParse(envelope.data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = ['data', ...(issue?.path ?? [])].map(String).join('.');
    throw new LookupSchemaError(op, path, scrub(issue?.message ?? 'invalid'));
  }
  return spec.result(parsed.data, message);
}

/**
 * `success: false` (or a 4xx failure envelope): an answer of the operation, not found, credits, or
 * rejected. Matched on `raw`; a fixed text of the spec is kept verbatim, any other text scrubbed.
 */
function answerOrThrow<D, R>(spec: OperationSpec<D, R>, raw: string, message: string, status: number): R {
  const op = spec.name;
  if (spec.answers && fold(raw) === fold(spec.answers.message)) return spec.answers.result(raw);
  if (NOT_FOUND.has(fold(raw))) throw new LookupNotFoundError(op, raw);
  if (CREDITS.test(raw)) throw new LookupCreditsError(op, status, message);
  throw new LookupRejectedError(op, message || '(no message)', status);
}

const NOT_JSON = Symbol('not-json');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
