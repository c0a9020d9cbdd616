import { atomsOf, tokenSpan } from '../grammars/atoms.js';
import { clockAt } from '../grammars/clock.js';
import { lexicon } from '../lexicon/index.js';
import type { WordClass } from '../lexicon/types.js';
import type { Token } from '../tokenize.js';
import { asks } from './command-index.js';
import type { CommandMatch } from './command-index.js';
import {
  classAt,
  isMark,
  NONE,
  phraseEndsAt,
  reasonAt,
  STATEMENT,
  statementAt,
  tailStart,
  toldAfterClitic,
} from './line.js';
import { describedOwner, ownerNote } from './owner-note.js';
import type { Slots } from './slots.js';
import { afterPause, hasId, isId, NOTE_GLUE, someoneAt, type TailContext, tellsFrom } from './tail-words.js';

/**
 * What may follow a complete request (command word and a filled slot) without making it a
 * remark: a reason, whose the identifier is, a company's name, what the writer wants it for, or
 * (after an explicit ask) anything said after a pause. Each rule is named
 * as `because` logs it.
 */

const set = (...classes: WordClass[]) => new Set<WordClass>(classes);
const COURTESY = set('courtesy');
/** Courtesy and hurry said at the end of a request: `xfa`, `por favor`, `al toque`. */
const CLOSES_REQUEST = set('courtesy', 'urgency');

/**
 * Tail rules that may swallow a command word asked about (`… tiene deuda coactiva porque …`): a
 * command named there is the one asked for. An owner or a name (`del nuevo chofer`) is not.
 */
export const YIELDING_TAILS: ReadonlySet<string> = new Set([
  'reason-tail',
  'asked-for-the-writer',
  'said-after-asking',
]);

/** Every name `tailRule` gives, and the trailing courtesy judge.ts drops (`social-tail`). */
export const TAIL_RULES: ReadonlySet<string> = new Set([
  'reason-tail',
  'needed-by',
  'time-frame',
  'bracketed-aside',
  'owner-note',
  'owner-said',
  'joining-note',
  'company-name-note',
  'asked-for-the-writer',
  'asked-after',
  'asked-detail',
  'described-owner',
  'said-after-asking',
  'social-tail',
]);

/** The tail rule that accepts the words from `at` on, or undefined (the line is then a remark). */
export function tailRule(ctx: TailContext, at: number): string | undefined {
  const { tokens, keys } = ctx;
  if (reasonAt(tokens, keys, at) || purposeAt(tokens, keys, at)) return 'reason-tail';
  if (neededBy(tokens, keys, at)) return 'needed-by';
  if (timeFrame(tokens, keys, at)) return 'time-frame';
  if (bracketedAside(tokens, keys, at)) return 'bracketed-aside';
  const owner = ownerNote(ctx, at);
  if (owner) return owner;
  if (nameNote(tokens, at, ctx.slots)) return 'company-name-note';
  // Not a tail that tells of the value (`… el ruc 2060… aparece como baja de oficio`).
  const said = ctx.forMe && !tokens.slice(at).some((t) => /\d/u.test(t.text));
  if (said && (ctx.question || statementAt(tokens, keys, at, false) === undefined))
    return 'asked-for-the-writer';
  if (askedAfter(tokens, keys, at)) return 'asked-after';
  if (ctx.question && askedDetail(tokens, keys, at)) return 'asked-detail';
  if (describedOwner(ctx, at)) return 'described-owner';
  // Asked by a verb; or by a question already closed (`¿tienen el xml de la guía …? lo pide …`)
  // or courtesy, or hurry after the value (`el brevete de … porfa, lo vamos a contratar`, `ruc …
  // al toque, cliente en caja`) when what follows tells nothing
  // done (`uso? ya lo revisé` answers itself).
  // A request with its value (not a bare command word) is closed by courtesy too.
  const valued = Object.keys(ctx.slots).length > 0;
  let closed = false;
  for (let i = 0; i < at; i++) {
    const closing = valued && i >= ctx.match.end ? CLOSES_REQUEST : COURTESY;
    closed ||= tokens[i]!.trail.includes('?') || classAt(keys, i, closing) > 0;
  }
  // What someone else did or does (`…, el cliente lo perdió`, `…, el chofer ya se va`) says why.
  const context = ctx.asked || (closed && (!tellsFrom(tokens, keys, at) || someoneAt(keys, at)));
  const paused = afterPause(tokens, keys, at) || (valued && courtesyBefore(keys, at));
  // What is said is words (`…, aquí solo coordinamos personal`), not another value (`activar, 3.79`).
  const words = tokens.slice(at).find((token) => !isMark(token))?.shape === 'word';
  if (context && paused && words && !hasId(tokens, at)) return 'said-after-asking';
  return undefined;
}

