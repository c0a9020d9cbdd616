import type { FaultKind, FaultSpec } from './types.js';

/** Name of the per-request fault header: `x-sandbox-fault: <kind>[;status=503][;delay=200][;retry-after=2]`. */
export const FAULT_HEADER = 'x-sandbox-fault';

const KINDS: ReadonlySet<string> = new Set<FaultKind>([
  'latency',
  'status',
  'rate-limit',
  'malformed-json',
  'schema-break',
  'reset',
  'credits',
]);

const PARAMS: Readonly<Record<string, 'status' | 'delayMs' | 'retryAfterSeconds'>> = {
  status: 'status',
  delay: 'delayMs',
  'retry-after': 'retryAfterSeconds',
};

/** Parses the fault header; returns an error text for an unknown kind or parameter. */
export function parseFaultHeader(value: string): FaultSpec | { error: string } {
  const [rawKind = '', ...params] = value.split(';').map((part) => part.trim());
  const kind = rawKind.toLowerCase();
  if (!KINDS.has(kind)) return { error: `unknown sandbox fault kind "${rawKind}"` };
  const fault: FaultSpec = { kind: kind as FaultKind };
  for (const param of params) {
    if (param === '') continue;
    const [name = '', raw = ''] = param.split('=').map((part) => part.trim());
    const field = PARAMS[name.toLowerCase()];
    const number = Number(raw);
    if (!field || raw === '' || !Number.isFinite(number) || number < 0) {
      return { error: `bad sandbox fault parameter "${param}"` };
    }
    fault[field] = number;
  }
  return fault;
}

interface QueuedFault {
  spec: FaultSpec;
  remaining: number;
}

function matches(pattern: string | undefined, relativePath: string, fullPath: string): boolean {
  if (pattern === undefined) return true;
  if (pattern.endsWith('*')) {
    const prefix = pattern.slice(0, -1);
    return relativePath.startsWith(prefix) || fullPath.startsWith(prefix);
  }
  return relativePath === pattern || fullPath === pattern;
}

/** In-process faults, consumed in injection order; each applies to `times` matching requests. */
export class FaultQueue {
  #faults: QueuedFault[] = [];

  inject(spec: FaultSpec): void {
    if (!KINDS.has(spec.kind)) throw new Error(`unknown sandbox fault kind "${spec.kind}"`);
    const times = spec.times ?? 1;
    if (!(times > 0)) throw new Error('fault.times must be positive');
    this.#faults.push({ spec: { ...spec }, remaining: times });
  }

  clear(): void {
    this.#faults = [];
  }

  /** The first queued fault matching this request, consuming one use of it. */
  take(relativePath: string, fullPath: string): FaultSpec | undefined {
    if (this.#faults.length === 0) return undefined;
    const index = this.#faults.findIndex((f) => matches(f.spec.path, relativePath, fullPath));
    if (index < 0) return undefined;
    const found = this.#faults[index] as QueuedFault;
    found.remaining -= 1;
    if (found.remaining <= 0) this.#faults.splice(index, 1);
    return found.spec;
  }
}

/** First string leaf (depth-first) turned into a number: a payload that still parses but breaks the schema. */
export function breakSchema(payload: string): string {
  const parsed = JSON.parse(payload) as Record<string, unknown>;
  if (!('data' in parsed)) {
    parsed.success = 'true';
    return JSON.stringify(parsed);
  }
  const mutate = (value: unknown): unknown => {
    if (typeof value === 'string') return /^\d+$/.test(value) ? Number(value) : 12345;
    if (Array.isArray(value)) {
      if (value.length > 0) value[0] = mutate(value[0]);
      else return 12345;
      return value;
    }
    if (value !== null && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      const key = Object.keys(record).find((k) => typeof record[k] === 'string') ?? Object.keys(record)[0];
      if (key === undefined) return 12345;
      record[key] = mutate(record[key]);
      return record;
    }
    return 'not-a-number';
  };
  parsed.data = mutate(parsed.data);
  return JSON.stringify(parsed);
}

/** A success envelope cut in half: valid start, invalid end. */
export function truncateJson(payload: string): string {
  return payload.slice(0, Math.max(1, Math.floor(payload.length / 2)));
}
