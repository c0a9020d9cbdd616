import { lexicon } from '../lexicon/index.js';
import type { WordClass } from '../lexicon/types.js';
import { type Token, tokenize } from '../tokenize.js';
import { classAt, isMark, reasonAt, SOCIAL, statementAt } from './line.js';
import type { Addressed, Reading } from './reading.js';

/**
 * A message of several lines: each line read on its own; a line of only a command word takes the
 * next line as its argument (`RUC:` / `2012…`, `Solicito lo siguiente:` / `1. Tipo de cambio …`)
 * and each value line after it (`vigilar` / `2060…` / `2010…`),
 * and `lote` takes every line after it. Greetings, thanks, signatures (`Atte. Carmen`) and a reason
 * after a request (`es para el contrato`) never hide the requests; a pasted note
 * (lines that are none of these) stays silent unless addressed.
 */

/** Requests answered from one message; more are pointed to `lote`. */
export const MAX_REQUESTS = 5;

/** `1.`, `2)`, `a)`, `-`, `•` before an item of a list. */
const LIST_MARKER = /^\s*(?:\d{1,2}[.)-]|\p{L}\)|[-•*·➤►▶→])\s+/u;
/** How many name words may follow a closing (`Atte. Carmen Rojas`). */
const MAX_NAME = 3;
const set = (...classes: WordClass[]) => new Set<WordClass>(classes);
const CLOSING = set('regards', 'farewell', 'thanks');
const HEADER = set('header');

/** What a line that is no request is, around requests. */
type Aside = 'social' | 'closing' | 'reason' | 'header' | 'signature' | 'intro' | 'owner' | undefined;

const SELF_INTRO = set('self-intro');
const OWNER_SAID = set('owner-said');
/** How many words a line saying who writes (`hola, soy Rosa de RRHH`) or whose it is may have. */
const MAX_ASIDE_WORDS = 10;

/** The first word after greetings, courtesy and marks (`hola, soy …` → `soy`). */
function afterSocial(tokens: readonly Token[], keys: readonly string[]): number {
  let at = 0;
  while (at < tokens.length) {
    const length = isMark(tokens[at]) ? 1 : classAt(keys, at, SOCIAL);
    if (length === 0) break;
    at += length;
  }
  return at;
}

/**
 * `hola, soy Rosa de RRHH`, `les escribe Carmen de contabilidad` before the requests: who writes
 * (`intro`); `es el chofer nuevo`, `son los practicantes` after them: whose the values are
 * (`owner`). Neither holds a number or tells anything more.
 */
function personLine(tokens: readonly Token[], keys: readonly string[], afterRequest: boolean): Aside {
  const words = tokens.filter((t) => !isMark(t));
  if (words.length > MAX_ASIDE_WORDS || tokens.some((t) => /\d/u.test(t.text))) return undefined;
  const at = afterSocial(tokens, keys);
  const intro = !afterRequest && classAt(keys, at, SELF_INTRO) > 0;
  const said = classAt(keys, at, OWNER_SAID);
  if (!intro && !(afterRequest && at === 0 && said > 0)) return undefined;
  const from = at + Math.max(said, classAt(keys, at, SELF_INTRO));
  for (let i = from; i < tokens.length; i++) {
    if (statementAt(tokens, keys, i, false) || lexicon.is(keys[i] ?? '', 'negation')) return undefined;
  }
  return intro ? 'intro' : 'owner';
}

/** After a closing: the name, title and area lines of a signature (`Luis Pacheco` / `Jefe de Ventas`). */
const MAX_SIGNATURE_WORDS = 5;

function signatureLine(line: string, asides: readonly string[]): Aside {
  if (!asides.includes('closing') && !asides.includes('signature')) return undefined;
  const words = line.trim().split(/\s+/u);
  return words.length <= MAX_SIGNATURE_WORDS && !/\d/u.test(line) ? 'signature' : undefined;
}

/**
 * `Atte. Carmen`, `Saludos, Luis Pérez`, `Muchas gracias señorita`: a closing, then at most a
 * name or a way to address someone.
 */
