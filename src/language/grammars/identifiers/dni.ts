import { UserError, echo } from '../../../errors/user-error.js';
import { lexicon } from '../../lexicon/index.js';
import type { Token } from '../../tokenize.js';
import type { SlotGrammar, SlotResult } from '../types.js';
import { digitRunAt, numberDigits } from './digits.js';
import {
  digitCount,
  holdsDigits,
  IDENTIFIER_DIGITS,
  isDash,
  matched,
  MIN_IDENTIFIER_DIGITS,
  wholeArgument,
  pickOne,
  spanText,
} from './shared.js';

const WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2] as const;
const NUMERIC = '65432110987';
const LETTERS = 'KJIHGFEDCBA';
/** One letter or digit: the verification character written apart (`45678912 K`). */
const CHECK_CHAR = /^[0-9A-Za-z]$/u;
const UPPER_OR_DIGIT = /^[0-9A-Z]$/u;

/** The DNI's verification character (peru-domain.md): numeric and letter forms. */
export function dniCheckDigit(dni: string): { digit: string; letter: string } {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(dni[i]) * WEIGHTS[i]!;
  const c = sum % 11;
  return { digit: NUMERIC[c]!, letter: LETTERS[c]! };
}

/** A DNI-like thing found in a line: its digits (undefined with letters), check character, span. */
export interface DniCandidate {
  readonly start: number;
  readonly end: number;
  readonly digits: string | undefined;
  readonly check?: string;
  /** `dni-digits`, `dni-grouped`, `dni-check-glued`, `dni-check-apart`. */
  readonly rule: string;
  readonly valor: string;
}

/** `10117410-2`, `45.678.912-k`: a DNI with its verification character glued after a hyphen. */
function gluedCheck(text: string): { digits: string; check: string } | undefined {
  const dash = text.lastIndexOf('-');
  if (dash !== text.length - 2 || !CHECK_CHAR.test(text.charAt(dash + 1))) return undefined;
  const digits = numberDigits(text.slice(0, dash));
  return digits?.length === 8 ? { digits, check: text.charAt(dash + 1) } : undefined;
}

/** `8912-4`: the last group of a DNI typed apart, with the check character glued (`4567 8912-4`). */
const GLUED_GROUP = /^(\d+)-([0-9A-Za-z])$/u;

function gluedGroup(token: Token | undefined): { digits: string; check: string } | undefined {
  const parts = token && GLUED_GROUP.exec(token.text);
  return parts ? { digits: parts[1]!, check: parts[2]! } : undefined;
}

/**
 * The verification character written apart after a DNI ending at `end`: after a dash (`- 4`,
 * `-4`), or alone when it is a digit or a capital, or a letter that is no word (`45678912 K`, not
 * the `y` of `45678912 y 41234567`), and no other number follows.
 */
function checkApart(tokens: readonly Token[], end: number): { check: string; end: number } | undefined {
  const next = tokens[end];
  if (next === undefined) return undefined;
  if (isDash(next)) {
    const char = tokens[end + 1];
    return char && CHECK_CHAR.test(char.text) ? { check: char.text, end: end + 2 } : undefined;
  }
  if (next.text.length === 2 && next.text.startsWith('-') && CHECK_CHAR.test(next.text.charAt(1)))
    return { check: next.text.charAt(1), end: end + 1 };
  if (!CHECK_CHAR.test(next.text)) return undefined;
  const plain = UPPER_OR_DIGIT.test(next.text) || lexicon.entries(next.key).length === 0;
  const numberAfter = tokens.slice(end + 1).some(holdsDigits);
  return plain && !numberAfter ? { check: next.text, end: end + 1 } : undefined;
}

/** Every DNI-like thing in the tokens, left to right (a check character belongs to its DNI). */
export function dniCandidates(tokens: readonly Token[]): DniCandidate[] {
  const found: DniCandidate[] = [];
  for (let at = 0; at < tokens.length; at++) {
    const token = tokens[at]!;
    if (!holdsDigits(token)) continue;
    const glued = gluedCheck(token.text);
    if (glued) {
      found.push({ start: at, end: at + 1, ...glued, rule: 'dni-check-glued', valor: echo(token.text) });
      continue;
    }
    const run = digitRunAt(tokens, at, 8);
    if (run === undefined) {
      found.push({ start: at, end: at + 1, digits: undefined, rule: 'dni-digits', valor: echo(token.text) });
      continue;
    }
    const last = run.digits.length < 8 ? gluedGroup(tokens[run.end]) : undefined;
    if (last && run.digits.length + last.digits.length === 8) {
      const end = run.end + 1;
      const digits = run.digits + last.digits;
      found.push({
        start: at,
        end,
        digits,
        check: last.check,
        rule: 'dni-check-glued',
        valor: echo(spanText(tokens, at, end)),
      });
      at = end - 1;
      continue;
    }
    const apart = run.digits.length === 8 ? checkApart(tokens, run.end) : undefined;
    const end = apart?.end ?? run.end;
    found.push({
      start: at,
      end,
      digits: run.digits,
      ...(apart ? { check: apart.check } : {}),
      rule: apart ? 'dni-check-apart' : run.grouped ? 'dni-grouped' : 'dni-digits',
      valor: echo(apart ? spanText(tokens, at, end) : run.text),
    });
    at = end - 1;
  }
  return found;
}

/** Why a candidate can never be a DNI (not 8 digits, a wrong verification character), or the DNI. */
export function checkDni(candidate: DniCandidate): SlotResult<string> {
  const { digits, valor } = candidate;
  if (digits === undefined || digits.length !== 8) {
    return { error: new UserError('invalid-dni', { valor, digitos: digits?.length ?? 0 }) };
  }
  if (candidate.check !== undefined) {
    const given = candidate.check.toUpperCase();
    const { digit, letter } = dniCheckDigit(digits);
    if (given !== digit && given !== letter) return { error: new UserError('invalid-dni-check', { valor }) };
  }
  return { value: digits };
}

const digitsOf = (candidate: DniCandidate) => candidate.digits?.length ?? digitCount(candidate.valor);

/** Typed as a DNI: 8 digits or more (a second one is a second DNI). */
export const typedAsDni = (candidate: DniCandidate) => digitsOf(candidate) >= IDENTIFIER_DIGITS;

/** An attempt at a DNI at all: 6 digits or more (`T001-43`, `08:30` are another slot's). */
export const dniAttempt = (candidate: DniCandidate) => digitsOf(candidate) >= MIN_IDENTIFIER_DIGITS;

/**
 * `dni`: the DNI of a line in any grouping (`45678912`, `4567 8912`, `45 678 912`, `45.678.912`,
 * `456 78 912`), with its verification character glued or apart, which is then checked.
 */
export const dniGrammar: SlotGrammar<string> = {
  name: 'dni',
  find(tokens) {
    const attempt = (c: DniCandidate) => dniAttempt(c) || wholeArgument(tokens, c.start, c.end);
    const picked = pickOne(dniCandidates(tokens).filter(attempt), 'dni', typedAsDni, (c) => c.digits);
    if (picked === undefined) return undefined;
    if ('several' in picked) return picked.several;
    const { candidate } = picked;
    return matched(candidate.start, candidate.end, checkDni(candidate), [candidate.rule]);
  },
};
