import { UserError } from '../../errors/user-error.js';
import { numberWordAt } from './number.js';
import { ordinalOf } from './ordinal.js';
import { lexicon } from '../lexicon/index.js';
import type { WordClass } from '../lexicon/types.js';
import type { Token } from '../tokenize.js';
import type { GuideClauses, JobName } from './registry.js';
import type { SlotGrammar } from './types.js';

/*
 * The small grammars of single commands' arguments: a guide's clauses, invoice formats, a fund,
 * a schedule's job, a position in a list, a note, a help topic, a list of numbers. Words come from
 * the lexicon's classes; numbers and ordinals through their grammars.
 */

const textOf = (tokens: readonly Token[], start = 0, end = tokens.length) =>
  tokens
    .slice(start, end)
    .map((token) => token.text)
    .join(' ');

const is = (token: Token | undefined, ...classes: WordClass[]) =>
  token !== undefined && classes.some((cls) => lexicon.is(token.key, cls));

/** A pension fund's name (`habitat`, `Prima`). */
const fund: SlotGrammar<string> = {
  name: 'fund',
  find(tokens) {
    const at = tokens.findIndex((token) => is(token, 'fund'));
    if (at < 0) return undefined;
    const value = String(lexicon.entries(tokens[at]!.key).find((e) => e.class === 'fund')?.value);
    return { start: at, end: at + 1, result: { value }, because: ['fund'] };
  },
};

/** Words that carry nothing around a guide's clauses (`para`, `a los`, `sus`, `en formato`). */
const GLUE: readonly WordClass[] = [
  'article',
  'preposition',
  'possessive',
  'conjunction',
  'clitic',
  'courtesy',
  'thanks',
  'urgency',
  'addressee',
  'person-noun',
  'filler',
  'document-word',
];

const TELLS = new Set<WordClass>(['state-verb', 'report-verb']);
/** Courtesy and hurry, which a request may end with (`al toque`, `por favor`). */
const SAID_AROUND = new Set<WordClass>(['courtesy', 'urgency', 'thanks']);

/** A word that tells something (`está`, `fue`), or `ya` before one or before a verb (`ya salió`). */
function tellsAt(keys: readonly string[], at: number): boolean {
  if (lexicon.lengthAt(keys, at, TELLS) > 0) return true;
  const next = at + 1;
  return (
    keys[at] === 'ya' && (lexicon.lengthAt(keys, next, TELLS) > 0 || lexicon.verbAt(keys, next) !== undefined)
  );
}

/**
 * What staff write around a guide's reference: a send (`envíala al chofer`, `para mandar a los
 * choferes`, `reenviar`), the format (`en xml`), who it is for. Every word must be one of these,
 * or the line is not a guide request (`guía T001-43 para el lunes`). Sending needs a verb that
 * sends to someone else (not `mándamela`) or a driver as recipient (`al chofer`); `pasar` sends
 * only with a driver named; `para el chofer` alone is not a send.
 */
