import { editDistance } from '../edit-distance.js';
import { lexicon } from '../lexicon/index.js';
import type { Token } from '../tokenize.js';
import type { CommandIndex, CommandMatch, ParsedTrigger } from './command-index.js';
import { leadInLength } from './line.js';
import { type Reading, rebased } from './reading.js';

/** Shortest command word a slip is forgiven on (`ce`, `tc`, `si` are too short to guess). */
const MIN_LENGTH = 3;
/** How far into a line the first word may be. */
const MAX_LEAD_IN = 16;

/** The one-word forms that name each command by itself: its name, and its concepts' words. */
function slipTargets(index: CommandIndex): Target[] {
  const out: Target[] = [];
  for (const trigger of index.triggers) {
    if (trigger.parts.length !== 1 || trigger.needs !== undefined) continue;
    if (trigger.command.argShape !== 'required') continue;
    const [part] = trigger.parts;
    const keys =
      part?.kind === 'name'
        ? [trigger.command.name]
        : part?.kind === 'concept'
          ? lexicon.keysOf('concept', part.id).filter((k) => !k.includes(' '))
          : [];
    for (const k of keys) if (k.length >= MIN_LENGTH && /^\p{L}+$/u.test(k)) out.push({ key: k, trigger });
  }
  return out;
}

type Target = { key: string; trigger: ParsedTrigger };
const targetsOf = new WeakMap<CommandIndex, Target[]>();
/** The targets one edit from a word, per index and word (bounded): unknown words repeat. */
const closeOf = new WeakMap<CommandIndex, Map<string, Target[]>>();

function closeTargets(index: CommandIndex, word: string): Target[] {
  let known = closeOf.get(index);
  if (!known) closeOf.set(index, (known = new Map()));
  let close = known.get(word);
  if (!close) {
    let targets = targetsOf.get(index);
    if (!targets) targetsOf.set(index, (targets = slipTargets(index)));
    close = targets.filter((target) => editDistance(word, target.key, 1) <= 1);
    if (known.size >= 1_024) known.clear();
    known.set(word, close);
  }
  return close;
}

/**
 * `rcu 2012…`, `pllaca ABC-123`: the first word past the lead-in, one edit from a command word,
 * read as that command only when its argument holds a valid value (never an error): a guess never
 * costs a credit on something that is not a valid identifier. Words near two commands are not guessed.
 */
export function slipOf(
  tokens: readonly Token[],
  keys: readonly string[],
  question: boolean,
  index: CommandIndex,
  judge: (match: CommandMatch) => { reading: Reading; request: boolean },
): Reading | undefined {
  let at = 0;
  for (
    let n = leadInLength(tokens, keys, at, question);
    n > 0 && at < MAX_LEAD_IN;
    n = leadInLength(tokens, keys, at, question)
  )
    at += n;
  const k = keys[at] ?? '';
  if (k.length < MIN_LENGTH || !/^\p{L}+$/u.test(k) || lexicon.entries(k).length > 0) return undefined;
  const close = closeTargets(index, k);
  const commands = new Set(close.map((target) => target.trigger.command.name));
  if (commands.size !== 1 || !close[0]) return undefined;
  const { trigger } = close[0];
  const judged = judge({ command: trigger.command, trigger, start: at, end: at + 1 });
  if (!judged.request || !judged.reading.args || !('value' in judged.reading.args)) return undefined;
  return rebased(judged.reading, [`slip:${k}`, ...judged.reading.because]);
}