const TIME_PREFIX = set('time-prefix');
/** Time prefixes that say by when (`hasta las`, `antes de las`, `a más tardar a las`, `para las`). */
const BY_WHEN: ReadonlySet<unknown> = new Set(['by', 'to']);
/** Tokens a time takes after its prefix: `1`, `3 pm`, `8 y media de la noche`. */
const MAX_CLOCK_TOKENS = 6;

/**
 * `… hasta las 5`, `… para las 3 pm porfa`, `… a más tardar a las 10`: the time by which it is
 * needed, after a complete request. Not a bare `a las 8` (`tc a las 8` may ask for a schedule),
 * and no number may follow the time (another identifier would be a second request).
 */
function neededBy(tokens: readonly Token[], keys: readonly string[], at: number): boolean {
  if (neededOn(tokens, keys, at)) return true;
  const prefix = lexicon.phrasesAt(keys, at, TIME_PREFIX)[0];
  if (!prefix || !BY_WHEN.has(prefix.entry.value)) return false;
  // The clock is read at its number; its span takes the prefix in (`hasta las 5` from `hasta`).
  const atoms = atomsOf(tokens.slice(at, at + prefix.length + MAX_CLOCK_TOKENS));
  const clock = clockAt(atoms, prefix.length);
  if (clock?.time === undefined || clock.start !== 0) return false;
  // After the time: nothing, courtesy and thanks, or why (`… hasta las 5 que tengo reunión`).
  const after = at + tokenSpan(atoms, clock.start, clock.end).end;
  if (hasId(tokens, after)) return false;
  return tailStart(tokens, keys, after, NONE) === after || reasonAt(tokens, keys, after);
}

const TIME_FRAME = set('time-frame', 'start-phrase');

/**
 * `desactiva el bot durante la auditoría`, `… mientras hacemos el inventario`, `… a partir de
 * hoy`: for how long or from when, after a complete request. What follows may name no number and
 * tell nothing done (`… desde ayer no funciona` tells).
 */
function timeFrame(tokens: readonly Token[], keys: readonly string[], at: number): boolean {
  const length = lexicon.lengthAt(keys, at, TIME_FRAME);
  return length > 0 && !hasId(tokens, at) && !tellsFrom(tokens, keys, at + length);
}

/**
 * `ruc 2060… (cliente nuevo)`, `placa ABC123 (su camión)`: words in brackets after a complete
 * request are an aside to the reader. No number may be inside them, and only courtesy after them.
 */
function bracketedAside(tokens: readonly Token[], keys: readonly string[], at: number): boolean {
  if (!tokens[at]?.lead.startsWith('(')) return false;
  for (let end = at; end < tokens.length; end++) {
    if (isId(tokens[end]!)) return false;
    if (tokens[end]!.trail.includes(')')) return tailStart(tokens, keys, end + 1, NONE) === end + 1;
  }
  return false;
}

const RELATIVE_DAY = set('relative-day');
/** `para` before the day it is needed on (`para hoy`, `pa mañana`). */
const FOR = set('preposition');

/**
 * `ruc … hoy`, `guía … ahora`, `… para mañana porfa`: the day it is needed on, after a complete
 * request: today, or a later day said with `para` (a bare `xml F001-123 mañana` tells when it
 * comes). Only courtesy or a reason may follow.
 */
