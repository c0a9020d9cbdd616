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

const LEADING = /^[¿¡("'«“@]+/u;
const TRAILING = /[?!,;.:)"'»”…\p{Extended_Pictographic}\p{Emoji_Modifier}\u20E3]+$/u;
const ABBREVIATION = /^(?:\p{L}\.)+\p{L}?$/u;
const PLAIN = /^[a-z0-9]+$/;

/** The comparable form of one typed token: `R.U.C.:` → `ruc`, `¿tc?` → `tc`, `🙏` → ``. */
export function chatKey(token: string): string {
  if (PLAIN.test(token)) return token; // the common case (`ruc`, digits), without regexes below
  const bare = fold(token).replace(LEADING, '').replace(TRAILING, '');
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
  'estimada', 'bot', 'chasqui', 'pe', 'pues', 'urgente', 'rapidito', 'ok', 'okey', 'nomas',
];

/** Articles, prepositions and connectors that carry nothing at the edges of an argument. */
// prettier-ignore
export const FUNCTION_WORDS: readonly string[] = [
  'de', 'del', 'el', 'la', 'los', 'las', 'al', 'para', 'un', 'una', 'y', 'e', 'o', 'con', 'en', 'mi', 'su', 'sobre',
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
  'a', 'esta', 'es', 'que', 'q', 'lista', 'favor',
];

/** Words that make a line a remark about the identifier rather than a request for it. */
// prettier-ignore
export const STATEMENT_WORDS: ReadonlySet<string> = new Set([
  'es', 'son', 'era', 'eran', 'fue', 'fueron', 'sera', 'seria', 'esta', 'estan', 'estaba', 'estuvo',
  'ya', 'llego', 'llegaron', 'salio', 'salieron', 'quedo', 'tiene', 'tenia', 'subio', 'bajo', 'cobra',
  'desconto', 'vencio', 'vence',
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
  'mand|envi|pas|ayud|apoy|consult|busc|revis|sac|averigu|regal|compart|necesit|mostr|muestr|' +
  'indic|chequ|verific|valid|confirm|facilit|proporcion|brind|ubic|jal|alcanz';
const REQUEST_VERB = new RegExp(
  `^(?:${REQUEST_STEMS})(?:a|as|an|ame|anos|ale|ales|ar|arme|arnos|arle|arles|en|enme|eme|enos|ele)$`,
  'u',
);

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

/** Trims ignorable runs at both edges of an argument (module rule above). */
export function cleanArgs(raw: string, grammar: ArgsGrammar): CleanArgs {
  const tokens = chatTokens(raw);
  const keys = tokens.map(chatKey);
  const skip = (at: number) =>
    grammar.literal
      ? courtesy.lengthAt(keys, at)
      : Math.max(edges.lengthAt(keys, at), grammar.fillers.lengthAt(keys, at)) ||
        (keys[at] === 'no' && /\d/u.test(keys[at + 1] ?? '') ? 1 : 0);
  const skipBack = (end: number) =>
    grammar.literal
      ? courtesy.lengthBefore(keys, end)
      : Math.max(edges.lengthBefore(keys, end), grammar.fillers.lengthBefore(keys, end));
  let start = 0;
  for (let n = skip(start); n > 0 && start < keys.length; n = skip(start)) start += n;
  let end = keys.length;
  for (let n = skipBack(end); n > 0 && end > start; n = skipBack(end)) end -= n;
  const kept = keys.slice(start, end);
  return {
    text: tokens.slice(start, end).join(' '),
    keys: kept,
    statement: !grammar.literal && kept.some((_, at) => isStatementAt(kept, at)),
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
): string {
  const out: string[] = [];
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] ?? '';
    if (keywords.has(key)) continue;
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
