import { commands } from '../../commands/index.js';
import { rucCheckDigit } from '../../src/language/grammars/identifiers/ruc.js';
import { dniCheckDigit } from '../../src/language/grammars/identifiers/dni.js';
import { lexicon } from '../../src/language/lexicon/index.js';
import { VERBS } from '../../src/language/lexicon/es/verbs.js';
import { WORD_CLASSES } from '../../src/language/lexicon/types.js';
import { verbForms } from '../../src/language/morphology.js';

/**
 * Seeded hostile messages for the language layer: every lexicon form and command word shuffled
 * with identifiers (valid and not), huge numbers, runs of separators, mentions, quotes, prefixes,
 * many lines and random Unicode (emoji and ZWJ sequences, RTL scripts, zero-width and bidi marks,
 * combining marks, lone surrogates, controls). The same seed and case give the same text, so a
 * failure names what to replay. Used by the understand() fuzz test and the `language` bench.
 */

/** The bot's own number in these messages (a mention of it addresses the bot). */
export const SELF_DIGITS = '51900000000';

/** sfc32: a small, fast PRNG with a 128-bit state; `seed` and `stream` pick the sequence. */
export function prng(seed: number, stream = 0): () => number {
  let a = seed >>> 0;
  let b = (stream * 0x9e3779b9) >>> 0;
  let c = 0x243f6a88;
  let d = 1;
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  return next;
}

type Rng = () => number;
const int = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
const digits = (rng: Rng, n: number) => Array.from({ length: n }, () => String(int(rng, 0, 9))).join('');

/** Every written form the lexicon reads (all classes), every verb form, every command name. */
export const WORDS: readonly string[] = [
  ...new Set([
    ...WORD_CLASSES.flatMap((cls) => lexicon.ofClass(cls).flatMap((entry) => entry.forms)),
    ...VERBS.flatMap((lemma) =>
      [...verbForms(lemma).keys()].map((form) => `${form} ${lemma.tail ?? ''}`.trim()),
    ),
    ...commands.map((command) => command.name),
  ]),
];

/** Words that name a command: command names and every concept's forms (`ruc`, `tipo de cambio`). */
const COMMAND_WORDS: readonly string[] = [
  ...commands.map((command) => command.name),
  ...lexicon.ofClass('concept').flatMap((entry) => entry.forms),
];

/** A line shaped like a request: a few words, a command word, an identifier, a few words. */
function requestLike(rng: Rng): string {
  const words = (n: number) => Array.from({ length: n }, () => pick(rng, WORDS));
  return [...words(int(rng, 0, 3)), pick(rng, COMMAND_WORDS), identifier(rng), ...words(int(rng, 0, 2))].join(
    ' ',
  );
}

function validRuc(rng: Rng): string {
  const first = pick(rng, ['10', '15', '16', '17', '20']) + digits(rng, 8);
  return `${first}${rucCheckDigit(first)}`;
}

function identifier(rng: Rng): string {
  const dni = digits(rng, 8);
  const letters = () =>
    Array.from({ length: int(rng, 1, 3) }, () => String.fromCharCode(int(rng, 65, 90))).join('');
  return pick(rng, [
    () => validRuc(rng),
    () => `${validRuc(rng).slice(0, 10)}${int(rng, 0, 9)}`,
    () => digits(rng, int(rng, 1, 14)),
    () => dni,
    () => `${dni.slice(0, 4)} ${dni.slice(4)}`,
    () => `${dni}-${dniCheckDigit(dni).letter}`,
    () => `${letters()}${int(rng, 0, 9)}${letters()}-${digits(rng, 3)}`,
    () => `${pick(rng, ['T', 'F', 'B', 'E'])}${digits(rng, 3)}-${digits(rng, int(rng, 1, 8))}`,
    () => `${int(rng, 1, 31)}/${int(rng, 1, 12)}/${int(rng, 1990, 2040)}`,
    () => `${int(rng, 0, 23)}h${digits(rng, 2)}`,
    () => `9${digits(rng, 8)}`,
    () => `+51 9${digits(rng, 2)} ${digits(rng, 3)} ${digits(rng, 3)}`,
    () => `${digits(rng, 2)}.${digits(rng, 3)}.${digits(rng, 3)}.${digits(rng, 3)}`,
  ])();
}

