import type { LookupMiddleware } from './call.js';
import { LookupNotFoundError, type OperationName } from './errors.js';

/** One answered or failed call, as the usage log keeps it (no inputs, only who and what). */
export interface LookupUsageEvent {
  at: Date;
  chatId: string;
  operation: OperationName;
  /** true when answered by the cache or a shared in-flight call (no credit spent). */
  saved: boolean;
  outcome: 'ok' | 'not_found' | 'failed';
}

export interface UsageMiddlewareOptions {
  record: (event: LookupUsageEvent) => void;
  now: () => Date;
  warn?: ((obj: object, msg: string) => void) | undefined;
}

/**
 * Accounts every call made for a chat once it settles; calls without a `chatId` are not
 * accounted. A failing usage log never fails the lookup.
 */
export function usageMiddleware({ record, now, warn }: UsageMiddlewareOptions): LookupMiddleware {
  const account = (
    chatId: string,
    operation: OperationName,
    saved: boolean,
    outcome: LookupUsageEvent['outcome'],
  ) => {
    try {
      record({ at: now(), chatId, operation, saved, outcome });
    } catch (error) {
      warn?.({ err: error, operation }, 'usage record failed');
    }
  };
  return async (call, next) => {
    const { chatId, operation } = call;
    if (chatId === undefined) return next(call);
    try {
      const value = await next(call);
      account(chatId, operation, call.meta.source !== 'upstream', 'ok');
      return value;
    } catch (error) {
      if (isLocalRefusal(error)) throw error; // refused before any call (a credit cap): not usage
      const outcome = error instanceof LookupNotFoundError ? 'not_found' : 'failed';
      account(chatId, operation, call.meta.source !== 'upstream', outcome);
      throw error;
    }
  };
}

/**
 * An error a `beforeUpstream` middleware throws to refuse a call without making it (the credit
 * budget's BudgetExceededError) marks itself `localRefusal: true`; the lookup layer does not import it.
 */
function isLocalRefusal(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { localRefusal?: unknown }).localRefusal === true
  );
}
