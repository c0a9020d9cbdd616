import { lexicon } from '../lexicon/index.js';
import type { VerbForm, WordClass } from '../lexicon/types.js';
import type { Token } from '../tokenize.js';
import { asks, saidInThePast } from './command-index.js';
import { agentBefore, subjectTells } from './subject.js';

/**
 * What the words around a request are, by class: lead-ins before the command word, edges around
 * the argument, statement words that make a line a remark, social lines. Every list here is a
 * set of lexicon classes; no word is written in this file.
 */

const set = (...classes: WordClass[]) => new Set<WordClass>(classes);

/** Said around a request without being part of it: `hola`, `porfa`, `gracias`, `causa`, `urgente`. */
export const SOCIAL = set(
  'greeting',
  'callout',
  'courtesy',
  'thanks',
  'regards',
  'addressee',
  'bot-name',
  'urgency',
  'apology',
  'farewell',
  'laughter',
  'interjection',
  'discourse',
);

/** Words that carry nothing at the edges of an argument (`de`, `el`, `N°`, `mi`, `nuevo`). */
const FUNCTION = set(
  'article',
  'preposition',
  'possessive',
  'demonstrative',
  'label',
  'qualifier',
  'conjunction',
  'owner-lead',
);

/** Before the command word: social words, asking words, function words (see `leadInLength`). */
const LEAD_IN = set(
  ...SOCIAL,
  ...FUNCTION,
  'ack',
  'clitic',
  'asking-noun',
  'question-word',
  'topic-noun',
  'attribute',
  'person-noun',
  'department',
  'place-here',
  'pronoun',
  'adverb',
  'auxiliary',
);

/** In a question, what is asked about is no statement: `¿está activo el ruc …?`, `¿a cuánto cerró?`. */
export const QUESTION = set(
  'state-verb',
  'state-adjective',
  'attribute',
  'rate-move',
  'question-word',
  'topic-noun',
  'auxiliary',
);

/** Verb senses that ask for something, so their forms may precede the command word (`mándame`). */
const ASKING_SENSES = new Set(['ask', 'need', 'modal', 'help', 'verify', 'search', 'show', 'send']);

/**
 * Trailing words that end a request without changing it: `porfa`, `gracias 🙏`, `bendiciones`.
 * Not an acknowledgement: `dni … ok` tells a colleague the number is fine.
 */
export const TAIL = set(...SOCIAL, 'adverb', 'spelled-letter');

/** Before a participle, words that make it tell (`fue enviada`, `ya anulada`, `está registrado`). */
const TELLING = set('state-verb', 'auxiliary', 'report-verb', 'adverb', 'negation');

const RELATIVE_DAY = set('relative-day');
const ACK = set('ack');
const STATE_VERB = set('state-verb');
const PART_OF_TIME = set('date-unit', 'day-part', 'weekday', 'relative-day');
const REASON = set('reason');
export const DETERMINER = set('article', 'possessive', 'demonstrative');

/** No word class: `tailStart` and `edgeLength` with nothing besides their own. */
export const NONE: ReadonlySet<WordClass> = set();
/** Words that tell rather than ask: `es`, `ya llegó`, `tenía`, `se informa que`. */
export const STATEMENT = set('state-verb', 'report-verb', 'telling');
const TELLS_WHAT_FOLLOWS = set('telling');
/** Senses that only ask: their first person asks too (`le encargo el ruc …`). */
const ASKING_ONLY: ReadonlySet<string> = new Set(['ask', 'need', 'modal']);

/** True for a token of marks alone (`-`, `→`) or emoji (`🙏`). */
export function isMark(token: Token | undefined): boolean {
  return token !== undefined && (token.shape === 'punct' || token.shape === 'emoji');
}

/** Length of the lexicon phrase of one of `classes` at `keys[at]` (0 when none). */
export function classAt(keys: readonly string[], at: number, classes: ReadonlySet<WordClass>): number {
  return lexicon.lengthAt(keys, at, classes);
}