/** Numbers no form was written for: thousands of digits, exponents, other scripts' digits. */
function hugeNumber(rng: Rng, budget: number): string {
  return pick(rng, [
    () => digits(rng, int(rng, 12, Math.max(12, Math.min(budget, 4000)))),
    () => '9'.repeat(int(rng, 16, 400)),
    () => `1e${int(rng, 20, 400)}`,
    () => `-${digits(rng, 30)}.${digits(rng, 30)}`,
    () => '٢٠١٢٣٤٥٦٧٨٦',
    () => '２０１２３４５６７８６',
    () => `${digits(rng, 3)},${digits(rng, 3)},${digits(rng, 3)},${digits(rng, 3)}`,
  ])();
}

/** Ranges of code points that have broken text handling somewhere. */
const RANGES: readonly [number, number][] = [
  [0x20, 0x7e], // ASCII
  [0xa0, 0x24f], // Latin-1 and Latin Extended
  [0x300, 0x36f], // combining marks
  [0x590, 0x5ff], // Hebrew (RTL)
  [0x600, 0x6ff], // Arabic (RTL)
  [0x900, 0x97f], // Devanagari
  [0xe00, 0xe7f], // Thai
  [0x4e00, 0x9fff], // CJK
  [0xff01, 0xff5e], // full-width forms
  [0x1d400, 0x1d7ff], // mathematical letters (𝐫𝐮𝐜)
  [0x1f300, 0x1faff], // emoji
  [0x0, 0x1f], // controls
  [0x200b, 0x200f], // zero-width and direction marks
  [0x202a, 0x202e], // bidi embeddings and overrides
  [0x2060, 0x2069], // word joiner, bidi isolates
  [0xd800, 0xdfff], // lone surrogates
  [0xfe00, 0xfe0f], // variation selectors
];
const SEQUENCES = ['👨‍👩‍👧', '🇵🇪', '👍🏽', '1️⃣', '\uFEFF', '\u00AD', 'é', 'n\u0303', '\u2028', '\u0085'];

function unicodeRun(rng: Rng, length: number): string {
  let out = '';
  while (out.length < length) {
    if (rng() < 0.1) out += pick(rng, SEQUENCES);
    else {
      const [low, high] = pick(rng, RANGES);
      out += String.fromCharCode(...codeUnits(int(rng, low, high)));
    }
  }
  return out;
}

/** A code point as UTF-16 code units (lone surrogates stay lone). */
function codeUnits(point: number): number[] {
  if (point < 0x10000) return [point];
  const offset = point - 0x10000;
  return [0xd800 + (offset >> 10), 0xdc00 + (offset & 0x3ff)];
}

const SEPARATORS = [
  '-',
  '.',
  ',',
  ';',
  ':',
  '/',
  '\\',
  '|',
  '_',
  '*',
  '~',
  '=',
  '#',
  '…',
  '—',
  ' ',
  '\t',
  '\u00A0',
  '\u3000',
];
const QUOTES = ['"', '“', '”', '«', '»', "'", '`', '‘', '’', '(', ')', '[', ']'];
const LINE_BREAKS = ['\n', '\r\n', '\r', '\u2028', '\u2029', '\n\n\n'];

