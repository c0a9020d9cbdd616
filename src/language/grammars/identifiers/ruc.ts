import { UserError, echo } from '../../../errors/user-error.js';
import type { Token } from '../../tokenize.js';
import type { SlotGrammar, SlotMatch, SlotResult } from '../types.js';
import { onlySocialFrom, readCompanyName } from './company-name.js';
import { type DigitRun, digitRunAt } from './digits.js';
import { RUC_PREFIXES, rucCheckDigit } from './ruc-digits.js';
import {
  digitCount,
  holdsDigits,
  IDENTIFIER_DIGITS,
  isDash,
  matched,
  MIN_IDENTIFIER_DIGITS,
  wholeArgument,
  pickOne,
} from './shared.js';

export { isValidRuc, rucCheckDigit } from './ruc-digits.js';

/**
 * Why a written number can never be a RUC, or the RUC: letters, not 11 digits, an unknown
 * prefix, a wrong check digit. `valor` is what the reply echoes.
 */
function checkRuc(digits: string | undefined, valor: string): SlotResult<string> {
  if (digits === undefined || digits === '') return { error: new UserError('invalid-ruc-format', { valor }) };
  if (digits.length !== 11)
    return { error: new UserError('invalid-ruc-length', { valor, digitos: digits.length }) };
  const prefijo = digits.slice(0, 2);
  if (!RUC_PREFIXES.includes(prefijo))
    return { error: new UserError('invalid-ruc-prefix', { valor, prefijo }) };
  if (rucCheckDigit(digits) !== Number(digits[10]))
    return { error: new UserError('invalid-ruc-check', { valor }) };
  return { value: digits };
}

/** A number or code a RUC may be: a digit run, or a token with digits and letters (`2012345678A`). */
interface Candidate {
  readonly start: number;
  readonly end: number;
  readonly digits: string | undefined;
  readonly grouped: boolean;
  /** What the reply echoes: the digits when the token is a number, else the token. */
  readonly valor: string;
  readonly count: number;
}

/** Every RUC-like thing in the tokens, left to right. */
function rucCandidates(tokens: readonly Token[]): Candidate[] {
  const found: Candidate[] = [];
  for (let at = 0; at < tokens.length; at++) {
    const token = tokens[at]!;
    if (!holdsDigits(token)) continue;
    const run: DigitRun | undefined = digitRunAt(tokens, at, 11);
    if (run) {
      // Digits need no cleaning to be echoed, only a cut when long.
      const valor = run.digits.length > 30 ? echo(run.digits) : run.digits;
      found.push({ ...run, valor, count: run.digits.length });
      at = run.end - 1;
    } else {
      found.push({
        start: at,
        end: at + 1,
        digits: undefined,
        grouped: false,
        valor: echo(token.text),
        count: digitCount(token.text),
      });
    }
  }
  return found;
}

/**
 * The company name after a RUC and a dash or colon (`20123456786 - Transportes Andinos`,
 * `20123456786: Comercial Pachacamac S.A.C.`): words that make a name and end the line (social
 * words aside), not a sentence (`20123456786 - ya lo revisé`).
 */
function nameAfter(tokens: readonly Token[], end: number): SlotMatch<string>['note'] {
  const last = tokens[end - 1];
  const from = isDash(tokens[end]) ? end + 1 : last?.after === ':' ? end : undefined;
  if (from === undefined) return undefined;
  const read = readCompanyName(tokens, from);
  if (read === undefined || 'error' in read.result || !onlySocialFrom(tokens, read.end)) return undefined;
  return { start: read.start, end: read.end, text: read.result.value };
}

/**
 * `ruc`: the RUC of a line (`20123456786`, `20-12345678-6`, `20 123 456 786`), validated locally.
 * Numbers of fewer than 6 digits are no attempt (`T001-43`, `08:30`): undefined.
 * Rules: `ruc-digits` (one token), `ruc-grouped` (groups apart), `ruc-name-after-dash` (a company
 * name after it: the span covers it and `note` names it), `ruc-several` (two numbers of 8+
 * digits: one at a time).
 */
export const rucGrammar: SlotGrammar<string> = {
  name: 'ruc',
  find(tokens): SlotMatch<string> | undefined {
    const attempts = rucCandidates(tokens).filter(
      (c) => c.count >= MIN_IDENTIFIER_DIGITS || wholeArgument(tokens, c.start, c.end),
    );
    const picked = pickOne(
      attempts,
      'ruc',
      (candidate) => candidate.count >= IDENTIFIER_DIGITS,
      (candidate) => candidate.digits,
    );
    if (picked === undefined) return undefined;
    if ('several' in picked) return picked.several;
    const chosen = picked.candidate;
    const rule = chosen.grouped ? 'ruc-grouped' : 'ruc-digits';
    const checked = checkRuc(chosen.digits, chosen.valor);
    const note = 'error' in checked ? undefined : nameAfter(tokens, chosen.end);
    if (note === undefined) return matched(chosen.start, chosen.end, checked, [rule]);
    return { ...matched(chosen.start, note.end, checked, [rule, 'ruc-name-after-dash']), note };
  },
};
