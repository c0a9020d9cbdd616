import { dniCheckDigit, isValidRuc, RUC_PREFIXES } from '../../src/language/index.js';

/** One number of a batch, validated locally (so only plausible numbers ever cost a credit). */
export interface BatchItem {
  kind: 'ruc' | 'dni';
  number: string;
}

/** Why an entry was left out before any lookup (`reasons.ts` has the Spanish text). */
type InvalidReason = 'ruc-check' | 'ruc-prefix' | 'dni-check' | 'length' | 'format';

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

/** What each RUC of a batch costs: which parts the padrón mirror answers for free, which are paid. */
export interface CostRules {
  /** The mirror lists this RUC (estado, condición, name and address free); none: nothing is. */
  inRegister?: (ruc: string) => boolean;
  /** Agent flags wanted: a paid `ruc` lookup even for RUCs the mirror lists. */
  agentFlags?: boolean;
  /** Coercive debt of every RUC (paid); default on. */
  debt?: boolean;
}

/** The most a batch may spend, part by part, and how many RUCs the mirror answers for free. */
export interface BatchCost {
  total: number;
  /** Paid `ruc` lookups: RUCs the mirror lacks, or all of them when agent flags are wanted. */
  ruc: number;
  debt: number;
  dni: number;
  /** RUCs whose estado, condición and address come from the mirror (no `ruc` credit). */
  free: number;
}

/**
 * Upper bound of the credits a batch spends: a `ruc` lookup per RUC the mirror lacks (or per RUC
 * with `agentFlags`), a coercive-debt lookup per RUC (with `debt`), one per visible DNI.
 */
export function costOf(
  plan: Pick<BatchPlan, 'items'>,
  personalData: boolean,
  rules: CostRules = {},
): BatchCost {
  const cost: BatchCost = { total: 0, ruc: 0, debt: 0, dni: 0, free: 0 };
  for (const item of plan.items) {
    if (item.kind === 'dni') {
      if (personalData) cost.dni += 1;
      continue;
    }
    const inRegister = rules.inRegister?.(item.number) ?? false;
    if (inRegister && !rules.agentFlags) cost.free += 1;
    else cost.ruc += 1;
    if (rules.debt ?? true) cost.debt += 1;
  }
  cost.total = cost.ruc + cost.debt + cost.dni;
  return cost;
}

/** Upper bound of the credits a batch spends (see `costOf`); without rules: RUC + debt per RUC, one per visible DNI. */
export function batchCost(
  plan: Pick<BatchPlan, 'items'>,
  personalData: boolean,
  rules: CostRules = {},
): number {
  return costOf(plan, personalData, rules).total;
}