function neededOn(tokens: readonly Token[], keys: readonly string[], at: number): boolean {
  const lead = lexicon.phrasesAt(keys, at, FOR).find((hit) => hit.entry.value === 'for')?.length ?? 0;
  const day = lexicon.phrasesAt(keys, at + lead, RELATIVE_DAY)[0];
  const days = Number(day?.entry.value);
  if (!day || days < 0 || (days > 0 && lead === 0)) return false;
  let after = at + lead + day.length;
  if (keys[after] === 'mismo') after += 1;
  if (hasId(tokens, after)) return false;
  if (tailStart(tokens, keys, after, NONE) === after || reasonAt(tokens, keys, after)) return true;
  // `…, el cliente está en caja`: after a pause, what someone else does or what tells nothing.
  const words = tokens.slice(after).find((token) => !isMark(token))?.shape === 'word';
  return (
    words && afterPause(tokens, keys, after) && (someoneAt(keys, after) || !tellsFrom(tokens, keys, after))
  );
}

/**
 * `guía … pa imprimir`, `tc para pagar`: an infinitive right after `para` (which a slot may have
 * read as its own word) says what the request is for. Nothing after it may name a number.
 */
function purposeAt(tokens: readonly Token[], keys: readonly string[], at: number): boolean {
  const verb = lexicon.verbAt(keys, at);
  if (!verb || !verb.forms.every((form) => form.form === 'infinitive') || hasId(tokens, at)) return false;
  return lexicon.entries(keys[at - 1] ?? '').some((e) => e.class === 'preposition' && e.value === 'for');
}

/**
 * `la guía T001-72 me la pueden mandar en pdf`, `…, la necesito impresa`, `…, quiero ver si …`:
 * the ask itself comes after the value (clitics, then a verb that asks or needs).
 */
function askedAfter(tokens: readonly Token[], keys: readonly string[], at: number): boolean {
  // A verb of state said as one phrase with its clitic tells: `el ruc … se encuentra habido`.
  if (classAt(keys, at, STATEMENT) > 1) return false;
  // `a la factura`, `de la cuenta`: a place or an owner, not an ask.
  let before = at;
  while (before > 0 && lexicon.is(keys[before - 1] ?? '', 'article')) before -= 1;
  if (lexicon.is(keys[at] ?? '', 'preposition') || lexicon.is(keys[before - 1] ?? '', 'preposition'))
    return false;
  let i = at;
  while (lexicon.is(keys[i] ?? '', 'clitic') || lexicon.is(keys[i] ?? '', 'article')) i += 1;
  const verb = lexicon.verbAt(keys, i);
  // `tc se registra a las 9`: what is done, not asked.
  if (!verb || hasId(tokens, at) || toldAfterClitic(tokens, keys, i)) return false;
  // A word that is also a noun (`factura`) asks only after a clitic: `… me la facturas`.
  const clitic = keys.slice(at, i).some((k) => lexicon.entries(k).every((e) => e.class === 'clitic'));
  if (lexicon.entries(keys[i] ?? '').length > 0 && !clitic) return false;
  // Without a clitic or a pause the value is the verb's subject: `la guía T001-42 reemplaza a …`.
  // (Clitics a slot read before `at` count: `… me la | pueden mandar`.)
  const attached = verb.forms.some((form) => form.clitics.length > 0);
  let first = at;
  while (
    first > 0 &&
    (lexicon.is(keys[first - 1] ?? '', 'clitic') || lexicon.is(keys[first - 1] ?? '', 'article'))
  )
    first -= 1;
  const clitics =
    clitic || keys.slice(first, at).some((k) => lexicon.entries(k).every((e) => e.class === 'clitic'));
  // An infinitive that ends the line asks as hurried notes do (`placa ABC123 consultar`, `ruc …
  // verificar porfa`); one followed by more may be what the value is for (`… consultar en SUNAT`).
  const ends = tailStart(tokens, keys, i + verb.length, NONE) === i + verb.length;
  const infinitive = ends && verb.forms.some((form) => form.form === 'infinitive' && asks(form));
  if (infinitive) return true;
  // Courtesy closes the request as a pause does: `la guía … porfa la necesito ya`.
  if (!clitics && !attached && !afterPause(tokens, keys, first) && !courtesyBefore(keys, first)) return false;
  return verb.forms.some((form) => asks(form) && form.form !== 'infinitive' && form.form !== 'gerund');
}