/** An asking verb at `keys[at]` (`mándame`, `me puedes`, `necesito`), with its length. */
export function askingVerbAt(tokens: readonly Token[], keys: readonly string[], at: number): number {
  const verb = lexicon.verbAt(keys, at);
  if (!verb || (verb.length === 1 && reports(verb.forms, tokens[at]?.text ?? ''))) return 0;
  const agent = agentBefore(keys, at); // `el bot manda el tc …` tells what the bot does
  return verb.forms.some(
    (form) =>
      asks(form) &&
      form.senses.some((sense) => ASKING_SENSES.has(sense)) &&
      !(agent && subjectTells(keys, at, form)),
  )
    ? verb.length
    : 0;
}

/**
 * How many tokens from `at` are lead-in (0 when none): a lexicon phrase of a lead-in class, an
 * asking verb, marks and emoji, `hoy`; in a question also what is asked (`¿está habido el …`), and
 * a verb of state right after a question word (`cuál es el ruc …`, `qué tenemos`).
 */
export function leadInLength(
  tokens: readonly Token[],
  keys: readonly string[],
  at: number,
  question: boolean,
): number {
  const token = tokens[at];
  if (!token) return 0;
  if (isMark(token)) return 1;
  if (token.shape === 'number' || lexicon.is(keys[at] ?? '', 'negation')) return 0;
  if (perfectAt(keys, at)) return 0; // `he pedido el ruc …` tells what was done
  // `se informa que …`, `les comunico que …`: what follows is told, not asked.
  if (classAt(keys, at, TELLS_WHAT_FOLLOWS) > 0) return 0;
  if (toldAfterClitic(tokens, keys, at)) return 0; // `ya se envió la guía …`
  const afterQuestionWord = at > 0 && lexicon.is(keys[at - 1] ?? '', 'question-word');
  const asked = question || afterQuestionWord ? classAt(keys, at, QUESTION) : 0;
  const today = lexicon.phrasesAt(keys, at, RELATIVE_DAY).find((hit) => hit.entry.value === 0)?.length ?? 0;
  const lead = classAt(keys, at, LEAD_IN);
  // `ya vi el tc`, `recibido el ruc …`: what was seen or received is told, not asked for.
  const seen = lexicon.phrasesAt(keys, at, ACK).find((hit) => hit.entry.value === 'seen');
  if (seen && seen.length >= lead) return 0;
  return Math.max(lead, askingVerbAt(tokens, keys, at), asked, today);
}

/** Edge words at the start of an argument: function words, social words, labels, marks. */
export function edgeLength(
  tokens: readonly Token[],
  keys: readonly string[],
  at: number,
  question: boolean,
  ignored: ReadonlySet<WordClass>,
): number {
  const token = tokens[at];
  if (!token) return 0;
  if (isMark(token)) return 1;
  // `Nº 2012…` reads `No 2012…` after NFKC: a label only before a number.
  if (token.key === 'no' && /\d/u.test(tokens[at + 1]?.text ?? '')) return 1;
  return Math.max(
    classAt(keys, at, FUNCTION),
    classAt(keys, at, SOCIAL),
    classAt(keys, at, ignored),
    question ? classAt(keys, at, QUESTION) : 0,
  );
}

/** tailStart's scratch (one line's positions; a tail is found many times per message). */
let reachable = new Uint8Array(64);

/**
 * Where the ignorable tail of `tokens[from..]` starts: the smallest index from which the rest is a
 * chain of tail phrases (`muchas gracias de antemano 🙏` is `muchas gracias` + `de antemano` + 🙏).
 */
