import { atomsOf, tokenSpan } from '../grammars/atoms.js';
import { clocksIn } from '../grammars/clock.js';
import { lexicon } from '../lexicon/index.js';
import type { WordClass } from '../lexicon/types.js';
import { keysOf, type Token, tokenize } from '../tokenize.js';
import { classAt, isMark, reasonAt, SOCIAL, statementAt } from './line.js';
import type { Reading } from './reading.js';

/**
 * What a line of a message that is no request is, around the requests (lines.ts): a greeting or
 * thanks, a closing and the signature under it, a header (`Atención contabilidad`, `Contabilidad`),
 * who writes (`soy Rosa de RRHH`), whose the values are (`es el chofer nuevo`), or why (`es para
 * el contrato`, `renunció el viernes`). A line that is none of these is a pasted note's.
 */

/** What a line that is no request is, or undefined (`asides`: the kinds of the lines before it). */
export function asideOf(
  line: string,
  reading: Reading,
  asides: readonly string[],
  afterRequest: boolean,
  first: boolean,
): Aside {
  const tokens = tokenize(line);
  const text = { line, tokens, keys: keysOf(tokens) };
  return (
    kindOf(text, reading, afterRequest, first) ??
    signatureLine(line, asides) ??
    explainingLine(text, reading, afterRequest)
  );
}

/**
 * A first line of greetings that names the bot (`Hola bot`, `Buenos días Chasqui,`): the lines
 * under it are said to the bot, as under a mention.
 */
export function callsTheBot(line: string): boolean {
  const tokens = tokenize(line);
  const keys = keysOf(tokens);
  return afterSocial(tokens, keys) === tokens.length && keys.some((_, at) => classAt(keys, at, BOT_NAME) > 0);
}

/** A first name as people type it: a capital, then small letters (`Kevin`, `Jhon`, `Ángel`). */
export const FIRST_NAME = /^\p{Lu}\p{Ll}{2,}$/u;

/**
 * A first line that greets or calls a colleague by name (`Hola Kevin`, `Don Hugo, su ruta de
 * mañana:`): the requests under it are said to them, not to the bot (a name the lexicon does not
 * know; the bot's own name calls the bot, see `callsTheBot`).
 */
export function greetsSomeone(line: string): boolean {
  const tokens = tokenize(line);
  const keys = keysOf(tokens);
  if (keys.some((_, at) => classAt(keys, at, BOT_NAME) > 0)) return false;
  let at = afterSocial(tokens, keys);
  const greeted = at > 0;
  while (at < tokens.length && classAt(keys, at, TITLE) > 0) at += classAt(keys, at, TITLE);
  const name = tokens[at];
  const k = keys[at] ?? '';
  if (!name || !FIRST_NAME.test(name.text) || lexicon.entries(k).length > 0 || lexicon.verbAt(keys, at))
    return false;
  // `Don Hugo, …`, `Kevin:`: called, whatever follows; `Hola Kevin`: a greeting and names only.
  if (name.after === ',' || name.after === ':') return true;
  if (!greeted) return false;
  for (let i = at + 1; i < tokens.length; i++) {
    const other = tokens[i]!;
    if (isMark(other) || classAt(keys, i, SOCIAL) > 0) continue;
    if (!FIRST_NAME.test(other.text) || lexicon.entries(keys[i] ?? '').length > 0) return false;
  }
  return true;
}

/** Words that hand what follows over to the readers: `adjunto`, `anoten`, `para su conocimiento`. */
const HANDING_OVER: ReadonlySet<string> = new Set([
  ...['adjunto', 'adjuntamos', 'anoten', 'comparto', 'compartimos', 'remito', 'remitimos'],
  ...['informo', 'informamos', 'detallo', 'detallamos', 'conocimiento', 'fyi'],
]);

/**
 * A line before the requests that hands a list over to the readers (`Les informo lo siguiente:`, `adjunto la
 * lista de proveedores para revisión:`, `anoten:`): the values under it are for them, not asked of
 * the bot (`Solicito lo siguiente:` asks).
 */
