import { atomsOf, tokenSpan } from '../grammars/atoms.js';
import { clocksIn } from '../grammars/clock.js';
import { lexicon } from '../lexicon/index.js';
import type { WordClass } from '../lexicon/types.js';
import { MAX_LINE_LENGTH, type MessageLine } from '../normalize.js';
import { type Token, tokenize } from '../tokenize.js';
import { opensWithCorrection } from './correction.js';
import { classAt, isMark, reasonAt, SOCIAL, statementAt } from './line.js';
import { type Addressed, type Reading, rebased } from './reading.js';

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
/**
 * Characters of one message read, its lines and the pairs of lines tried as one together: what
 * a list of requests with a greeting and a signature takes, twice over; a longer message is a
 * pasted text whose first lines are all that is read.
 */
export const MAX_READ = 300;

/** `1.`, `2)`, `a)`, `-`, `•` before an item of a list. */
const LIST_MARKER = /^\s*(?:\d{1,2}[.)-]|\p{L}\)|[-•*·➤►▶→])\s+/u;
/** How many name words may follow a closing (`Atte. Carmen Rojas`). */
const MAX_NAME = 3;
/** How many words may say what thanks are for (`gracias por la ayuda de la semana pasada`). */
const MAX_THANKED_FOR = 7;
const set = (...classes: WordClass[]) => new Set<WordClass>(classes);
const CLOSING = set('regards', 'farewell', 'thanks');
const HEADER = set('header');

/** What a line that is no request is, around requests. */
type Aside = 'social' | 'closing' | 'reason' | 'header' | 'signature' | 'intro' | 'owner' | undefined;

const SELF_INTRO = set('self-intro');
const OWNER_SAID = set('owner-said');
const OWNER_OF = set('owner-of');
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
  // `es el chofer nuevo`; `del nuevo practicante`, `de la nueva recepcionista` (whose, on a line of
  // its own: someone joining, whose documents personnel checks; a bare `del señor` tells).
  const ofPerson = classAt(keys, at, OWNER_OF) > 0 && keys.some((k, i) => i > at && joins(k));
  const said = classAt(keys, at, OWNER_SAID) || (ofPerson ? classAt(keys, at, OWNER_OF) : 0);
  if (!intro && !(afterRequest && at === 0 && said > 0)) return undefined;
  const from = at + Math.max(said, classAt(keys, at, SELF_INTRO));
  for (let i = from; i < tokens.length; i++) {
    if (statementAt(tokens, keys, i, false) || lexicon.is(keys[i] ?? '', 'negation')) return undefined;
  }
  return intro ? 'intro' : 'owner';
}

/** Someone joining (`postulante`), or `nuevo`/`nueva`, which says so whatever the noun. */
function joins(key: string): boolean {
  return lexicon
    .entries(key)
    .some(
      (e) =>
        (e.class === 'person-noun' && e.value === 'joining') ||
        (e.class === 'qualifier' && e.value === 'new'),
    );
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
  let thankedFor = false;
  while (at < tokens.length) {
    if (isMark(tokens[at])) {
      at += 1;
      continue;
    }
    const closing = lexicon.phrasesAt(keys, at, CLOSING)[0];
    const length = closing?.length ?? classAt(keys, at, SOCIAL);
    if (length === 0) break;
    closed ||= closing !== undefined;
    thankedFor = closing?.entry.value === 'for';
    at += length;
    if (thankedFor) break;
  }
  if (!closed) return false;
  const rest = tokens.slice(at).filter((t) => !isMark(t));
  // `gracias por lo de ayer`: what the thanks are for, a few words that hold no number.
  if (thankedFor) return rest.length <= MAX_THANKED_FOR && !rest.some((t) => /\d/u.test(t.text));
  return (
    rest.length <= MAX_NAME &&
    rest.every((t, i) => /^\p{Lu}/u.test(t.text) || lexicon.is(keys[at + i] ?? '', 'person-noun'))
  );
}

