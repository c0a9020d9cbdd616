import { MAX_LINE_LENGTH, type MessageLine } from '../normalize.js';
import { keysOf, tokenize } from '../tokenize.js';
import { asideOf, callsTheBot, greetsSomeone, handsOver } from './asides.js';
import { opensWithCorrection } from './correction.js';
import { type Addressed, type Reading, rebased } from './reading.js';
import { TAIL_RULES } from './tail.js';

/**
 * A message of several lines: each line read on its own; a line of only a command word takes the
 * next line as its argument (`RUC:` / `2012…`, `Solicito lo siguiente:` / `1. Tipo de cambio …`)
 * and each value line after it (`vigilar` / `2060…` / `2010…`),
 * and `lote` takes every line after it. Greetings, thanks, signatures (`Atte. Carmen`) and a reason
 * after a request (`es para el contrato`) never hide the requests; a pasted note
 * (lines that are none of these) stays silent unless addressed.
 */

/** Requests answered from one message; more are pointed to `lote`. */
export const MAX_REQUESTS = 5;
/**
 * Characters of one message read, its lines and the pairs of lines tried as one together: what
 * a list of requests with a greeting and a signature takes, twice over; a longer message is a
 * pasted text whose first lines are all that is read.
 */
export const MAX_READ = 300;

/** `1.`, `2)`, `a)`, `-`, `•` before an item of a list. */
const LIST_MARKER = /^\s*(?:\d{1,2}[.)-]|\p{L}\)|[-•*·➤►▶→])\s+/u;

/** A reading with a valid value (not an error, not a missing slot). */
const hasValue = (reading: Reading) => reading.args !== undefined && 'value' in reading.args;

/** Two readings with the same arguments (or the same error). */
function sameArgs(a: Reading, b: Reading): boolean {
  return JSON.stringify(a.args) === JSON.stringify(b.args);
}

/** `y`, `e`, `también`, `además` opening a line that goes on from the request before it. */
const AND = /^(?:y|e|tambi[eé]n|adem[aá]s)\s+(?=\S)/iu;

/**
 * The line with the command word of `previous` in place of its opening `y` (`y el de ayer tmb` →
 * `tc el de ayer tmb`), or undefined when it opens otherwise or nothing came before.
 */
function elidedCommand(line: string, previous: Reading | undefined): string | undefined {
  const and = AND.exec(line);
  if (!and || previous?.command === undefined) return undefined;
  return `${previous.command} ${line.slice(and[0].length)}`;
}

/** The line starts by correcting the one before it (correction.ts). */
function correcting(line: string): boolean {
  const tokens = tokenize(line);
  return opensWithCorrection(tokens, keysOf(tokens));
}

/** What `readLines` is given: the lines on demand, and how to read one. */
export interface LineSource {
  /** The next line of the message (see normalize.ts `readMessage`), undefined at the end. */
  next(): MessageLine | undefined;
  /** The message as typed from a point on: the list of a command that takes the rest (`lote`). */
  rawFrom(from: number): string;
  /** Reads one line of text (understand.ts `readLine`), telling `charge` each reading's length. */
  read(line: string, charge: (chars: number) => void): Reading;
  /** The command takes the rest of the message as its argument (a list: `lote`). */
  takesRest(command: string | undefined): boolean;
}

/**
 * Reads a message of several lines, one at a time and only as far as needed: past MAX_REQUESTS
 * requests the rest is pointed to `lote`; a message not addressed to the bot stops at its first
 * line that is no request and no aside (it is a pasted note, silent); a long line is pasted text.
 */