export function tailStart(
  tokens: readonly Token[],
  keys: readonly string[],
  from: number,
  extra: ReadonlySet<WordClass>,
): number {
  const end = tokens.length;
  if (reachable.length <= end) reachable = new Uint8Array(2 * end + 1);
  // 1 where the rest of the line from there is tail; only indexes this call wrote are read.
  const reach = reachable;
  reach[end] = 1;
  let first = end;
  for (let at = end - 1; at >= from; at--) {
    let ok = isMark(tokens[at]) && reach[at + 1] === 1;
    // Most words are no tail word at all: the phrases are listed only where one may start.
    const may = !ok && (classAt(keys, at, TAIL) > 0 || (extra.size > 0 && classAt(keys, at, extra) > 0));
    for (const hit of may ? lexicon.phrasesAt(keys, at) : []) {
      if ((TAIL.has(hit.entry.class) || extra.has(hit.entry.class)) && reach[at + hit.length] === 1) {
        // One word is tail only when all its readings are: `todos` may be the days of a schedule.
        ok =
          hit.length > 1 ||
          lexicon.entries(keys[at] ?? '').every((e) => TAIL.has(e.class) || extra.has(e.class));
        if (ok) break;
      }
    }
    reach[at] = ok ? 1 : 0;
    if (ok) first = at;
    else if (end - at > 24 && first === end) break; // nothing ignorable near the end
  }
  return first;
}

/**
 * A reading `se` cannot come before as a request: the writer's present, a command, or what is
 * done (`se registra a las 9`); what is asked or needed still asks (`se solicita la consulta del
 * RUC …`, `se requiere validar …`, `¿se puede ver …?`).
 */
function notAfterSe(form: VerbForm): boolean {
  if (form.form === 'present-1' || form.form === 'imperative') return true;
  return form.form === 'present-2' && !form.senses.some((sense) => ASKING_ONLY.has(sense));
}

/**
 * `se envió`, `ya se anuló`, `le envío`, `YA SE ENVIO`: after a clitic that is no article (or
 * after `ya`), a word that is also a noun (`envío`, `aviso`, `pedido`) is the verb, and a past or
 * first-person form of it with no asking reading tells what was done: rule `told-after-clitic`.
 */
export function toldAfterClitic(tokens: readonly Token[], keys: readonly string[], at: number): boolean {
  const before = keys[at - 1];
  if (before === undefined) return false;
  const clitic = lexicon.is(before, 'clitic') && !lexicon.is(before, 'article');
  if (!clitic && before !== 'ya') return false;
  const verb = lexicon.verbAt(keys, at);
  if (!verb || verb.length !== 1) return false;
  // `ya mande la guía` (typed without the accent): after `ya` the past, not the usted imperative.
  const paused = /[,;:.!?]$/u.test(tokens[at - 1]?.trail ?? '');
  if (!clitic && !paused && verb.forms.some((form) => form.form === 'past')) return true;
  // After `se` (see `notAfterSe`) no first person can be (`YA SE CONSULTO EL RUC …`: capitals drop
  // the accent of `consultó`), nor a command (`regístrese`), nor a question to someone (`se
  // registra a las 9`: what is done), unless it asks or says what may be done (`¿se puede ver …?`).
  const impersonal = before === 'se';
  const asking = (form: VerbForm) => form.form !== 'past' && !(impersonal && notAfterSe(form)) && asks(form);
  if (verb.forms.some(asking)) return false;
  if (impersonal && verb.forms.some((form) => form.form === 'past' || form.form === 'present-2')) return true;
  if (tokens[at]?.accented === true && verb.forms.some((form) => form.form === 'past')) return true;
  // `le envío`, `le paso` report the writer's doing; `le encargo`, `le consulto` ask.
  const doing = (form: VerbForm) => form.senses.some((sense) => !ASKING_ONLY.has(sense));
  const first = verb.forms.filter((form) => form.form === 'present-1');
  if (first.length === 0) return verb.forms.some((form) => form.form === 'past');
  return first.some((form) => !asks(form) && doing(form));
}

/**
 * A verb that tells: every reading an event (`llegó`, `vence`), a form typed with the accent of
 * the past (`mandé`, `envió`), or a past, participle or first-person reading with no asking one
 * (`mando`, `confirmo`, `anulada`); `mande` (no accent) may be the formal imperative, so it asks.
 */
function reports(forms: readonly VerbForm[], text: string): boolean {
  if (forms.every((form) => form.senses.includes('event'))) return true;
  if (saidInThePast(forms, text)) return true;
  const tells = (form: VerbForm) =>
    form.form === 'past' || form.form === 'participle' || (form.form === 'present-1' && !asks(form));
  return forms.some(tells) && !forms.some(asks);
}

