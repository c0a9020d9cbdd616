import { UserError, echo } from '../../../input/user-error.js';
import type { Token } from '../../tokenize.js';
import type { SlotGrammar, SlotMatch, SlotResult } from '../types.js';
import { onlySocialFrom, readCompanyName } from './company-name.js';
import { type DigitRun, digitRunAt } from './digits.js';
import { digitCount, holdsDigits, IDENTIFIER_DIGITS, isDash, matched, pickOne } from './shared.js';

/** Prefixes the tax authority hands out: 10 persons, 15/16/17 special cases, 20 companies. */
export const RUC_PREFIXES: readonly string[] = ['10', '15', '16', '17', '20'];

const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;
const ELEVEN_DIGITS = /^\d{11}$/u;

/** Check digit of the first 10 digits (peru-domain.md): `(11 - sum % 11) % 10`. */
export function rucCheckDigit(first10: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += Number(first10[i]) * WEIGHTS[i]!;
  return (11 - (sum % 11)) % 10;
}

/** True for an 11-digit RUC with a known prefix and a correct check digit. */
export function isValidRuc(ruc: string): boolean {
  return (
    ELEVEN_DIGITS.test(ruc) &&
    RUC_PREFIXES.includes(ruc.slice(0, 2)) &&
    rucCheckDigit(ruc) === Number(ruc[10])
  );
}

/** A RUC, and the company name written after it (`20123456786 - Transportes Andinos`), a note. */
export interface RucValue {
  readonly ruc: string;
  readonly name?: string;
}

/**
 * Why a written number can never be a RUC, or the RUC: letters, not 11 digits, an unknown
 * prefix, a wrong check digit. `valor` is what the reply echoes.
 */
export function checkRuc(digits: string | undefined, valor: string): SlotResult<string> {
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
export function rucCandidates(tokens: readonly Token[]): Candidate[] {
  const found: Candidate[] = [];
  for (let at = 0; at < tokens.length; at++) {
    const token = tokens[at]!;
    if (!holdsDigits(token)) continue;
    const run: DigitRun | undefined = digitRunAt(tokens, at, 11);
    if (run) {
      found.push({ ...run, valor: echo(run.digits), count: run.digits.length });
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
function nameAfter(tokens: readonly Token[], end: number): { name: string; end: number } | undefined {
  const last = tokens[end - 1];
  const from = isDash(tokens[end]) ? end + 1 : last?.after === ':' ? end : undefined;
  if (from === undefined) return undefined;
  const read = readCompanyName(tokens, from);
  if (read === undefined || 'error' in read.result || !onlySocialFrom(tokens, read.end)) return undefined;
  return { name: read.result.value.name, end: read.end };
}

/**
 * `ruc`: the RUC of a line (`20123456786`, `20-12345678-6`, `20 123 456 786`), validated locally.
 * Rules: `ruc-digits` (one token), `ruc-grouped` (groups apart), `ruc-name-after-dash` (a company
 * name after it, reported as `name`), `ruc-several` (two numbers of 8+ digits: one at a time).
 */
export const rucGrammar: SlotGrammar<RucValue> = {
  name: 'ruc',
  find(tokens): SlotMatch<RucValue> | undefined {
    const picked = pickOne(rucCandidates(tokens), 'ruc', (candidate) => candidate.count >= IDENTIFIER_DIGITS);
    if (picked === undefined) return undefined;
    if ('several' in picked) return picked.several;
    const chosen = picked.candidate;
    const rule = chosen.grouped ? 'ruc-grouped' : 'ruc-digits';
    const checked = checkRuc(chosen.digits, chosen.valor);
    if ('error' in checked) return matched(chosen.start, chosen.end, checked, [rule]);
    const note = nameAfter(tokens, chosen.end);
    if (note === undefined)
      return matched(chosen.start, chosen.end, { value: { ruc: checked.value } }, [rule]);
    return matched(chosen.start, note.end, { value: { ruc: checked.value, name: note.name } }, [
      rule,
      'ruc-name-after-dash',
    ]);
  },
};