export function readLines(source: LineSource, addressed: Addressed | undefined): Reading {
  const requests: Reading[] = [];
  const asides: string[] = [];
  const texts: string[] = [];
  let other = 0;
  let seen = 0;
  let joinable = true;
  let length = 0;
  let carried: string | undefined;
  let carriedCommand: string | undefined;
  /** The text of the request read last, while no other line came after it (a correction's). */
  let requestText: string | undefined;
  /** The first line greets the bot by name (`Hola bot`): the message is said to it. */
  let called = false;
  /** The first line greets or calls a colleague by name: the message is said to them. */
  let toSomeone = false;
  /** A line before the requests hands what follows over to the readers (`Les informo lo siguiente:`). */
  let handedOver = false;
  let spent = 0;
  const affordable = (length: number) => spent + length <= MAX_READ;
  const charge = (chars: number) => {
    spent += chars;
  };
  const read = (text: string) => source.read(text, charge);
  let current = source.next();
  let ahead = source.next();
  const advance = () => {
    current = ahead;
    ahead = current ? source.next() : undefined;
  };
  const itemOf = (line: MessageLine) => line.text.replace(LIST_MARKER, '');
  /**
   * `programa el tc a las 8` / `de lunes a sábado`, `registra al chofer 4123…` / `cel 987…`: a line
   * that is no request and no aside may finish the request just before it.
   */
  const continues = (line: string, before: string | undefined): boolean => {
    const previous = requests.at(-1);
    // Not a field someone pastes under it (`Proveedor: Ferretería San Jorge`).
    if (before === undefined || previous === undefined || line.includes(': ')) return false;
    if (!affordable(before.length + 1 + line.length)) return false;
    const again = read(`${before} ${line}`);
    // A request of the same command with a valid value, not one only addressed (`@bot` reads any),
    // that reads the line into its arguments, not as words said after it (`vuelvanlo a funcionar`).
    const valid = hasValue(again) && !again.because.includes('addressed');
    if (again.act !== 'request' || again.command !== previous.command || !valid) return false;
    if (sameArgs(again, previous) && again.because.some((rule) => TAIL_RULES.has(rule))) return false;
    replaceLast(again, 'continued-line', `${before} ${line}`);
    return true;
  };
  /** The request read last becomes `again`, read from `text` (a line joined to it), by `rule`. */
  const replaceLast = (again: Reading, rule: string, text: string) => {
    requests[requests.length - 1] = rebased(again, [rule, ...again.because]);
    requestText = text;
  };
  /** `again`, read from `text` (a line with a command word put back), is one more request, by `rule`. */
  const pushRequest = (again: Reading, rule: string, text: string) => {
    requests.push(rebased(again, [rule, ...again.because]));
    requestText = text;
  };
  for (let first = true; current; first = false) {
    const here: MessageLine = current;
    seen += 1;
    if (here.long) {
      carried = undefined;
      joinable = false;
      if (!affordable(here.text.length)) break;
      const reading = read(itemOf(here));
      // `lote 2012…, 2060…, …` on one long line: lote takes it all.
      if (reading.act === 'request' && source.takesRest(reading.command)) {
        requests.push(takingRest(reading, here, source));
        break;
      }
      other += 1;
      if (addressed === undefined) break;
      advance();
      continue;
    }
    const line = itemOf(here);
    if (!affordable(line.length)) break; // the rest of the message is left unread
    // `Hola Kevin` / `me pasas el ruc …`, `Don Hugo, su ruta:` / …: said to them.
    if (first && addressed === undefined && greetsSomeone(line)) toSomeone = true;
    // `Les informo lo siguiente:` / `RUC 2060…` / …: a list handed to the readers.
    if (requests.length === 0 && addressed === undefined && handsOver(line)) handedOver = true;
    texts.push(line);
    length += line.length + 1;
    if (length > MAX_LINE_LENGTH) joinable = false;
    let reading = read(line);
    const next = ahead !== undefined && !ahead.long ? itemOf(ahead) : undefined;
    let last: MessageLine = here;
    let done = false;
    // `ruc 2060…4` / `no, perdón, el RUC es 2060…5`: a line that corrects the request just before.
    const before = requestText;
    if (before !== undefined && correcting(line) && affordable(before.length + 1 + line.length)) {
      const again = read(`${before} ${line}`);
      if (again.act === 'request' && again.because.includes('corrected-value')) {
        replaceLast(again, 'corrected-line', `${before} ${line}`);
        done = true;
      }
    }
    if (!done && reading.act !== 'request' && carried !== undefined) {
      // `vigilar` / `2060…` / `2010…`: the command word goes on to each value line after it.
      const again = read(`${carried} ${line}`);
      if (again.act === 'request' && again.command === carriedCommand) {
        pushRequest(again, 'carried-command', `${carried} ${line}`);
        done = true;
      }
    }
    // `el tc de hoy` / `y el de ayer tmb`: the command word left out after `y` is the one before.
    const elided = !done && reading.act !== 'request' ? elidedCommand(line, requests.at(-1)) : undefined;
    if (elided !== undefined && affordable(elided.length)) {
      const again = read(elided);
      const previous = requests.at(-1)!;
      if (
        again.act === 'request' &&
        again.command === previous.command &&
        hasValue(again) &&
        !sameArgs(again, previous)
      ) {
        pushRequest(again, 'elided-command', elided);
        done = true;
      }
    }
    if (!done) {
      requestText = undefined;
      carried = undefined;
      // A command word alone may be a request already (`tc` is today's rate): the next line may
      // still be its argument (`tc` / `20/11`).
      const bare = reading.act === 'request' && (reading.rawArgs ?? '').trim() === '';
      // Only a line that names a command (`RUC:`, `la placa del`) or announces what follows
      // (`Solicito lo siguiente:`) may be finished by the next line; others are read once.
      const open = reading.command !== undefined || line.endsWith(':');
      const tryJoin = bare || (reading.act !== 'request' && open);
      if (next !== undefined && tryJoin && affordable(line.length + 1 + next.length)) {
        const joined = read(`${line} ${next}`);
        // A bare command word is finished only by what its arguments read (`tc` / `20/11`), not by
        // another command's word (`choferes` / `programados`).
        const more =
          !bare ||
          (joined.command === reading.command &&
            (joined.rawArgs ?? '').trim() !== '' &&
            !sameArgs(joined, reading));
        if (joined.act === 'request' && more) {
          reading = rebased(joined, ['joined-lines', ...joined.because]);
          carried = line;
          carriedCommand = joined.command;
          last = ahead!;
          seen += 1;
          texts.push(next);
          length += next.length + 1;
          advance();
        }
      }
      if (reading.act === 'request' && source.takesRest(reading.command)) {
        requests.push({
          ...reading,
          rawArgs: `${reading.rawArgs ?? ''}\n${source.rawFrom(last.end)}`,
          because: ['takes-the-rest', ...reading.because],
        });
        break;
      }
      // Under a signature's name and title, `RUC 2012…` is the signer's company, not a request.
      const signed = reading.act === 'request' && asides.at(-1) === 'signature' && last === here;
      if (reading.act === 'request' && !signed) {
        requests.push(reading);
        requestText = last === here ? line : `${line} ${itemOf(last)}`;
      } else if (signed) asides.push('signature');
      else {
        const continued = continues(line, before);
        const aside = continued ? undefined : asideOf(line, reading, asides, requests.length > 0, first);
        if (aside) asides.push(aside);
        else if (!continued) other += 1;
        if (first && aside === 'social' && callsTheBot(line)) called = true;
      }
    }
    // One request past the cap is enough to know the rest goes to lote; a note not addressed to
    // the bot is silent whatever follows (a request in it would only be part of the note).
    if (requests.length > MAX_REQUESTS) break;
    if (other > 0 && addressed === undefined && !called && (requests.length > 0 || !joinable)) break;
    // Two lines that are no request and no aside: a note, not one request broken up.
    if (other > 1 && addressed === undefined && !called) {
      joinable = false;
      break;
    }
    advance();
  }
  const base = addressed ? { addressed } : {};
  if (requests.length === 0) {
    // No line is a request on its own: the lines may be one request broken up (a short message).
    const whole = texts.join(' ');
    if (joinable && texts.length > 0 && affordable(whole.length)) return read(whole);
    return { ...base, act: 'remark', because: ['pasted-note', `lines:${seen}`, 'requests:0'] };
  }
  if (other > 0 && addressed === undefined && !called) {
    return {
      ...base,
      act: 'remark',
      because: ['pasted-note', `lines:${seen}`, `requests:${requests.length}`],
    };
  }
  if ((toSomeone || handedOver) && addressed === undefined && !called) {
    const rule = toSomeone ? 'said-to-someone' : 'handed-over';
    return { act: 'remark', because: [rule, 'multi-line', `requests:${requests.length}`] };
  }
  const noted = [...new Set(asides)].map((aside) => `aside:${aside}`);
  if (requests.length === 1) return rebased(requests[0]!, ['multi-line', ...noted, ...requests[0]!.because]);
  const kept = requests.slice(0, MAX_REQUESTS);
  return {
    ...base,
    act: 'request',
    because: [
      'multi-line',
      ...noted,
      `requests:${requests.length > kept.length ? `${kept.length}+` : kept.length}`,
    ],
    requests: kept,
    ...(requests.length > kept.length ? { dropped: requests.length - kept.length } : {}),
  };
}

/**
 * A long line whose first words name a command that takes the rest of the message (`lote 2012…,
 * 2060…, …`): its argument is the line and everything after it, as typed.
 */
export function takingRest(
  reading: Reading,
  line: MessageLine,
  source: Pick<LineSource, 'rawFrom'>,
): Reading {
  const rest = source.rawFrom(line.restFrom);
  return {
    ...reading,
    // The head cut inside a word: the words of the line from its start (the list reads digits only).
    rawArgs: line.restFrom === line.start ? rest : `${reading.rawArgs ?? ''} ${rest}`,
    because: ['long-line', 'takes-the-rest', ...reading.because],
  };
}
