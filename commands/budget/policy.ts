import type { BudgetStatus, Period } from '../../src/budget/types.js';

/**
 * The credit budget as pure arithmetic: caps, what was spent, what is reserved in flight, and
 * what that means (refuse, warn at 80%). No clock, no database: budget.ts feeds it.
 */

/** Daily and monthly caps of one scope; undefined = no cap. */
export interface Caps {
  daily?: number;
  monthly?: number;
}

/** One scope the caps apply to: the whole company, or one group. */
export interface ScopeSpend {
  /** 'overall' or the group's chat id. */
  scope: string;
  caps: Caps;
  today: number;
  month: number;
}

/** The first cap a new paid call would break, if any. */
export interface CapHit {
  scope: string;
  period: Period;
  cap: number;
  spent: number;
}

/** Share of a cap at which the owners are told once. */
const WARNING_RATIO = 0.8;

function capsOf(spend: ScopeSpend): { period: Period; cap: number; spent: number }[] {
  const out: { period: Period; cap: number; spent: number }[] = [];
  if (spend.caps.daily !== undefined) out.push({ period: 'day', cap: spend.caps.daily, spent: spend.today });
  if (spend.caps.monthly !== undefined)
    out.push({ period: 'month', cap: spend.caps.monthly, spent: spend.month });
  return out;
}

/** The cap that refuses one more paid call (counting `reserved` calls still in flight), if any. */
export function refusal(scopes: readonly ScopeSpend[], reserved = 0): CapHit | undefined {
  for (const spend of scopes) {
    for (const { period, cap, spent } of capsOf(spend)) {
      if (spent + reserved >= cap) return { scope: spend.scope, period, cap, spent };
    }
  }
  return undefined;
}

/** Caps at or past 80% (warning) or reached (cap) after the spend recorded so far. */
export function thresholds(scopes: readonly ScopeSpend[]): (CapHit & { level: 'warning' | 'cap' })[] {
  const out: (CapHit & { level: 'warning' | 'cap' })[] = [];
  for (const spend of scopes) {
    for (const { period, cap, spent } of capsOf(spend)) {
      if (spent >= cap) out.push({ scope: spend.scope, period, cap, spent, level: 'cap' });
      else if (spent >= Math.ceil(cap * WARNING_RATIO)) {
        out.push({ scope: spend.scope, period, cap, spent, level: 'warning' });
      }
    }
  }
  return out;
}

/** The `BudgetStatus` of a chat: its own spend against the tightest applicable caps. */
export function statusOf(
  day: string,
  month: string,
  own: { today: number; month: number },
  scopes: readonly ScopeSpend[],
): BudgetStatus {
  let dailyCap: number | null = null;
  let monthlyCap: number | null = null;
  let remainingToday: number | null = null;
  let remainingThisMonth: number | null = null;
  for (const spend of scopes) {
    const { daily, monthly } = spend.caps;
    if (daily !== undefined) {
      dailyCap = dailyCap === null ? daily : Math.min(dailyCap, daily);
      const left = Math.max(0, daily - spend.today);
      remainingToday = remainingToday === null ? left : Math.min(remainingToday, left);
    }
    if (monthly !== undefined) {
      monthlyCap = monthlyCap === null ? monthly : Math.min(monthlyCap, monthly);
      const left = Math.max(0, monthly - spend.month);
      remainingThisMonth = remainingThisMonth === null ? left : Math.min(remainingThisMonth, left);
    }
  }
  return {
    day,
    month,
    spentToday: own.today,
    spentThisMonth: own.month,
    dailyCap,
    monthlyCap,
    remainingToday,
    remainingThisMonth,
  };
}
