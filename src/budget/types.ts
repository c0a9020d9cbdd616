/**
 * Read side of the credit budget (issue 10), for features that plan several paid lookups at once
 * (watch list, batch checks). The lookup wrapper enforces the caps on every upstream call; this
 * only reports them.
 */
export interface BudgetStatus {
  /** Lima day (yyyy-MM-dd) and month (yyyy-MM) the figures refer to. */
  day: string;
  month: string;
  /** Paid lookups spent by this chat (its group) today / this month. */
  spentToday: number;
  spentThisMonth: number;
  /** The tighter cap that applies to this chat (overall or the group's own); null = no cap. */
  dailyCap: number | null;
  monthlyCap: number | null;
  /** Credits left before a cap refuses: the minimum over every applicable cap; null = unlimited. */
  remainingToday: number | null;
  remainingThisMonth: number | null;
}

/** A cap's period: the Lima day or calendar month. */
export type Period = 'day' | 'month';

/**
 * Implemented by the budget feature (commands/budget); read by `uso`, `lote` and `vigilar`
 * through the registry (`BUDGET`, src/bot/ports.ts). Absent: no caps.
 */
export interface BudgetReader {
  status(chatId: string): BudgetStatus;
  /** Company-wide spend against the overall caps (`uso`); a reader may leave it out. */
  overall?(): BudgetStatus;
}