/**
 * The statement word at `at`, if any: a verb of state outside a question (`el ruc ES …`), a report
 * (`ya llegó`, `tenía`), a verb form that tells (`mandé`, `vence`). `esta` before a part of time
 * is the demonstrative (`esta semana`), not `está`.
 */
export function statementAt(
  tokens: readonly Token[],
  keys: readonly string[],
  at: number,
  question: boolean,
): string | undefined {
  const k = keys[at] ?? '';
  const token = tokens[at];
  if (!token || token.shape !== 'word') return undefined;
  for (const hit of lexicon.phrasesAt(keys, at, STATEMENT)) {
    if (hit.entry.class === 'state-verb' && question) continue;
    if ((k === 'esta' || k === 'estas') && !token.accented && beforeTime(keys, at + 1)) continue;
    return hit.entry.class;
  }
  if (k === 'ya' && at + 1 < tokens.length) return 'report-verb';
  if (toldAfterClitic(tokens, keys, at)) return 'report';
  if (perfectAt(keys, at)) return 'report';
  const verb = lexicon.verbAt(keys, at);
  // `pa imprimir`, `para facturar`: an infinitive after a preposition says what for, not what happened.
  const purpose =
    verb?.forms.every((form) => form.form === 'infinitive') === true &&
    (lexicon.is(keys[at - 1] ?? '', 'preposition') || lexicon.is(keys[at - 1] ?? '', 'reason'));
  if (verb && verb.length === 1 && !purpose && reports(verb.forms, token.text)) {
    // In a question, what is asked about is no report (`¿está activo?`), and the present of an
    // event asks (`¿en qué grupos participas?`); a past still tells (typed `activó`, or only past).
    if (question && classAt(keys, at, QUESTION) > 0) return undefined;
    if (describesNoun(tokens, keys, at)) return undefined;
    if (question && askedState(keys, at)) return undefined;
    const isPast = (form: VerbForm) => form.form === 'past' || form.form === 'participle';
    const past = verb.forms.some(isPast) && (token.accented || verb.forms.every(isPast));
    if (!question || past) return 'report';
  }
  return undefined;
}

/**
 * A participle right after a noun describes it (`trabajadores registrados`, `el tc publicado`);
 * after a number or a verb it tells (`la F001-1 anulada`, `ya fue enviada`).
 */
export function describesNoun(tokens: readonly Token[], keys: readonly string[], at: number): boolean {
  const verb = lexicon.verbAt(keys, at);
  if (!verb || verb.length !== 1 || !verb.forms.every((form) => form.form === 'participle')) return false;
  const told = lexicon.verbAt(keys, at - 1) !== undefined || lexicon.lengthAt(keys, at - 1, TELLING) > 0;
  return tokens[at - 1]?.shape === 'word' && !told;
}

/** In a question, a participle after a verb of state asks about a state (`¿está anulada?`). */
export function askedState(keys: readonly string[], at: number): boolean {
  const verb = lexicon.verbAt(keys, at);
  const participle = verb !== undefined && verb.forms.every((form) => form.form === 'participle');
  return participle && lexicon.lengthAt(keys, at - 1, STATE_VERB) > 0;
}

/** `he pedido`, `hemos enviado`, `ya han llegado`: an auxiliary and a participle (what was done). */
export function perfectAt(keys: readonly string[], at: number): boolean {
  if (!lexicon.is(keys[at] ?? '', 'auxiliary')) return false;
  const next = lexicon.verbAt(keys, at + 1);
  return next !== undefined && next.forms.some((form) => form.form === 'participle');
}

/** A part of time follows (`esta semana`, `esta tarde`, `este lunes`). */
function beforeTime(keys: readonly string[], at: number): boolean {
  return classAt(keys, at, PART_OF_TIME) > 0;
}