/** How many words a line after a request may have to say why or which, in passing. */
const MAX_EXPLAINING_WORDS = 8;
/** How many words a first line ending in `:` may have to say whom the message is for. */
const MAX_SALUTATION_WORDS = 6;
/** How such a line starts: `Señores de RRHH:`, `Estimados:`, `Buenos días equipo:`. */
const SALUTING = set('addressee', 'greeting', 'person-noun');

/** A line as typed, with its tokens and their keys (tokenized once for every aside test). */
interface LineText {
  readonly line: string;
  readonly tokens: readonly Token[];
  readonly keys: readonly string[];
}

const AREA = set('department');
const AREA_WORDS = set('department', 'article', 'preposition', 'header', 'addressee', 'greeting');
/** Words of a line naming an office area at most: `Contabilidad`, `Área de RRHH:`, `Hola almacén`. */
const MAX_AREA_WORDS = 4;

/** `Contabilidad`, `RRHH:`, `Para el área de almacén`: the area a message is from or for. */
function areaLine(tokens: readonly Token[], keys: readonly string[]): boolean {
  let named = false;
  let words = 0;
  for (let at = 0; at < tokens.length;) {
    if (isMark(tokens[at])) {
      at += 1;
      continue;
    }
    const length = classAt(keys, at, AREA_WORDS);
    if (length === 0 || ++words > MAX_AREA_WORDS) return false;
    named ||= classAt(keys, at, AREA) > 0;
    at += length;
  }
  return named;
}

/** What a line that is no request is, given whether a request came before it. */
function asideOf(
  { line, tokens, keys }: LineText,
  reading: Reading,
  afterRequest: boolean,
  first: boolean,
): Aside {
  if (closingLine(tokens, keys)) return 'closing';
  const person = personLine(tokens, keys, afterRequest);
  if (person) return person;
  if (reading.act === 'greeting' || reading.act === 'thanks') return 'social';
  // `Atención contabilidad`, `Para: ventas`, `Asunto: guías`, `Señores de RRHH:`: who it is for.
  const salutation =
    line.endsWith(':') && tokens.length <= MAX_SALUTATION_WORDS && classAt(keys, 0, SALUTING) > 0;
  const digits = tokens.some((t) => /\d/u.test(t.text));
  if (first && (classAt(keys, 0, HEADER) > 0 || salutation || areaLine(tokens, keys)) && !digits)
    return 'header';
  // `es el nuevo transportista, para registrarlo`: a line that gives the request's reason.
  if (
    afterRequest &&
    keys.some((_, i) => reasonAt(tokens, keys, i) && !lexicon.is(keys[i] ?? '', 'question-word'))
  )
    return 'reason';
  return undefined;
}

/**
 * `renunció el viernes`, `ese ya no va`, `es el camión que entra a las 9`: a few words after a
 * request that say why or which, naming no command, no number but a time of day, no field
 * (`Proveedor: …`) and no owner (`del señor` tells whose, see `personLine`), asking nothing.
 */
function explainingLine({ line, tokens, keys }: LineText, reading: Reading, afterRequest: boolean): Aside {
  const words = tokens.filter((t) => !isMark(t)).length;
  const explains =
    afterRequest &&
    reading.command === undefined &&
    words <= MAX_EXPLAINING_WORDS &&
    !line.includes('?') &&
    classAt(keys, 0, OWNER_OF) === 0 &&
    !tokens.some((t) => t.trail.includes(':')) &&
    onlyTimesOfDay(tokens);
  return explains ? 'reason' : undefined;
}

/** Every number of the line is a time of day said with its prefix (`a las 9`, `desde las 8:30`). */
function onlyTimesOfDay(tokens: readonly Token[]): boolean {
  if (!tokens.some((t) => /\d/u.test(t.text))) return true;
  const atoms = atomsOf(tokens);
  const timed = new Set<number>();
  for (const clock of clocksIn(atoms)) {
    if (!clock.time || !clock.strong || clock.bare) continue;
    const span = tokenSpan(atoms, clock.start, clock.end);
    for (let i = span.start; i < span.end; i++) timed.add(i);
  }
  return tokens.every((t, i) => !/\d/u.test(t.text) || timed.has(i));
}

