import { UserError } from '../errors/user-error.js';
import type { Act, Addressed, Reading } from '../language/index.js';

/**
 * How a Reading reads to a console user (support asking "why didn't it reply?"): Spanish labels
 * around the reading's own data, whose rule names (`because`) stay as the code writes them.
 * `chasqui entender` prints the long form, `chat --explain` the one-line form.
 */

const ACTS: Readonly<Record<Act, string>> = {
  request: 'pedido',
  remark: 'comentario (no es un pedido)',
  question: 'pregunta a una persona',
  greeting: 'saludo',
  thanks: 'agradecimiento',
  unknown: 'nada que atender',
};

function addressedText(reading: Reading): string {
  const how: Record<Addressed, string> = {
    mention: 'sí, lo menciona (@)',
    prefix: `sí, con el prefijo «${reading.prefix ?? ''}»`,
    direct: 'sí, chat directo',
  };
  return reading.addressed ? how[reading.addressed] : 'no (mensaje de grupo)';
}

/** `ruc = 2012…`, `ref.serie = T001`: a value's leaves with their paths; sets and lists joined. */
function leaves(value: unknown, path: string): string[] {
  if (value instanceof Set || Array.isArray(value)) {
    return [`${path} = ${[...(value as Iterable<unknown>)].map((v) => String(v)).join(', ')}`];
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    if (entries.length === 0) return path === '' ? [] : [`${path} = {}`];
    return entries.flatMap(([k, v]) => leaves(v, path === '' ? k : `${path}.${k}`));
  }
  return [`${path === '' ? 'valor' : path} = ${String(value)}`];
}

/** The arguments in one phrase: their values, or the local error (no credit spent) and its data. */
function argsText(args: Reading['args']): string | undefined {
  if (args === undefined) return undefined;
  if ('error' in args) {
    const data = leaves(args.error.data, '');
    const detail = data.length > 0 ? ` (${data.join('; ')})` : '';
    return `error local, sin consultar la API: errors/${args.error.identifier}${detail}`;
  }
  const values = leaves(args.value, '');
  return values.length > 0 ? values.join('; ') : 'ninguno';
}

function commandText(reading: Reading): string {
  if (reading.command) return reading.command;
  return reading.word ? `ninguno (primera palabra: «${reading.word}»)` : 'ninguno';
}

/** One reading (a line, or one request of a message), as labelled lines indented by `pad`. */
function block(reading: Reading, pad: string): string[] {
  const out = [`${pad}Acto: ${ACTS[reading.act]}`, `${pad}Comando: ${commandText(reading)}`];
  const args = argsText(reading.args);
  if (args !== undefined) out.push(`${pad}Argumentos: ${args}`);
  if (reading.rawArgs !== undefined && reading.rawArgs !== '')
    out.push(`${pad}Argumento escrito: ${reading.rawArgs.replace(/\n/gu, ' ⏎ ')}`);
  out.push(`${pad}Por qué: ${reading.because.join(' › ')}`);
  return out;
}

/** The long form: what `chasqui entender` prints for one message. */
export function describeReading(text: string, reading: Reading): string {
  const out = [`Mensaje: ${text.replace(/\n/gu, ' ⏎ ')}`, `  Dirigido al bot: ${addressedText(reading)}`];
  if (!reading.requests) return [...out, ...block(reading, '  ')].join('\n');
  out.push(
    `  Acto: ${ACTS[reading.act]}: ${reading.requests.length} en líneas separadas`,
    `  Por qué: ${reading.because.join(' › ')}`,
  );
  reading.requests.forEach((request, i) => out.push(`  Pedido ${i + 1}:`, ...block(request, '    ')));
  if (reading.dropped)
    out.push(
      `  Sin atender: ${reading.dropped} pedido(s) más; la respuesta sugiere «lote» para listas largas`,
    );
  return out.join('\n');
}

function compactOne(reading: Reading): string {
  const args = argsText(reading.args);
  const parts = [ACTS[reading.act], ...(reading.command ? [reading.command] : [])];
  if (args !== undefined) parts.push(args);
  return `${parts.join(' · ')} [${reading.because.join(', ')}]`;
}

/** The short form: one line, what `chat --explain` prints before each reply. */
export function compactReading(reading: Reading): string {
  const to = reading.addressed ? ` (${addressedText(reading)})` : '';
  if (!reading.requests) return `» ${compactOne(reading)}${to}`;
  const each = reading.requests.map((request, i) => `${i + 1}) ${compactOne(request)}`);
  const dropped = reading.dropped ? ` · ${reading.dropped} sin atender` : '';
  return `» ${reading.requests.length} pedidos [${reading.because.join(', ')}]${to}: ${each.join(' | ')}${dropped}`;
}

/** The reading as plain JSON: a local error as `{ error, data }`, sets as arrays. */
export function readingJson(text: string, reading: Reading): string {
  return JSON.stringify({ text, reading }, (_key, value: unknown) => {
    if (value instanceof UserError) return { error: value.identifier, data: value.data };
    if (value instanceof Set) return [...(value as Set<unknown>)];
    return value;
  });
}
