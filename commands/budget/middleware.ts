import type { LookupMiddleware } from '../../src/lookup/call.js';
import { LookupNotFoundError } from '../../src/lookup/errors.js';
import type { UpstreamBudget } from './budget.js';

/**
 * The credit budget as a `beforeUpstream` middleware of the lookup stack: only calls that will
 * really go upstream reach it (cache hits and shared calls cost nothing). A reached cap throws
 * BudgetExceededError before the call; an answer (ok or not found) counts as a spent credit.
 */
export function budgetMiddleware(budget: UpstreamBudget): LookupMiddleware {
  return async (call, next) => {
    const chatId = call.chatId ?? '';
    const asked = budget.beforeUpstream(chatId, call.operation);
    if (asked) await asked;
    let answered = false;
    try {
      const value = await next(call);
      answered = true;
      return value;
    } catch (error) {
      answered = error instanceof LookupNotFoundError;
      throw error;
    } finally {
      budget.afterUpstream(chatId, call.operation, answered);
    }
  };
}