/** One piece of a message; `budget` caps the long ones. */
function piece(rng: Rng, budget: number): string {
  const roll = rng();
  if (roll < 0.12) return requestLike(rng);
  if (roll < 0.45) return pick(rng, WORDS);
  if (roll < 0.6) return identifier(rng);
  if (roll < 0.65) return hugeNumber(rng, budget);
  if (roll < 0.7) return pick(rng, SEPARATORS).repeat(int(rng, 1, Math.max(1, Math.min(budget, 800))));
  if (roll < 0.78) return unicodeRun(rng, int(rng, 1, Math.max(1, Math.min(budget, 40))));
  if (roll < 0.83) return pick(rng, [`@${SELF_DIGITS}`, `@519${digits(rng, 8)}`, '@', '@@12', '@bot']);
  if (roll < 0.9) {
    const quote = pick(rng, QUOTES);
    return `${quote}${pick(rng, WORDS)} ${pick(rng, WORDS)}${pick(rng, QUOTES)}`;
  }
  if (roll < 0.95) return `${pick(rng, ['/', '!', '.', '¿', '¡', '¿¡', '/ '])}${pick(rng, WORDS)}`;
  return pick(rng, LINE_BREAKS);
}

/**
 * How long case `i` is: mostly chat-sized, some pastes, a few near WhatsApp's 64 KiB cap (2% of
 * the cases: a long message costs ~80 short ones, and the fuzz test must stay under 20 s).
 */
function targetLength(rng: Rng, maxLength: number): number {
  const roll = rng();
  if (roll < 0.7) return int(rng, 0, 80);
  if (roll < 0.92) return int(rng, 80, 2_000);
  if (roll < 0.98) return int(rng, 2_000, 16_384);
  return int(rng, 16_384, maxLength);
}

/** The message of `seed`/`index`, at most `maxLength` UTF-16 units (64 KiB by default). */
export function hostileText(seed: number, index: number, maxLength = 65_536): string {
  const rng = prng(seed, index + 1);
  const length = targetLength(rng, maxLength);
  const manyLines = rng() < 0.15;
  const parts: string[] = [];
  let size = 0;
  while (size < length) {
    const next =
      manyLines && rng() < 0.3
        ? pick(rng, LINE_BREAKS)
        : `${piece(rng, length - size)}${rng() < 0.85 ? ' ' : ''}`;
    parts.push(next);
    size += next.length;
  }
  const text = parts.join('');
  return text.length > length ? text.slice(0, length) : text;
}

/** WhatsApp's cap on one message, the size the long samples fill. */
const FULL = 65_536;

/** Repeats `unit` (joined by `glue`) until `size` UTF-16 units. */
function fill(unit: (i: number) => string, glue: string, size = FULL): string {
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < size; i++) {
    const part = unit(i);
    parts.push(part);
    length += part.length + glue.length;
  }
  return parts.join(glue).slice(0, size);
}

/**
 * Named worst cases at 64 KiB for the `language` bench: what a paste, a spammer or a broken
 * client can send. Each stresses another part (line cap, tokenizer, lexicon, request cap).
 */
export function hostileSamples(seed = 18): Record<string, string> {
  const rng = prng(seed, 0);
  const request = (i: number) =>
    `${pick(rng, ['ruc', 'placa', 'dni', 'tc', 'guia'])} ${identifier(rng)} ${i}`;
  return {
    'one line of lexicon words': fill(() => pick(rng, WORDS), ' '),
    '40 lines of words and requests': fill(
      (i) => `${request(i)} ${fill(() => pick(rng, WORDS), ' ', 1_600)}`,
      '\n',
    ),
    '1,000+ short request lines': fill(request, '\n'),
    'emoji, RTL, zero-width, combining': unicodeRun(rng, FULL),
    'separator runs before a letter': fill(() => `${pick(rng, SEPARATORS).repeat(599)}a`, '\n'),
    'emoji runs before a letter': fill(() => `${'👍'.repeat(299)}a`, ' '),
    'one number of 64 KiB digits': `ruc ${digits(rng, FULL - 4)}`,
    'mentions and quotes': fill(() => `@${SELF_DIGITS} “${pick(rng, WORDS)}” @519${digits(rng, 8)}`, ' '),
  };
}