function closingLine(tokens: readonly Token[], keys: readonly string[]): boolean {
  let at = 0;
  let closed = false;
  while (at < tokens.length) {
    if (isMark(tokens[at])) {
      at += 1;
      continue;
    }
    const length = classAt(keys, at, CLOSING) || classAt(keys, at, SOCIAL);
    if (length === 0) break;
    closed ||= classAt(keys, at, CLOSING) > 0;
    at += length;
  }
  if (!closed) return false;
  const rest = tokens.slice(at).filter((t) => !isMark(t));
  return (
    rest.length <= MAX_NAME &&
    rest.every((t, i) => /^\p{Lu}/u.test(t.text) || lexicon.is(keys[at + i] ?? '', 'person-noun'))
  );
}

/** What a line that is no request is, given whether a request came before it. */
function asideOf(line: string, reading: Reading, afterRequest: boolean, first: boolean): Aside {
  const tokens = tokenize(line);
  const keys = tokens.map((t) => t.key);
  if (closingLine(tokens, keys)) return 'closing';
  const person = personLine(tokens, keys, afterRequest);
  if (person) return person;
  if (reading.act === 'greeting' || reading.act === 'thanks') return 'social';
  // `Atención contabilidad`, `Para: ventas`, `Asunto: guías`: who the message is for.
  if (first && classAt(keys, 0, HEADER) > 0 && !tokens.some((t) => /\d/u.test(t.text))) return 'header';
  // `es el nuevo transportista, para registrarlo`: a line that gives the request's reason.
  if (
    afterRequest &&
    keys.some((_, i) => reasonAt(tokens, keys, i) && !lexicon.is(keys[i] ?? '', 'question-word'))
  )
    return 'reason';
  return undefined;
}

/** Reads a message of several lines with `readLine` for each one. */
export function readLines(
  lines: readonly string[],
  addressed: Addressed | undefined,
  readLine: (line: string) => Reading,
): Reading {
  const requests: Reading[] = [];
  const asides: string[] = [];
  let other = 0;
  const items = lines.map((line) => line.replace(LIST_MARKER, ''));
  let carried: string | undefined;
  let carriedCommand: string | undefined;
  for (let i = 0; i < items.length; i++) {
    const line = items[i]!;
    let reading = readLine(line);
    const next = items[i + 1];
    if (reading.act !== 'request' && carried !== undefined) {
      // `vigilar` / `2060…` / `2010…`: the command word goes on to each value line after it.
      const again = readLine(`${carried} ${line}`);
      if (again.act === 'request' && again.command === carriedCommand) {
        requests.push({ ...again, because: ['carried-command', ...again.because] });
        continue;
      }
    }
    carried = undefined;
    // A command word alone may be a request already (`tc` is today's rate): the next line may
    // still be its argument (`tc` / `20/11`).
    const bare = reading.act === 'request' && (reading.rawArgs ?? '').trim() === '';
    if (next !== undefined && (reading.act !== 'request' || bare)) {
      const joined = readLine(`${line} ${next}`);
      const more = !bare || (joined.command === reading.command && (joined.rawArgs ?? '').trim() !== '');
      if (joined.act === 'request' && more) {
        reading = { ...joined, because: ['joined-lines', ...joined.because] };
        carried = line;
        carriedCommand = joined.command;
        i += 1;
      }
    }
    if (reading.act === 'request' && reading.command === 'lote') {
      reading = { ...reading, rawArgs: [reading.rawArgs ?? '', ...lines.slice(i + 1)].join('\n') };
      requests.push(reading);
      break;
    }
    if (reading.act === 'request') {
      requests.push(reading);
      continue;
    }
    const aside = asideOf(line, reading, requests.length > 0, i === 0) ?? signatureLine(line, asides);
    if (aside) asides.push(aside);
    else other += 1;
  }
  const base = addressed ? { addressed } : {};
  if (requests.length === 0) return readLine(lines.join(' '));
  if (other > 0 && addressed === undefined) {
    return {
      ...base,
      act: 'remark',
      because: ['pasted-note', `lines:${lines.length}`, `requests:${requests.length}`],
    };
  }
  const noted = [...new Set(asides)].map((aside) => `aside:${aside}`);
  if (requests.length === 1)
    return { ...requests[0]!, because: ['multi-line', ...noted, ...requests[0]!.because] };
  const kept = requests.slice(0, MAX_REQUESTS);
  return {
    ...base,
    act: 'request',
    because: ['multi-line', ...noted, `requests:${requests.length}`],
    requests: kept,
    ...(requests.length > kept.length ? { dropped: requests.length - kept.length } : {}),
  };
}
