import type { JobName } from '../../src/scheduler/port.js';
import { chatKey } from '../../src/text/phrasing.js';

/**
 * The job a `programar` / `desprogramar` line names, as staff write it: `tc`, `T.C.`, `tipo de
 * cambio (sunat)`, `la publicación del tc`, `afp`, `comisiones de afp`. Words are compared by
 * `chatKey`; only articles and "the post of" words may come before the job.
 */

const JOB_PHRASES: readonly (readonly [string, JobName])[] = [
  ['tc', 'tc'],
  ['t/c', 'tc'],
  ['tipo de cambio', 'tc'],
  ['tipo cambio', 'tc'],
  ['tipo del cambio', 'tc'],
  ['dolar', 'tc'],
  ['precio del dolar', 'tc'],
  ['afp', 'afp'],
  ['afps', 'afp'],
  ['comisiones afp', 'afp'],
  ['comisiones de afp', 'afp'],
  ['comisiones de la afp', 'afp'],
  ['comisiones de las afp', 'afp'],
  ['comisiones de las afps', 'afp'],
  ['comision afp', 'afp'],
  ['comision de afp', 'afp'],
  ['comisiones', 'afp'],
  ['comision', 'afp'],
];
const PHRASES = JOB_PHRASES.map(([phrase, job]) => ({ keys: phrase.split(' '), job })).sort(
  (a, b) => b.keys.length - a.keys.length,
);

/**
 * Words that name a job only in a line that is otherwise a schedule: `las comisiones de los
 * vendedores para el 5` or `el dólar subió a las 8` are not about the posts.
 */
const VAGUE = new Set(['comisiones', 'comision', 'dolar']);

/** Said after the job without changing it (`tipo de cambio sunat`, `afp de la sbs`). */
const JOB_SUFFIXES: readonly (readonly string[])[] = [['sunat'], ['sbs'], ['de', 'la', 'sbs'], ['oficial']];

/** Before the job: articles and the words for "the post of" (`la publicación del tc`). */
// prettier-ignore
const LEADING = new Set([
  'el', 'la', 'los', 'las', 'lo', 'un', 'una', 'de', 'del', 'al', 'publicacion', 'publicaciones',
  'envio', 'mensaje', 'post', 'reporte', 'aviso', 'automatico', 'automatica',
]);

export interface JobMention {
  job: JobName;
  /** Token range of the job phrase (suffix included). */
  start: number;
  end: number;
  /** Where the words before it stop being articles/fillers. */
  lead: number;
}

function phraseAt(
  keys: readonly string[],
  at: number,
): { job: JobName; end: number; vague: boolean } | undefined {
  const phrase = PHRASES.find(({ keys: words }) => words.every((word, i) => keys[at + i] === word));
  if (!phrase) return undefined;
  let end = at + phrase.keys.length;
  const suffix = JOB_SUFFIXES.find((words) => words.every((word, i) => keys[end + i] === word));
  if (suffix) end += suffix.length;
  return { job: phrase.job, end, vague: phrase.keys.length === 1 && VAGUE.has(phrase.keys[0] ?? '') };
}

/** The first job named in `words` (tokens of the argument): `leading` when only fillers precede it. */
export function findJob(words: readonly string[]): (JobMention & { leading: boolean }) | undefined {
  const keys = words.map(chatKey);
  let lead = 0;
  while (lead < keys.length && LEADING.has(keys[lead] ?? '')) lead++;
  for (let i = 0; i < keys.length; i++) {
    const found = phraseAt(keys, i);
    if (!found) continue;
    // A vague word (`comisiones`) leads only in a line that is otherwise a schedule (see VAGUE).
    const leading = i <= lead && !found.vague;
    return { job: found.job, start: i, end: found.end, lead: Math.min(lead, i), leading };
  }
  return undefined;
}

/** The argument without the job and the fillers before it: what says when. */
export function withoutJob(words: readonly string[], mention: JobMention): string {
  return [...words.slice(mention.lead, mention.start), ...words.slice(mention.end)].join(' ');
}

/** The first word that is not an article, for `No sé programar «…»`. */
export function firstWord(words: readonly string[]): string | undefined {
  return words.find((word) => !LEADING.has(chatKey(word))) ?? words[0];
}
