import { dniCheckDigit } from '../language/grammars/identifiers/dni.js';
import { isValidRuc, RUC_PREFIXES } from '../language/grammars/identifiers/ruc.js';

/** One number of a batch, validated locally (so only plausible numbers ever cost a credit). */
export interface BatchItem {
  kind: 'ruc' | 'dni';
  number: string;
}

/** Why an entry was left out before any lookup (`reasons.ts` has the Spanish text). */
export type InvalidReason = 'ruc-check' | 'ruc-prefix' | 'dni-check' | 'length' | 'format';

export interface InvalidEntry {
  input: string;
  reason: InvalidReason;
}

/** A batch as typed or read from a file: valid distinct numbers in input order, the rest. */
export interface BatchPlan {
  items: BatchItem[];
  invalid: InvalidEntry[];
  /** Repeated valid numbers (counted once, never looked up twice). */
  duplicates: number;
}

/** A token between the separators people use in pasted lists: whitespace, commas, semicolons, pipes. */
const TOKEN = /[^\s,;|]+/gu;
/** Longest token echoed back in the workbook (a pasted paragraph is not a number). */
const MAX_ECHO = 40;

/** Candidate tokens one by one (a long file need not be split whole); words without a digit are skipped. */
export function* numberTokens(text: string): Generator<string> {
  for (const match of text.matchAll(TOKEN)) if (/\d/u.test(match[0])) yield match[0];
}

/** Pasted text → candidate tokens; words without a digit (labels like "ruc:", "estos") are ignored. */
export function tokensOf(text: string): string[] {
  return [...numberTokens(text)];
}

/** Classifies one token: a RUC (11 digits), a DNI (8 digits, or 8 plus its check character), or why not. */
export function classify(token: string): BatchItem | InvalidEntry {
  const input = token.length > MAX_ECHO ? `${token.slice(0, MAX_ECHO)}…` : token;
  const trimmed = token.replace(/^[("'`*_]+|[)"'`*_.:!?]+$/gu, '');
  const withCheck = /^(\d{8})-([0-9A-Za-z])$/u.exec(trimmed);
  if (withCheck) {
    const dni = withCheck[1] ?? '';
    const given = (withCheck[2] ?? '').toUpperCase();
    const { digit, letter } = dniCheckDigit(dni);
    return given === digit || given === letter
      ? { kind: 'dni', number: dni }
      : { input, reason: 'dni-check' };
  }
  if (!/^[\d.-]+$/u.test(trimmed)) return { input, reason: 'format' };
  const digits = trimmed.replace(/[.-]/gu, '');
  if (digits.length === 8) return { kind: 'dni', number: digits };
  if (digits.length !== 11) return { input, reason: 'length' };
  if (isValidRuc(digits)) return { kind: 'ruc', number: digits };
  return RUC_PREFIXES.includes(digits.slice(0, 2))
    ? { input, reason: 'ruc-check' }
    : { input, reason: 'ruc-prefix' };
}

/** Builds the plan from candidate tokens (pasted text or one column of a file). */
export function planBatch(tokens: readonly string[]): BatchPlan {
  const seen = new Set<string>();
  const plan: BatchPlan = { items: [], invalid: [], duplicates: 0 };
  for (const token of tokens) {
    const result = classify(token.trim());
    if ('reason' in result) {
      plan.invalid.push(result);
      continue;
    }
    const key = `${result.kind}:${result.number}`;
    if (seen.has(key)) {
      plan.duplicates += 1;
      continue;
    }
    seen.add(key);
    plan.items.push(result);
  }
  return plan;
}

/** Upper bound of the credits a batch spends: RUC + coercive debt per RUC, one per visible DNI. */
export function batchCost(plan: Pick<BatchPlan, 'items'>, personalData: boolean): number {
  let cost = 0;
  for (const item of plan.items) cost += item.kind === 'ruc' ? 2 : personalData ? 1 : 0;
  return cost;
}