/** Concepts that receive what is asked (`para el chofer`): said of the request, not why. */
const RECIPIENTS: ReadonlySet<string> = new Set(['driver', 'drivers', 'carrier']);
/** Words of time: `para el lunes` says when, not why. */
const TIME = set('weekday', 'relative-day', 'date-unit', 'day-part', 'month', 'unit-modifier');

/** A reason said after a complete request: `es para la cotización`, `que el cliente espera`. */
export function reasonAt(tokens: readonly Token[], keys: readonly string[], at: number): boolean {
  const hit = lexicon.phrasesAt(keys, at, REASON)[0];
  const length = hit?.length ?? 0;
  // `para que lo tengan …`, `para su conocimiento`: said so others know, not why it is asked.
  if (length === 0 || classAt(keys, at, STATEMENT) > length) return false;
  // `hay un trabajador que …` is someone waiting on it; `hay un error` tells.
  if (hit?.entry.value === 'someone' && !lexicon.is(keys[at + length] ?? '', 'person-noun')) return false;
  const next = keys[at + length] ?? '';
  // `pues` gives a reason only after a pause and before a clause (`…, pues la información …`);
  // else it is hurry (`sí pues`, `… del 7012… pues`).
  if (keys[at] === 'pues' && length === 1 && (!/,$/u.test(tokens[at - 1]?.trail ?? '') || next === ''))
    return false;
  // `que` + a verb in the past (`que me pasaste`, `q pasó`) is a relative clause or a question.
  if (length === 1 && lexicon.is(keys[at] ?? '', 'question-word')) {
    const verbAt = at + 1 + (lexicon.is(next, 'clitic') ? 1 : 0);
    const nextVerb = lexicon.verbAt(keys, verbAt);
    // After courtesy it says why (`… por favor que me olvidé de anotarlo`).
    const past = nextVerb?.forms.some((form) => form.form === 'past' || form.form === 'participle');
    if (past && !courtesyRightBefore(keys, at)) return false;
    // `que está mal parqueada`, `que sigue habido`: a state said of the thing, not why it is asked.
    const stateAt = verbAt + classAt(keys, verbAt, STATE_VERB);
    if (
      stateAt > verbAt &&
      (lexicon.is(keys[stateAt] ?? '', 'state-adjective') || participleAt(keys, stateAt))
    )
      return false;
  }
  // `para` + a recipient (`para el chofer`) or a time (`para el lunes`) is said of the request;
  // a thing is what it is for (`para la planilla`, `para la guía`).
  if (keys[at] === 'para' && length === 1) {
    let next = at + 1;
    while (classAt(keys, next, DETERMINER) > 0) next += 1;
    const said = (hit: { entry: { class: WordClass; value?: string | number } }) =>
      (hit.entry.class === 'concept' && RECIPIENTS.has(String(hit.entry.value))) || TIME.has(hit.entry.class);
    if (lexicon.phrasesAt(keys, next).some(said)) return false;
    if (/\d/u.test(tokens[next]?.text ?? '')) return false;
  }
  // A number in a reason is no identifier (`para la orden de compra 4512`), a long one may be.
  return !tokens.slice(at).some((token) => /\d{6,}/u.test(token.text.replace(/[.\s-]/gu, '')));
}

const COURTESY_WORDS: ReadonlySet<WordClass> = new Set(['courtesy']);
/** Courtesy (`porfa`, `por favor`) ends right before `at`. */
const courtesyRightBefore = (keys: readonly string[], at: number) => phraseEndsAt(keys, at, COURTESY_WORDS);

/** A phrase of `classes` (up to three words) ends right before `at`. */
export function phraseEndsAt(keys: readonly string[], at: number, classes: ReadonlySet<WordClass>): boolean {
  for (let from = Math.max(0, at - 3); from < at; from++)
    if (classAt(keys, from, classes) === at - from) return true;
  return false;
}

/** A participle at `at` (`parqueada`, `anulado`). */
function participleAt(keys: readonly string[], at: number): boolean {
  return (lexicon.verbAt(keys, at)?.forms ?? []).some((form) => form.form === 'participle');
}
