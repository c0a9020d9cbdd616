import type { z } from 'zod';

/** One problem found in the configuration: where (a key path or an env var) and what is expected. */
export interface ConfigIssue {
  path: string;
  message: string;
  /** What to change, in Spanish, where the English message alone would leave the operator guessing. */
  fix?: string;
}

/**
 * Thrown once by loadConfig with every problem found, so start-up stops with a message that names
 * each bad key. Messages never carry a configured value (secrets stay out of logs and terminals).
 */
export class ConfigError extends Error {
  readonly issues: readonly ConfigIssue[];
  constructor(issues: readonly ConfigIssue[], source?: string) {
    const where = source ? ` (${source})` : '';
    const lines = issues.map((issue) => `  - ${issue.path}: ${issue.message}`);
    const keys = issues.map((issue) => issue.path).join(', ');
    const fixes = issues.flatMap((issue) => (issue.fix ? [`  - ${issue.path}: ${issue.fix}`] : []));
    super(
      [
        `Invalid configuration${where}:`,
        ...lines,
        `Configuración inválida: corrige ${keys} y vuelve a iniciar (ver README, sección «Configuración»).`,
        ...fixes,
      ].join('\n'),
    );
    this.name = 'ConfigError';
    this.issues = issues;
  }
}

/** Formats a zod path as `groups[1].personalData`. */
function formatPath(path: readonly PropertyKey[], prefix = ''): string {
  let out = prefix;
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else if (typeof part === 'string' && /^[A-Za-z_$][\w$]*$/.test(part)) out += out ? `.${part}` : part;
    else out += `[${JSON.stringify(String(part))}]`;
  }
  return out || '(root)';
}

/** Turns zod issues into ConfigIssues; unknown keys get one issue each, with a "did you mean". */
export function issuesFromZod(error: z.ZodError, root: z.ZodType, prefix = ''): ConfigIssue[] {
  const out: ConfigIssue[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      const known = knownKeysAt(root, issue.path);
      for (const key of issue.keys) {
        out.push({ path: formatPath([...issue.path, key], prefix), message: unknownKeyMessage(key, known) });
      }
      continue;
    }
    if (issue.code === 'invalid_type' && issue.message.startsWith('Invalid input')) {
      out.push(wrongType(formatPath(issue.path, prefix), issue.expected));
      continue;
    }
    // A rule may say in Spanish what to change (`params.fix` of a custom issue).
    const fix = issue.code === 'custom' ? (issue.params as { fix?: unknown } | undefined)?.fix : undefined;
    out.push({
      path: formatPath(issue.path, prefix),
      message: issue.message,
      ...(typeof fix === 'string' ? { fix } : {}),
    });
  }
  return out;
}

/** What each zod type is called in English and Spanish, for a value of the wrong shape. */
const SHAPES: Record<string, [string, string]> = {
  object: [
    'a section: a map of keys (an object), not a single value or a list',
    'escriba una sección: la clave sola en su línea y debajo, con sangría, sus claves (p. ej. «batch:» y debajo «  maxEntries: 200»)',
  ],
  array: ['a list', 'escriba una lista: un elemento por línea empezando con «- », o entre corchetes [a, b]'],
  string: ['a text', 'escriba un texto (entre comillas si tiene «:» o «#»)'],
  number: ['a number', 'escriba un número sin comillas'],
  boolean: ['true or false', 'escriba true o false, sin comillas'],
};

/** A value of the wrong shape (zod's own message names no fix): the shape expected, in both languages. */
function wrongType(path: string, expected: string): ConfigIssue {
  const [english, spanish] = SHAPES[expected] ?? [
    expected,
    `revise la forma del valor (ver config.example.yaml)`,
  ];
  return { path, message: `expected ${english}`, fix: spanish };
}

const SECRET_HINTS: Record<string, string> = {
  token: 'LOOKUP_TOKEN / MESSAGING_TOKEN',
  messagingToken: 'MESSAGING_TOKEN',
  password: 'TAX_PORTAL_PASSWORD',
  taxPortal: 'TAX_PORTAL_RUC, TAX_PORTAL_USER and TAX_PORTAL_PASSWORD',
};

function unknownKeyMessage(key: string, known: readonly string[]): string {
  const secret = SECRET_HINTS[key];
  if (secret) return `unknown key: secrets are read only from the environment (${secret})`;
  const suggestion = closest(key, known);
  const hint = suggestion ? ` (did you mean "${suggestion}"?)` : '';
  const list = known.length > 0 ? `; allowed keys: ${known.join(', ')}` : '';
  return `unknown key${hint}${list}`;
}

interface Walkable {
  _zod: { def: { type: string; [key: string]: unknown } };
}

/** The keys an object schema accepts at `path` (through arrays, optionals, defaults, pipes). */
function knownKeysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  let node: Walkable | undefined = unwrap(schema as unknown as Walkable);
  for (const part of path) {
    if (!node) return [];
    const def: Walkable['_zod']['def'] = node._zod.def;
    if (def.type === 'object') node = (def.shape as Record<string, Walkable>)[String(part)];
    else if (def.type === 'array') node = def.element as Walkable;
    else if (def.type === 'record') node = def.valueType as Walkable;
    else return [];
    node = node ? unwrap(node) : undefined;
  }
  if (node?._zod.def.type !== 'object') return [];
  return Object.keys(node._zod.def.shape as Record<string, unknown>);
}

function unwrap(node: Walkable): Walkable {
  let current = node;
  for (let i = 0; i < 10; i++) {
    const def: Walkable['_zod']['def'] = current._zod.def;
    if (['optional', 'default', 'prefault', 'nullable', 'readonly', 'catch'].includes(def.type)) {
      current = def.innerType as Walkable;
    } else if (def.type === 'pipe') {
      current = def.in as Walkable;
    } else {
      break;
    }
  }
  return current;
}

function closest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const d = distance(word.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return bestDistance <= Math.max(2, Math.floor(word.length / 4)) ? best : undefined;
}

function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