/** The line starts by correcting the one before it (correction.ts). */
function correcting(line: string): boolean {
  const tokens = tokenize(line);
  return opensWithCorrection(
    tokens,
    tokens.map((t) => t.key),
  );
}

/** What `readLines` is given: the lines on demand, and how to read one. */
export interface LineSource {
  /** The next line of the message (see normalize.ts `readMessage`), undefined at the end. */
  next(): MessageLine | undefined;
  /** The message as typed from a point on: the list of a command that takes the rest (`lote`). */
  rawFrom(from: number): string;
  /** Reads one line of text (understand.ts `readLine`), telling `charge` each reading's length. */
  read(line: string, charge: (chars: number) => void): Reading;
  /** The command takes the rest of the message as its argument (a list: `lote`). */
  takesRest(command: string | undefined): boolean;
}

/**
 * Reads a message of several lines, one at a time and only as far as needed: past MAX_REQUESTS
 * requests the rest is pointed to `lote`; a message not addressed to the bot stops at its first
 * line that is no request and no aside (it is a pasted note, silent); a long line is pasted text.
 */
export function readLines(source: LineSource, addressed: Addressed | undefined): Reading {
  const requests: Reading[] = [];
  const asides: string[] = [];
  const texts: string[] = [];
  let other = 0;
  let seen = 0;
  let joinable = true;
  let length = 0;
  let carried: string | undefined;
  let carriedCommand: string | undefined;
  /** The text of the request read last, while no other line came after it (a correction's). */
  let requestText: string | undefined;
  let spent = 0;
  const affordable = (length: number) => spent + length <= MAX_READ;
  const charge = (chars: number) => {
    spent += chars;
  };
  const read = (text: string) => source.read(text, charge);
  let current = source.next();
  let ahead = source.next();
  const advance = () => {
    current = ahead;
    ahead = current ? source.next() : undefined;
  };
  const itemOf = (line: MessageLine) => line.text.replace(LIST_MARKER, '');
  for (let first = true; current; first = false) {
    const here: MessageLine = current;
    seen += 1;
    if (here.long) {
      carried = undefined;
      joinable = false;
      if (!affordable(here.text.length)) break;
      const reading = read(itemOf(here));
      // `lote 2012…, 2060…, …` on one long line: lote takes it all.
      if (reading.act === 'request' && source.takesRest(reading.command)) {
        requests.push(takingRest(reading, here, source));
        break;
      }
      other += 1;
      if (addressed === undefined) break;
      advance();
      continue;
    }
    const line = itemOf(here);
    if (!affordable(line.length)) break; // the rest of the message is left unread
    texts.push(line);
    length += line.length + 1;
    if (length > MAX_LINE_LENGTH) joinable = false;
    let reading = read(line);
    const next = ahead !== undefined && !ahead.long ? itemOf(ahead) : undefined;
    let last: MessageLine = here;
    let done = false;
    // `ruc 2060…4` / `no, perdón, el RUC es 2060…5`: a line that corrects the request just before.
    const before = requestText;
    if (before !== undefined && correcting(line) && affordable(before.length + 1 + line.length)) {
      const again = read(`${before} ${line}`);
      if (again.act === 'request' && again.because.includes('corrected-value')) {
        requests[requests.length - 1] = rebased(again, ['corrected-line', ...again.because]);
        requestText = `${before} ${line}`;
        done = true;
      }
    }
    if (!done && reading.act !== 'request' && carried !== undefined) {
      // `vigilar` / `2060…` / `2010…`: the command word goes on to each value line after it.
      const again = read(`${carried} ${line}`);
      if (again.act === 'request' && again.command === carriedCommand) {
        requests.push(rebased(again, ['carried-command', ...again.because]));
        requestText = `${carried} ${line}`;
        done = true;
      }
    }
    if (!done) {
      requestText = undefined;
      carried = undefined;
      // A command word alone may be a request already (`tc` is today's rate): the next line may
      // still be its argument (`tc` / `20/11`).
      const bare = reading.act === 'request' && (reading.rawArgs ?? '').trim() === '';
      // Only a line that names a command (`RUC:`, `la placa del`) or announces what follows
      // (`Solicito lo siguiente:`) may be finished by the next line; others are read once.
      const open = reading.command !== undefined || line.endsWith(':');
      const tryJoin = bare || (reading.act !== 'request' && open);
      if (next !== undefined && tryJoin && affordable(line.length + 1 + next.length)) {
        const joined = read(`${line} ${next}`);
        const more = !bare || (joined.command === reading.command && (joined.rawArgs ?? '').trim() !== '');
        if (joined.act === 'request' && more) {
          reading = rebased(joined, ['joined-lines', ...joined.because]);
          carried = line;
          carriedCommand = joined.command;
          last = ahead!;
          seen += 1;
          texts.push(next);
          length += next.length + 1;
          advance();
        }
      }
      if (reading.act === 'request' && source.takesRest(reading.command)) {
        requests.push({
          ...reading,
          rawArgs: `${reading.rawArgs ?? ''}\n${source.rawFrom(last.end)}`,
          because: ['takes-the-rest', ...reading.because],
        });
        break;
      }
      // Under a signature's name and title, `RUC 2012…` is the signer's company, not a request.
      const signed = reading.act === 'request' && asides.at(-1) === 'signature' && last === here;
      if (reading.act === 'request' && !signed) {
        requests.push(reading);
        requestText = last === here ? line : `${line} ${itemOf(last)}`;
      } else if (signed) asides.push('signature');
      else {
        const tokens = tokenize(line);
        const text = { line, tokens, keys: tokens.map((t) => t.key) };
        const aside =
          asideOf(text, reading, requests.length > 0, first) ??
          signatureLine(line, asides) ??
          explainingLine(text, reading, requests.length > 0);
        if (aside) asides.push(aside);
        else other += 1;
      }
    }
    // One request past the cap is enough to know the rest goes to lote; a note not addressed to
    // the bot is silent whatever follows (a request in it would only be part of the note).
    if (requests.length > MAX_REQUESTS) break;
    if (other > 0 && addressed === undefined && (requests.length > 0 || !joinable)) break;
    advance();
  }
  const base = addressed ? { addressed } : {};
  if (requests.length === 0) {
    // No line is a request on its own: the lines may be one request broken up (a short message).
    const whole = texts.join(' ');
    if (joinable && texts.length > 0 && affordable(whole.length)) return read(whole);
    return { ...base, act: 'remark', because: ['pasted-note', `lines:${seen}`, 'requests:0'] };
  }
  if (other > 0 && addressed === undefined) {
    return {
      ...base,
      act: 'remark',
      because: ['pasted-note', `lines:${seen}`, `requests:${requests.length}`],
    };
  }
  const noted = [...new Set(asides)].map((aside) => `aside:${aside}`);
  if (requests.length === 1) return rebased(requests[0]!, ['multi-line', ...noted, ...requests[0]!.because]);
  const kept = requests.slice(0, MAX_REQUESTS);
  return {
    ...base,
    act: 'request',
    because: [
      'multi-line',
      ...noted,
      `requests:${requests.length > kept.length ? `${kept.length}+` : kept.length}`,
    ],
    requests: kept,
    ...(requests.length > kept.length ? { dropped: requests.length - kept.length } : {}),
  };
}

/**
 * A long line whose first words name a command that takes the rest of the message (`lote 2012…,
 * 2060…, …`): its argument is the line and everything after it, as typed.
 */
export function takingRest(
  reading: Reading,
  line: MessageLine,
  source: Pick<LineSource, 'rawFrom'>,
): Reading {
  const rest = source.rawFrom(line.restFrom);
  return {
    ...reading,
    // The head cut inside a word: the words of the line from its start (the list reads digits only).
    rawArgs: line.restFrom === line.start ? rest : `${reading.rawArgs ?? ''} ${rest}`,
    because: ['long-line', 'takes-the-rest', ...reading.because],
  };
}