/** In a question, where or which is asked about the value: `¿tiene locales en Arequipa?`. */
function askedDetail(tokens: readonly Token[], keys: readonly string[], at: number): boolean {
  if (!lexicon.is(keys[at] ?? '', 'preposition') || hasId(tokens, at)) return false;
  for (let i = at + 1; i < tokens.length; i++) {
    if (isMark(tokens[i]) || classAt(keys, i, NOTE_GLUE) > 0) continue;
    if (lexicon.verbAt(keys, i) || lexicon.is(keys[i] ?? '', 'negation')) return false;
  }
  return true;
}

/**
 * Courtesy right before `at` closes a request as a comma would, where hurried writing drops it
 * (`dni 4123… porfa la señora está en recepción`).
 */
function courtesyBefore(keys: readonly string[], at: number): boolean {
  return phraseEndsAt(keys, at, CLOSES_REQUEST);
}

/**
 * The words before the command word ask for it on the writer's behalf (`me confirmas el ruc …`,
 * `necesito validar …`): such a line is a request even with words after the identifier. A verb for
 * a third person (`pásale`, `le mandas`) is not.
 */
export function asksForMe(keys: readonly string[], end: number): boolean {
  let mine = false;
  for (let at = 0; at < end; at++) {
    const k = keys[at] ?? '';
    if (k === 'le' || k === 'les') return false;
    const verb = lexicon.verbAt(keys, at);
    for (const form of verb?.forms ?? []) {
      if (form.addressee === 'them') return false;
      if (form.addressee === 'me' || form.senses.includes('need')) mine = true;
    }
    if (k === 'me' || k === 'nos') mine = true;
  }
  return mine;
}

/** An asking verb among the words before `end`, or in the command words (`borra al chofer`). */
export function askedExplicitly(keys: readonly string[], match: CommandMatch, from: number): boolean {
  if (match.trigger.parts.some((p) => p.kind === 'verb' || p.kind === 'not' || p.kind === 'stop'))
    return true;
  // A command named by its name that is an infinitive asks as the verb does (`desactivar el bot`,
  // `vigilar 2060…`); a name that is also a noun (`factura`) does not.
  if (
    match.trigger.parts[0]?.kind === 'name' &&
    lexicon.verbAt(keys, match.start)?.forms.some((form) => form.form === 'infinitive' && asks(form))
  )
    return true;
  for (let at = from; at < match.start; at++) {
    if (lexicon.verbAt(keys, at)?.forms.some((form) => asks(form))) return true;
  }
  return false;
}

/** `RUC 2012… - Transportes Andinos`, `… de Distribuidora Los Álamos EIRL`: a company's name after its RUC. */
function nameNote(tokens: readonly Token[], at: number, slots: Slots): boolean {
  if (!slots['ruc']) return false;
  const rest = tokens.slice(at);
  const dash = rest[0]?.shape === 'punct' && /^[-:–—|]$/u.test(rest[0].text);
  const words = rest.filter((t) => t.shape === 'word');
  if (words.length === 0 || rest.some((t) => /\d/u.test(t.text))) return false;
  const named = words.some((t) => lexicon.is(t.key, 'legal-form') || lexicon.is(t.key, 'company-word'));
  const capitals = words.filter(
    (t) => /^\p{Lu}/u.test(t.text) && !lexicon.is(t.key, 'preposition') && !lexicon.is(t.key, 'article'),
  );
  const quoted = /^["“«']/u.test(rest[0]?.lead ?? '') || /^["“«']/u.test(rest[0]?.text ?? '');
  return dash || quoted
    ? words.length <= 8
    : named || (capitals.length >= 2 && capitals.length >= words.length - 2);
}
