import { breakSchema, truncateJson } from './faults.js';
import { CREDITS, fail, type Reply } from './routes/index.js';
import type { FaultSpec } from './types.js';

/** Either a reply ready to send, or a fault to play around the normal answer. */
export type RouteOutcome = { reply: Reply } | { fault: FaultSpec; answer: () => Reply };

const STATUS_TEXT: Readonly<Record<number, string>> = {
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** What a fault turns the normal answer into ('reset' = destroy the socket). Delays happen before. */
export function applyFault(fault: FaultSpec, answer: () => Reply): Reply | 'reset' {
  switch (fault.kind) {
    case 'latency':
      return answer();
    case 'reset':
      return 'reset';
    case 'credits':
      return CREDITS;
    case 'rate-limit':
      return {
        ...fail('Too Many Requests', 429),
        headers: { 'retry-after': String(fault.retryAfterSeconds ?? 1) },
      };
    case 'status': {
      const status = fault.status ?? 503;
      if (status < 500) return { status, body: '', contentType: 'text/plain; charset=utf-8' };
      const text = STATUS_TEXT[status] ?? 'Server Error';
      return {
        status,
        body: `<html><head><title>${status} ${text}</title></head><body><h1>${status} ${text}</h1></body></html>`,
        contentType: 'text/html; charset=utf-8',
      };
    }
    case 'malformed-json':
      return { status: 200, body: truncateJson(answer().body) };
    case 'schema-break':
      return { status: 200, body: breakSchema(answer().body) };
  }
}
