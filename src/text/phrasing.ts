import { fold } from './fold.js';

/**
 * The shared lexical rules of chat input (issue 11), one home for every command. The rule:
 * - before the command word, lead-in words are skipped: greetings, request verbs, articles and
 *   labels (`hola buenas, me ayudas con el ruc …`, `N° de RUC …`, `oye bot`, `consulta:`);
 * - around the argument, a run of courtesy words (`porfa`, `x fa`, `gracias!!`), emoji,
 *   punctuation, articles, labels (`N°`, `nro.`, `#`) and the command's own fillers is ignored
 *   at the start and at the end; the words in the middle stay, so `dni 4567… de la señora` is chatter;
 * - a line whose argument holds a statement word (`es`, `está`, `ya`, `llegó`…) is a remark to a
 *   colleague, not a request (`el ruc es 2012…`, `guia T002-77 ya llegó`).
 * Words are compared by `chatKey`: folded, without surrounding punctuation or emoji, and
 * abbreviation dots removed (`R.U.C.` = `ruc`, `T.C.` = `tc`, `tc?` = `tc`).
 */

const LEADING = /^[¿¡("'«“@*_~]+/u;
const TRAILING = /[?!,;.:)"'»”…*_~\p{Extended_Pictographic}\p{Emoji_Modifier}\u20E3]+$/u;
const ABBREVIATION = /^(?:\p{L}\.)+\p{L}?$/u;
const PLAIN = /^[a-z0-9]+$/;
/** A letter typed three times or more (`holaaa`, `graaacias`), or twice at the end of a long word (`porfaa`). */
const STRETCHED = /(\p{L})\1{2,}|(?<=\p{L}{3})(\p{L})\2$/u;

/**
 * Letters stretched for emphasis collapse to one (`holaa` → `hola`, `graciasss` → `gracias`);
 * short words (`cee`) and digits are left alone.
 */
function unstretch(word: string): string {
  return STRETCHED.test(word)
    ? word.replace(/(\p{L})\1{2,}/gu, '$1').replace(/(?<=\p{L}{3})(\p{L})\1$/u, '$1')
    : word;
}

/** The comparable form of one typed token: `R.U.C.:` → `ruc`, `¿tc?` → `tc`, `🙏` → ``, `*ruc*` → `ruc`. */
export function chatKey(token: string): string {
  if (PLAIN.test(token)) return unstretch(token); // the common case (`ruc`, digits)
  const bare = unstretch(fold(token).replace(LEADING, '').replace(TRAILING, ''));
  return ABBREVIATION.test(bare) ? bare.replace(/\./gu, '') : bare;
}

/** A set of words and multi-word phrases compared by `chatKey`, matched token by token. */
export class PhraseSet {
  readonly #phrases = new Set<string>();
  #longest = 1;

  constructor(...lists: readonly (readonly string[])[]) {
    for (const list of lists) for (const phrase of list) this.add(phrase);
  }

  add(phrase: string): void {
    const keys = phrase.split(/\s+/u).map(chatKey).filter(Boolean);
    if (keys.length === 0) return;
    this.#phrases.add(keys.join(' '));
    this.#longest = Math.max(this.#longest, keys.length);
  }

  has(key: string): boolean {
    return this.#phrases.has(key);
  }

  /** Length of the longest phrase starting at `keys[at]` (0 when none). */
  lengthAt(keys: readonly string[], at: number): number {
    for (let n = Math.min(this.#longest, keys.length - at); n > 0; n--) {
      if (this.#phrases.has(keys.slice(at, at + n).join(' '))) return n;
    }
    return 0;
  }

  /** True when `keys[at..at+n)` is one phrase of the set. */
  covers(keys: readonly string[], at: number, n: number): boolean {
    return n <= this.#longest && at + n <= keys.length && this.#phrases.has(keys.slice(at, at + n).join(' '));
  }

  /** Length of the longest phrase ending just before `keys[end]` (0 when none). */
  lengthBefore(keys: readonly string[], end: number): number {
    for (let n = Math.min(this.#longest, end); n > 0; n--) {
      if (this.#phrases.has(keys.slice(end - n, end).join(' '))) return n;
    }
    return 0;
  }
}

/** Said before or after a request, never part of it. */
// prettier-ignore
export const COURTESY: readonly string[] = [
  'porfa', 'porfas', 'porfavor', 'por favor', 'por fa', 'porfis', 'porfi', 'plis', 'pliss', 'pls',
  'plz', 'please', 'xfa', 'xfas', 'xfis', 'x fa', 'x favor', 'xfavor', 'gracias', 'grax', 'grcs',
  'muchas gracias', 'mil gracias', 'gracias de antemano', 'de antemano', 'thanks', 'thx', 'tks',
  'bendiciones', 'saludos', 'slds', 'bro', 'amigo', 'amiga', 'causa', 'jefe', 'jefa', 'estimado',
  'estimada', 'bot', 'chasqui', 'pe', 'pues', 'urgente', 'rapidito', 'nomas',
  'x fvr', 'xfv', 'xfvr', 'porfavorcito', 'se agradece', 'te agradezco', 'le agradezco', 'les agradezco',
  'agradezco', 'agradeceria', 'agradecere', 'muy amable', 'muy amables', 'gracias totales', 'cuando puedas',
  'cuando puedan', 'cuando pueda', 'lo antes posible', 'apenas puedas', 'asap', 'es urgente', 'please',
  'saludos cordiales', 'cordialmente', 'atte', 'un abrazo', 'abrazo', 'hermano', 'hno', 'compa', 'mano',
  'broder', 'ingeniero', 'inge', 'ing', 'doctor', 'dr', 'chicos', 'chicas', 'equipo',
];

/** Articles, prepositions and connectors that carry nothing at the edges of an argument. */
// prettier-ignore
export const FUNCTION_WORDS: readonly string[] = [
  'de', 'del', 'el', 'la', 'los', 'las', 'al', 'para', 'un', 'una', 'y', 'e', 'o', 'con', 'en', 'mi', 'su', 'sobre',
  'd', 'dl', // `tc d hoy`, `placa dl camión`: chat spellings of `de`, `del`
];

/**
 * Number labels: `N°`, `nro.`, `num.`, `número`, `#`. `Nº` is not listed: NFKC (the router's and
 * `fold`'s) turns it into `No`, which `cleanArgs` skips only before a number (`no` alone is a word).
 */
export const LABELS: readonly string[] = ['n°', 'n', 'nro', 'nr', 'num', 'numero', '#'];

/** Skipped before the command word: greetings, request verbs, articles, labels. */
// prettier-ignore
export const LEAD_IN: readonly string[] = [
  ...COURTESY, ...FUNCTION_WORDS, ...LABELS,
  'hola', 'holi', 'hello', 'hi', 'buenas', 'buenos', 'buen', 'dia', 'dias', 'tarde', 'tardes',
  'noche', 'noches', 'oye', 'oe', 'oigan', 'ey', 'hey', 'consulta', 'consultita', 'consultar',
  'consulto', 'pregunta', 'me', 'nos', 'le', 'ayudas', 'ayudan', 'ayudame', 'apoyas', 'apoyame',
  'dame', 'denme', 'dime', 'pasame', 'pasa', 'pasas', 'pasan', 'das', 'dan', 'sabes', 'necesito',
  'necesitamos', 'quiero', 'queria', 'quisiera', 'podrias', 'puedes', 'pueden', 'busca', 'buscame',
  'ver', 'veme', 'revisa', 'revisame', 'consultame', 'saca', 'sacame', 'averigua', 'cual', 'cuanto',
  'a', 'esta', 'es', 'que', 'q', 'lista', 'favor', 'ok', 'okey', 'oka',
  // people addressed, apologies, and the openers of a question (`chicos una consulta`, `disculpen`)
  'estimados', 'estimadas', 'senores', 'senoras', 'sres', 'srs', 'amigos', 'amigas', 'gente', 'colegas',
  'companeros', 'companeras', 'team', 'todos', 'todas', 'alguien', 'alguno', 'disculpa', 'disculpen',
  'disculpe', 'perdon', 'perdona', 'perdonen', 'permiso', 'preguntita', 'duda', 'dudita', 'consultas',
  'una', 'otra', 'otro', 'vez', 'tambien', 'ademas', 'asimismo', 'ahora', 'hoy', 'social',
  'disculpen la hora', 'disculpa la hora', 'disculpe la hora', 'perdon la hora', 'perdonen la hora',
  'de quien', 'a nombre de', 'a quien', 'cual es', 'cuales son', 'cual fue', 'que son', 'pertenece', 'pertenecen', 'como', 'se',
  'llama', 'cuales', 'cuantos', 'cuantas', 'donde', 'saber', 'decir', 'decirme', 'decirnos', 'dices',
  'dicen', 'hacer', 'haces', 'hacen', 'harias', 'harian', 'haria', 'estas', 'estamos',
  // what is asked of the identifier (`datos del ruc …`, `titular de la placa …`)
  'datos', 'dato', 'info', 'informacion', 'nombre', 'titular', 'propietario', 'dueno', 'categoria',
  'identificado', 'identificada', 'razon social', 'empresa', 'proveedor', 'cliente', 'persona',
  'trabajador', 'sr', 'sra', 'srta', 'senor', 'senora', 'senorita', 'don', 'dona',
];

/**
 * Verbs of state (`es`, `está`, `tiene`): in a statement they tell (`el ruc es 2012…`), in a
 * question they ask (`¿el ruc 2012… está habido?`).
 */
// prettier-ignore
const STATE_WORDS: readonly string[] = [
  'es', 'son', 'esta', 'estan', 'tiene', 'tienen', 'era', 'eran', 'estaba',
];

/** Words that make a line a remark about the identifier rather than a request for it. */
// prettier-ignore
export const STATEMENT_WORDS: ReadonlySet<string> = new Set([
  ...STATE_WORDS, 'fue', 'fueron', 'sera', 'seria', 'estuvo',
  'ya', 'llego', 'llegaron', 'salio', 'salieron', 'quedo', 'tenia', 'subio', 'bajo', 'cobra',
  'desconto', 'vencio', 'vence',
]);

/** How a rate moved, asked about (`¿a cuánto cerró el dólar?`, `¿el dólar a cuánto amaneció?`). */
const RATE_MOVES: readonly string[] = ['cerro', 'abrio', 'amanecio', 'estuvo', 'fue', 'quedo', 'anda', 'va'];

/** In a question, what is asked about an identifier: `¿de qué marca es?`, `¿está habido?`. */
// prettier-ignore
const QUESTION_WORDS = new PhraseSet(STATE_WORDS, FUNCTION_WORDS, RATE_MOVES, [
  'a', 'que', 'q', 'cual', 'cuales', 'quien', 'quienes', 'cuanto', 'cuantos', 'cuantas', 'donde', 'como',
  'activo', 'activa', 'habido', 'vigente', 'valido', 'valida', 'correcto', 'correcta', 'existe',
  'marca', 'modelo', 'color', 'dueno', 'titular', 'nombre', 'estado', 'condicion', 'queda', 'quedan',
  'carro', 'auto', 'vehiculo', 'camion', 'empresa', 'razon social', 'direccion', 'a nombre',
  'pertenece', 'deuda', 'deudas', 'trabajadores', 'locales', 'ruc', 'dni',
]);

/** Lead-ins only in a question: `¿tiene deuda coactiva el 2060…?`, `¿qué carro es la placa …?`. */
// prettier-ignore
const QUESTION_LEAD_IN = new PhraseSet(STATE_WORDS, [
  'activo', 'activa', 'habido', 'vigente', 'valido', 'valida', 'queda', 'quedan', 'carro', 'auto',
  'vehiculo', 'camion', 'marca', 'modelo', 'existe', 'figura', 'aparece', 'quien', 'quienes',
  'esta', ...RATE_MOVES,
]);

/**
 * `esta` before a part of time is the demonstrative (`esta semana`, `esta mañana`), not `está`:
 * folding cannot tell them apart, the next word can.
 */
const TIME_NOUNS: ReadonlySet<string> = new Set([
  'semana',
  'manana',
  'tarde',
  'noche',
  'madrugada',
  'quincena',
]);

function isStatementAt(keys: readonly string[], at: number): boolean {
  const key = keys[at] ?? '';
  return STATEMENT_WORDS.has(key) && !(key === 'esta' && TIME_NOUNS.has(keys[at + 1] ?? ''));
}

/**
 * Request verbs beside the listed ones, in the forms people use to ask: imperative, question and
 * infinitive, with `me`/`nos`/`le` attached (`mándame`, `me envías`, `puede pasarme`). Past and
 * first-person forms (`mandé`, `envío`, `pasé`) are left out: they report, they do not ask.
 */
const REQUEST_STEMS =
  'mand|envi|reenvi|pas|ayud|apoy|consult|busc|revis|sac|averigu|regal|compart|necesit|mostr|muestr|' +
  'indic|chequ|cheque|verific|valid|confirm|facilit|proporcion|brind|ubic|jal|alcanz|encarg|rastre';
/** Imperative, question, infinitive, conditional and gerund endings, with attached pronouns. */
const REQUEST_ENDINGS =
  'a|as|an|ame|anos|ale|ales|ar|arme|arnos|arle|arles|en|enme|eme|enos|ele|' +
  'aria|arias|arian|ariamos|ando|andome|andonos|asela|aselo|amelo|amela|enmelo|enmela';
const REQUEST_VERB = new RegExp(`^(?:${REQUEST_STEMS})(?:${REQUEST_ENDINGS})$`, 'u');

/**
 * Irregular request verbs and asking words (`puede`, `deme`, `usted`). `hay` and `tiene` are not:
 * `hay que programar el tc` and `tienes que…` tell a person, not the bot.
 */
// prettier-ignore
const REQUEST_WORDS: readonly string[] = [
  'da', 'dan', 'danos', 'dar', 'darme', 'darnos', 'den', 'deme', 'puede', 'podra', 'podras', 'podran',
  'podria', 'podrian', 'podriamos', 'queremos', 'quisieramos', 'gustaria', 'requiero', 'requerimos',
  'solicito', 'solicitamos', 'pido', 'pedimos', 'sabe', 'saben', 'sabran', 'digame', 'diganme', 'hazme', 'usted',
  'ustedes', 'ahi', 'aca', 'aqui', 'rapido', 'porfavorcito', 'fijate', 'fijame', 'chequeame', 'encargo',
  'encargamos', 'encarezco', 'te', 'les',
];

const leadIn = new PhraseSet(LEAD_IN, REQUEST_WORDS);
const edges = new PhraseSet(COURTESY, FUNCTION_WORDS, LABELS);
const courtesy = new PhraseSet(COURTESY);
/** `N°20123456786`, `#2`, `nro.20…`: a label glued to its number. */
const GLUED_LABEL = /^(n°|nº|no\.|nro\.?|num\.?|#)(\d.*)$/iu;

/** True when `key` may precede the command word. */
export function isLeadIn(key: string): boolean {
  return leadIn.has(key) || REQUEST_VERB.test(key);
}

/**
 * How many words from `keys[at]` on are lead-in (0 when none): a listed phrase (`por favor`,
 * `a nombre de`), a request verb, a token with no word in it (an emoji), and in a question the
 * verbs of state and what is asked (`¿está activo el ruc …?`).
 */
export function leadInLength(keys: readonly string[], at: number, question = false): number {
  const key = keys[at] ?? '';
  if (key === '') return at < keys.length ? 1 : 0;
  return Math.max(
    leadIn.lengthAt(keys, at),
    REQUEST_VERB.test(key) ? 1 : 0,
    question ? QUESTION_LEAD_IN.lengthAt(keys, at) : 0,
  );
}

/** Asking words that speak for the writer (`me`, `necesito`); `le`/`les` ask for someone else. */
// prettier-ignore
const FOR_ME = new Set([
  'me', 'nos', 'necesito', 'necesitamos', 'necesitaria', 'quiero', 'queremos', 'queria', 'quisiera',
  'quisieramos', 'requiero', 'requerimos', 'solicito', 'solicitamos', 'pido', 'pedimos', 'gustaria',
]);

/**
 * True when the words before the command word ask for it on the writer's behalf (`me confirmas el
 * ruc …`, `necesitamos validar el ruc …`): such a line is a request even with words after the
 * identifier (`… del proveedor`). A verb for a third person (`pásale`, `le mandas`) is not.
 */
export function asksForMe(before: readonly string[]): boolean {
  let mine = false;
  for (const key of before) {
    if (key === 'le' || key === 'les' || /(?:le|les|sela|selo|selas|selos)$/u.test(key)) {
      if (REQUEST_VERB.test(key) || key === 'le' || key === 'les') return false;
    }
    if (FOR_ME.has(key) || (/(?:me|nos|melo|mela)$/u.test(key) && REQUEST_VERB.test(key))) mine = true;
  }
  return mine;
}

/** Splits on spaces, drops emoji/punctuation-only tokens, splits labels glued to numbers. */
export function chatTokens(text: string): string[] {
  const out: string[] = [];
  for (const token of text.split(' ')) {
    if (token === '' || chatKey(token) === '') continue;
    const glued = GLUED_LABEL.exec(token);
    if (glued) out.push(glued[1] ?? '', glued[2] ?? '');
    else out.push(token);
  }
  return out;
}

export interface ArgsGrammar {
  /** The command's own ignorable words (`sunat` for tc), beside the shared lists. */
  fillers: PhraseSet;
  /** Free text (`buscar`): only courtesy is trimmed, articles belong to company names. */
  literal: boolean;
}

export interface CleanArgs {
  /** The argument without the ignorable edges, tokens joined by one space. */
  text: string;
  /** Keys of the remaining tokens. */
  keys: string[];
  /** A statement word is present: an unaddressed line is a remark, not a request. */
  statement: boolean;
}

/** The longest phrase of any set, for bounding the tail search. */
const TAIL_SPAN = 6;

/**
 * Where the ignorable tail of `keys[start..]` begins: the smallest index from which the rest is a
 * chain of phrases (`muchas gracias de antemano` is `muchas gracias` + `de antemano`, which a
 * greedy longest-first trim from the end would miss).
 */
function ignorableTail(keys: readonly string[], start: number, sets: readonly PhraseSet[]): number {
  const end = keys.length;
  const reach: boolean[] = [];
  reach[end] = true;
  let first = end;
  for (let at = end - 1; at >= start; at--) {
    let ok = false;
    for (let n = 1; n <= TAIL_SPAN && at + n <= end && !ok; n++) {
      ok = reach[at + n] === true && sets.some((set) => set.covers(keys, at, n));
    }
    reach[at] = ok;
    if (ok) first = at;
    else if (end - at > 4 * TAIL_SPAN && first === end) break; // nothing ignorable near the end
  }
  return first;
}

/**
 * Trims ignorable runs at both edges of an argument (module rule above). In a `question` the
 * verbs of state are not statement words: `¿el ruc 2012… está habido?` asks.
 */
export function cleanArgs(raw: string, grammar: ArgsGrammar, question = false): CleanArgs {
  const tokens = chatTokens(raw);
  const keys = tokens.map(chatKey);
  const skip = (at: number) =>
    grammar.literal
      ? courtesy.lengthAt(keys, at)
      : Math.max(
          edges.lengthAt(keys, at),
          grammar.fillers.lengthAt(keys, at),
          question ? QUESTION_WORDS.lengthAt(keys, at) : 0,
        ) || (keys[at] === 'no' && /\d/u.test(keys[at + 1] ?? '') ? 1 : 0);
  // In a question, what is asked is not part of the argument: `2012… está habido`, `a cuánto`.
  const sets = grammar.literal
    ? [courtesy]
    : question
      ? [edges, grammar.fillers, QUESTION_WORDS]
      : [edges, grammar.fillers];
  let start = 0;
  for (let n = skip(start); n > 0 && start < keys.length; n = skip(start)) start += n;
  const end = ignorableTail(keys, start, sets);
  const kept = keys.slice(start, end);
  return {
    text: tokens.slice(start, end).join(' '),
    keys: kept,
    statement:
      !grammar.literal &&
      kept.some((key, at) => isStatementAt(kept, at) && !(question && STATE_WORDS.includes(key))),
  };
}

/**
 * The words the attempt rule sees: keywords the command understands (`enviar`) and connectors
 * between two identifiers (`dni 4567… y 4123…`, answered "one at a time") are not chatter words.
 */
export function attemptWords(
  keys: readonly string[],
  tokens: readonly string[],
  keywords: PhraseSet,
  question = false,
): string {
  const out: string[] = [];
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] ?? '';
    if (keywords.has(key)) continue;
    if (question && QUESTION_WORDS.has(key)) continue; // `¿la placa … de qué marca es?`
    const between = /\d/u.test(tokens[i - 1] ?? '') && /\d/u.test(tokens[i + 1] ?? '');
    if (between && (key === 'y' || key === 'o' || key === 'e')) continue;
    out.push(tokens[i] ?? '');
  }
  return out.join(' ');
}

/** A value someone quotes (`3.79`, `3,7120`, `S/ 3.79`, `10%`): a rate or share, not a date or period. */
export function isQuotedValue(keys: readonly string[]): boolean {
  return keys.some((key) => /^(s\/)?\d[.,]\d{2,4}$/u.test(key) || key.includes('%') || key === 's/');
}
