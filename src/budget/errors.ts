import type { Period } from './types.js';

/**
 * A paid lookup refused locally because a credit cap is reached: no API call was made. The
 * router answers it with `errors/budget-exceeded` in Spanish.
 */
export class BudgetExceededError extends Error {
  /** Refused before any call: the usage log does not count it (src/lookup/usage.ts). */
  readonly localRefusal = true;

  constructor(
    readonly operation: string,
    /** 'overall' or the group whose own cap was reached. */
    readonly scope: string,
    readonly period: Period,
    readonly cap: number,
  ) {
    super(`${operation}: credit budget reached (${scope}, ${period}, cap ${cap})`);
    this.name = 'BudgetExceededError';
  }
}
