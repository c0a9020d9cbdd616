import { closestWord } from '../../language/index.js';
import { fold } from '../../text/fold.js';
import { cutText } from '../error-reply.js';
import { answer, type RouterDeps, type Stage } from './turn.js';

/** The words the unknown-command reply may suggest: every command's name. */
const names = new WeakMap<RouterDeps, string[]>();

/**
 * A message addressed to the bot that asks for no command (thanks were let go at understand): a
 * greeting gets a short hello pointing to `ayuda`; anything else "no conozco…" with the closest
 * command word (never echoing the bot's own number).
 */
export const social: Stage = {
  name: 'social',
  run(turn, deps) {
    const reading = turn.reading;
    if (!reading || reading.act === 'request') return undefined;
    const because = reading.because;
    if (reading.act === 'greeting') {
      const result = { outcome: 'ok', reason: 'greeting', because } as const;
      return answer(turn, deps, 'saludo', { nombre: turn.message.senderName }, result);
    }
    let candidates = names.get(deps);
    if (!candidates) names.set(deps, (candidates = [...deps.commands.keys()].map(fold)));
    const word = reading.word ?? '';
    const suggested = closestWord(fold(word), candidates);
    // Never echo the bot's own number or LID (e.g. a mention glued to a word: `@519000…abc`).
    const echoesSelf = turn.selfDigits.some((digits) => word.includes(digits));
    const data = {
      word: echoesSelf || word === '' ? undefined : cutText(word, 40),
      suggestion: suggested,
      prefix: reading.prefix ?? '',
    };
    return answer(turn, deps, 'errors/unknown-command', data, {
      outcome: 'unknown',
      reason: 'unknown',
      because,
    });
  },
};