export function handsOver(line: string): boolean {
  if (!line.endsWith(':')) return false;
  const tokens = tokenize(line);
  const keys = keysOf(tokens);
  return keys.some((k, at) => HANDING_OVER.has(k) || classAt(keys, at, TELLING) > 0);
}

/** How many name words may follow a closing (`Atte. Carmen Rojas`). */
const MAX_NAME = 3;
/** How many words may say what thanks are for (`gracias por la ayuda de la semana pasada`). */
const MAX_THANKED_FOR = 7;
const set = (...classes: WordClass[]) => new Set<WordClass>(classes);
const CLOSING = set('regards', 'farewell', 'thanks');
const HEADER = set('header');
const BOT_NAME = set('bot-name');
const TELLING = set('telling');
/** Titles said before a name (`Don Hugo`, `Sr. Ramos`). */
const TITLE = set('person-noun');

/** What a line that is no request is, around requests. */
export type Aside = 'social' | 'closing' | 'reason' | 'header' | 'signature' | 'intro' | 'owner' | undefined;

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
    // `es el chofer que entra el lunes`: a clause about the person says which one.
    if (!intro && i > from && (keys[i] === 'que' || keys[i] === 'q')) break;
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
const AREA_WORDS = set(
  'department',
  'article',
  'preposition',
  'header',
  'addressee',
  'greeting',
  // `Despacho de mañana`, `Almacén turno noche`: when, beside the area.
  'relative-day',
  'weekday',
  'day-part',
);
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

/** Words of a title atop a list of requests: `Caja 2`, `TURNO NOCHE GARITA 1`, `Cierre de mes`. */
const MAX_TITLE_WORDS = 4;
/** A till, a gate or a shift is numbered with one or two digits; an identifier has more. */
const TITLE_NUMBER = /^\d{1,2}$/u;

/**
 * A first line that only names what follows: a few words and small numbers, no verb, nothing
 * asked (`Caja 2`, `Aduanas Callao`, `Señorita`, `épale chamos`); the lines under it are read.
 */
function titleLine(line: string, tokens: readonly Token[], keys: readonly string[]): boolean {
  // Not a question, nor a field someone pastes (`Cliente: Ferretería San Jorge`).
  if (line.includes('?') || /:\s*\S/u.test(line)) return false;
  let words = 0;
  for (let at = 0; at < tokens.length; at++) {
    const token = tokens[at]!;
    if (isMark(token)) continue;
    if (++words > MAX_TITLE_WORDS) return false;
    if (TITLE_NUMBER.test(token.text)) continue;
    if (token.shape !== 'word' || lexicon.verbAt(keys, at) !== undefined) return false;
    if (lexicon.is(keys[at] ?? '', 'negation') || lexicon.is(keys[at] ?? '', 'question-word')) return false;
  }
  return words > 0;
}

/** What a line that is no request is, given whether a request came before it (header, closing…). */
function kindOf(
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
  if (first && reading.command === undefined && titleLine(line, tokens, keys)) return 'header';
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
 * request that say why or which, naming no command, no number but a time of day or a date, no field
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

/** A day and month as typed (`01/12`, `15/12/2026`): a date, never an identifier. */
const DAY_MONTH = /^\d{1,2}\/\d{1,2}(?:\/\d{2,4})?$/u;

/**
 * Every number of the line is a time of day said with its prefix (`a las 9`, `desde las 8:30`) or
 * a day and month (`ingresa a planilla el 01/12`).
 */
function onlyTimesOfDay(tokens: readonly Token[]): boolean {
  if (!tokens.some((t) => /\d/u.test(t.text))) return true;
  const atoms = atomsOf(tokens);
  const timed = new Set<number>();
  for (const clock of clocksIn(atoms)) {
    if (!clock.time || !clock.strong || clock.bare) continue;
    const span = tokenSpan(atoms, clock.start, clock.end);
    for (let i = span.start; i < span.end; i++) timed.add(i);
  }
  return tokens.every((t, i) => !/\d/u.test(t.text) || timed.has(i) || DAY_MONTH.test(t.text));
}