const guideClauses: SlotGrammar<GuideClauses> = {
  name: 'guide-clauses',
  find(tokens) {
    let verb: { lemma: string; resend: boolean; toMe: boolean } | undefined;
    let driver = false;
    let carrier = false;
    let format: 'xml' | 'pdf' | undefined;
    let preposition: string | undefined;
    const keys = tokens.map((t) => t.key);
    let end = tokens.length;
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]!;
      const sends = lexicon
        .verb(token.key)
        .find((form) => form.senses.includes('send') && form.form !== 'past');
      if (sends) {
        const reading = {
          lemma: sends.lemma,
          resend: sends.senses.includes('resend'),
          toMe: sends.addressee === 'me',
        };
        if (!verb?.toMe) verb = reading;
        continue;
      }
      const concept = lexicon.entries(token.key).find((e) => e.class === 'concept');
      // `al wsp del chofer`, `a su celular`: the channel the guide goes by.
      if (concept?.value === 'phone') continue;
      if (concept?.value === 'driver' || concept?.value === 'drivers' || concept?.value === 'carrier') {
        if (preposition === undefined && concept.value === 'carrier') carrier = true;
        else if (preposition === 'to') driver = true;
        preposition = undefined;
        continue;
      }
      // `…, ya está saliendo el camión`: a statement ends the clauses (the reader judges it).
      if (tellsAt(keys, i)) {
        end = i;
        break;
      }
      // `al toque`, `por favor`: courtesy and hurry in several words, said among the clauses.
      const around = lexicon.lengthAt(keys, i, SAID_AROUND);
      if (around > 1) {
        i += around - 1;
        continue;
      }
      const formatHit = lexicon.phrasesAt(keys, i, FORMAT)[0];
      if (formatHit) {
        format = formatHit.entry.value === 'xml' || format === 'xml' ? 'xml' : 'pdf';
        i += formatHit.length - 1;
        continue;
      }
      const toward = lexicon
        .entries(token.key)
        .find((e) => e.class === 'preposition' && e.value !== undefined);
      if (toward) preposition = String(toward.value);
      if (token.shape === 'emoji' || token.shape === 'punct') continue;
      if (
        !GLUE.some((cls) => lexicon.is(token.key, cls)) &&
        !is(token, 'addressee') &&
        token.key !== 'todos'
      ) {
        // The clauses end here; what follows is the line's, judged by the reader (a reason, chatter).
        end = i;
        break;
      }
    }
    if (end === 0) return undefined;
    const toOthers = verb !== undefined && !verb.toMe && (verb.lemma !== 'pasar' || driver);
    const send = verb === undefined ? driver : toOthers;
    // The XML and a send are two different requests: neither is guessed.
    if (format === 'xml' && send) return undefined;
    const value: GuideClauses = {
      send,
      force: send && verb?.resend === true,
      carrier,
      ...(format ? { format } : {}),
    };
    return { start: 0, end, result: { value }, because: ['guide-clauses'] };
  },
};

const FORMAT: ReadonlySet<WordClass> = new Set<WordClass>(['format']);

/** `en pdf`, `formato xml`: the formats named (several → the command refuses). */
const formats: SlotGrammar<ReadonlySet<'xml' | 'pdf'>> = {
  name: 'formats',
  find(tokens) {
    const found = new Set<'xml' | 'pdf'>();
    let start = -1;
    let end = -1;
    const keys = tokens.map((t) => t.key);
    for (let i = 0; i < tokens.length; i++) {
      const hit = lexicon.phrasesAt(keys, i, FORMAT)[0];
      const value = hit?.entry.value;
      if (hit && (value === 'xml' || value === 'pdf')) {
        found.add(value);
        start = start < 0 ? i : start;
        end = i + hit.length;
        i += hit.length - 1;
      }
    }
    if (found.size === 0) return undefined;
    // `en`, `formato` before the first format belong to it.
    while (start > 0 && is(tokens[start - 1], 'preposition', 'article')) start -= 1;
    return { start, end, result: { value: found }, because: ['formats'] };
  },
};

/** Words before a job that name the post (`el envío del tc`, `la publicación de las comisiones`). */
const BEFORE_JOB = new Set<WordClass>(['article', 'preposition', 'topic-noun', 'demonstrative']);

/**
 * The job a schedule posts: the exchange rate (`tc`, `tipo de cambio`) or the AFP rates, with the
 * words naming the post before it. One unknown word straight before a time (`programar dni 08:30`)
 * is a job Chasqui cannot post: `schedule-unknown-job`.
 */
const job: SlotGrammar<JobName> = {
  name: 'job',
  find(tokens) {
    const keys = tokens.map((token) => token.key);
    for (let at = 0; at < tokens.length; at++) {
      const hit = lexicon
        .phrasesAt(keys, at, new Set<WordClass>(['concept']))
        .find((h) => h.entry.value === 'exchange-rate' || h.entry.value === 'pension');
      if (!hit) continue;
      let end = at + hit.length;
      // `tipo de cambio sunat`, `afp de la sbs`
      for (let n = lexicon.lengthAt(keys, end, FILLERS); n > 0; n = lexicon.lengthAt(keys, end, FILLERS))
        end += n;
      let start = at;
      while (start > 0 && lexicon.lengthAt(keys, start - 1, BEFORE_JOB) > 0) start -= 1;
      const value: JobName = hit.entry.value === 'exchange-rate' ? 'tc' : 'afp';
      return { start, end, result: { value }, because: ['job'], ...(hit.entry.vague ? { vague: true } : {}) };
    }
    // `programar dni 08:30`: one word, then straight a time (not `la visita para las 10`).
    const [word, next] = tokens;
    if (word?.shape === 'word' && next && /^\d/u.test(next.text)) {
      const error = new UserError('schedule-unknown-job', { valor: word.text.slice(0, 30) });
      return { start: 0, end: 1, result: { error }, because: ['unknown-job'] };
    }
    return undefined;
  },
};
const FILLERS = new Set<WordClass>(['filler']);

/** A position in a list: `2`, `#2`, `2do`, `la segunda`, `dos`. */
const position: SlotGrammar<number> = {
  name: 'position',
  find(tokens) {
    for (let at = 0; at < tokens.length; at++) {
      const key = tokens[at]!.key;
      const value = /^\d{1,4}$/u.test(key) ? Number(key) : (ordinalOf(key) ?? numberWordAt([key], 0)?.value);
      if (value !== undefined && value >= 1)
        return { start: at, end: at + 1, result: { value }, because: ['position'] };
    }
    return undefined;
  },
};

/** Which scheduled post: its number in the list (`2`, `la segunda`) or its job (`el tc`). */
const scheduleTarget: SlotGrammar<{ position: number } | { job: JobName }> = {
  name: 'schedule-target',
  find(tokens, ctx) {
    const at = position.find(tokens, ctx);
    if (at && 'value' in at.result) return { ...at, result: { value: { position: at.result.value } } };
    const named = job.find(tokens, ctx);
    if (named && 'value' in named.result) return { ...named, result: { value: { job: named.result.value } } };
    return undefined;
  },
};

/** A note after a watched RUC (`proveedor de cemento`): free words, at most 80 characters. */
const watchNote: SlotGrammar<string> = {
  name: 'watch-note',
  find(tokens) {
    let start = 0;
    while (
      start < tokens.length &&
      (tokens[start]!.shape === 'punct' ||
        is(tokens[start], 'preposition', 'article') ||
        tokens[start]!.key === 'que')
    ) {
      start += 1;
    }
    if (start >= tokens.length) return undefined;
    return {
      start: 0,
      end: tokens.length,
      result: { value: textOf(tokens, start).slice(0, 80) },
      because: ['watch-note'],
    };
  },
};

/** A help topic: what follows `ayuda` (a command word, usually), at most 40 characters. */
const topic: SlotGrammar<string> = {
  name: 'topic',
  find(tokens) {
    let start = 0;
    while (
      start < tokens.length &&
      (is(tokens[start], 'preposition', 'article') || tokens[start]!.shape !== 'word')
    ) {
      start += 1;
    }
    const words = tokens.slice(start).filter((token) => token.shape !== 'emoji');
    if (words.length === 0) return undefined;
    const value = textOf(words)
      .replace(/^[/!.]+/u, '')
      .slice(0, 40);
    return { start, end: tokens.length, result: { value }, because: ['topic'] };
  },
};

/** Free text, all of the argument: only when the line is addressed to the bot (a test's echo). */
const text: SlotGrammar<string> = {
  name: 'text',
  find(tokens) {
    if (tokens.length === 0) return undefined;
    return { start: 0, end: tokens.length, result: { value: textOf(tokens) }, because: ['text'], weak: true };
  },
};

/** A pasted list of numbers (`lote …`): how many, after optional words naming them (`estos ruc:`). */
const idList: SlotGrammar<number> = {
  name: 'id-list',
  find(tokens) {
    const numbers = tokens.filter((token) => token.shape === 'number');
    if (numbers.length === 0) return undefined;
    const first = tokens.indexOf(numbers[0]!);
    const rest = tokens.slice(first);
    const between = (token: Token) =>
      token.shape === 'number' || token.shape === 'punct' || lexicon.is(token.key, 'conjunction');
    if (!rest.every(between)) return undefined;
    return { start: 0, end: tokens.length, result: { value: numbers.length }, because: ['id-list'] };
  },
};

export const COMMAND_GRAMMARS = {
  fund,
  'guide-clauses': guideClauses,
  formats,
  job,
  position,
  'schedule-target': scheduleTarget,
  'watch-note': watchNote,
  topic,
  'id-list': idList,
  text,
} as const;
