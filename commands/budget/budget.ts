import type { Logger } from 'pino';
import type { OwnerNoticePort } from '../../src/bot/owners.js';
import { addDays, limaDate, limaInstant } from '../../src/time/lima.js';
import { isGroupChat } from '../../src/transports/ids.js';
import { BudgetExceededError } from '../../src/budget/errors.js';
import { type Caps, type CapHit, refusal, type ScopeSpend, statusOf, thresholds } from './policy.js';
import type { BudgetStore } from './store.js';
import type { BudgetReader, BudgetStatus, Period } from '../../src/budget/types.js';

/**
 * The credit budget around the one place a lookup goes upstream: `beforeUpstream` refuses at a
 * cap (no API call) or reserves a credit; `afterUpstream`, once the usage log has the call,
 * releases it and tells the owners once per period at 80% and at the cap.
 */
export interface UpstreamBudget {
  /** Nothing to wait for (undefined) when the caps are known without the group directory. */
  beforeUpstream(chatId: string, operation: string): Promise<void> | undefined;
  /** `answered`: the call spent a credit (ok or not found); it is not in the usage log yet. */
  afterUpstream(chatId: string, operation: string, answered: boolean): void;
}

/** The budget as the app holds it: the enforcement hook plus the read side for `uso` and batches. */
export interface Budget extends BudgetReader, UpstreamBudget {
  /** Company-wide spend against the overall caps. */
  overall(): BudgetStatus;
}

/** A reached cap as the ops alert reports it (no chat ids beyond a group's own scope). */
export interface CapNotice {
  /** 'overall' or the group whose own cap was reached. */
  scope: string;
  period: Period;
  spent: number;
  cap: number;
}

export interface BudgetDeps {
  store: BudgetStore;
  /** Overall caps (CHASQUI_CREDITS_DAILY / _MONTHLY or the file's `credits`). */
  caps(): Caps;
  /** A group's own caps (`groups[].credits`), resolving configured names; undefined = none. */
  groupCaps(chatId: string): Caps | undefined | Promise<Caps | undefined>;
  /** The same for a group configured by id, synchronously (status before any lookup). */
  groupCapsById?(chatId: string): Caps | undefined;
  /** The usage log's key of a chat (direct chats are pseudonymised there). */
  chatKey(chatId: string): string;
  notices?: OwnerNoticePort;
  /** Once per scope and period when a cap is reached (the ops alert `budget-reached`). */
  onCap?(hit: CapNotice): void;
  now?: () => Date;
  logger?: Logger;
}

interface Window {
  day: string;
  month: string;
  dayRange: [number, number];
  monthRange: [number, number];
}

function windowAt(now: Date): Window {
  const day = limaDate(now);
  const month = day.slice(0, 7);
  const firstOfMonth = `${month}-01`;
  const nextMonth = addDays(firstOfMonth, 32).slice(0, 7);
  const start = (date: string) => limaInstant(date, 0, 0).getTime();
  return {
    day,
    month,
    dayRange: [start(day), start(addDays(day, 1))],
    monthRange: [start(firstOfMonth), start(`${nextMonth}-01`)],
  };
}

export function createBudget(deps: BudgetDeps): Budget {
  const now = deps.now ?? (() => new Date());
  const knownGroupCaps = new Map<string, Caps | undefined>();
  const reserved = new Map<string, number>();
  const hasCaps = (caps: Caps | undefined) => caps?.daily !== undefined || caps?.monthly !== undefined;

  function spendOf(w: Window, scope: string, caps: Caps, chatKey?: string): ScopeSpend {
    return {
      scope,
      caps,
      today: deps.store.spent(w.dayRange[0], w.dayRange[1], chatKey),
      month: deps.store.spent(w.monthRange[0], w.monthRange[1], chatKey),
    };
  }

  function scopesFor(w: Window, chatId: string, groupCaps: Caps | undefined): ScopeSpend[] {
    const scopes: ScopeSpend[] = [];
    if (hasCaps(deps.caps())) scopes.push(spendOf(w, 'overall', deps.caps()));
    if (groupCaps && hasCaps(groupCaps)) scopes.push(spendOf(w, chatId, groupCaps, deps.chatKey(chatId)));
    return scopes;
  }

  function capsOfGroup(chatId: string): Caps | undefined | Promise<Caps | undefined> {
    if (!isGroupChat(chatId)) return undefined;
    const caps = deps.groupCaps(chatId);
    if (!(caps instanceof Promise)) {
      knownGroupCaps.set(chatId, caps);
      return caps;
    }
    return caps.then((found) => {
      knownGroupCaps.set(chatId, found);
      return found;
    });
  }

  /** Refuses at a reached cap (no API call), else reserves a credit in every capped scope. */
  function reserve(chatId: string, operation: string, groupCaps: Caps | undefined): void {
    if (!hasCaps(deps.caps()) && !hasCaps(groupCaps)) return;
    const w = windowAt(now());
    const scopes = scopesFor(w, chatId, groupCaps);
    const inFlight = (scope: string) => reserved.get(scope) ?? 0;
    for (const spend of scopes) {
      const hit = refusal([spend], inFlight(spend.scope));
      if (hit) {
        tell({ ...hit, spent: Math.max(hit.spent, hit.cap), level: 'cap' }, w);
        throw new BudgetExceededError(operation, hit.scope, hit.period, hit.cap);
      }
    }
    for (const spend of scopes) reserved.set(spend.scope, inFlight(spend.scope) + 1);
  }

  function tell(hit: CapHit & { level: 'warning' | 'cap' }, w: Window): void {
    const period = hit.period === 'day' ? w.day : w.month;
    if (!deps.store.noticeOnce(hit.scope, period, hit.level, now().getTime())) return;
    deps.logger?.warn(
      { alert: 'credit-budget', ...hit },
      `credit budget ${hit.level} (${hit.scope}, ${hit.period})`,
    );
    void deps.notices?.notify(hit.level === 'cap' ? 'presupuesto-tope-aviso' : 'presupuesto-80-aviso', {
      diario: hit.period === 'day',
      grupo: hit.scope === 'overall' ? undefined : hit.scope,
      gastado: hit.spent,
      tope: hit.cap,
    });
    if (hit.level === 'cap')
      deps.onCap?.({ scope: hit.scope, period: hit.period, spent: hit.spent, cap: hit.cap });
  }

  return {
    beforeUpstream(chatId, operation) {
      if (!hasCaps(deps.caps()) && !isGroupChat(chatId)) return undefined;
      const groupCaps = capsOfGroup(chatId);
      if (groupCaps instanceof Promise) return groupCaps.then((caps) => reserve(chatId, operation, caps));
      reserve(chatId, operation, groupCaps);
      return undefined;
    },
    afterUpstream(chatId, _operation, answered) {
      const groupCaps = knownGroupCaps.get(chatId);
      for (const scope of ['overall', ...(hasCaps(groupCaps) ? [chatId] : [])]) {
        const left = (reserved.get(scope) ?? 0) - 1;
        if (left > 0) reserved.set(scope, left);
        else reserved.delete(scope);
      }
      if (!hasCaps(deps.caps()) && !hasCaps(groupCaps)) return;
      const w = windowAt(now());
      const extra = answered ? 1 : 0;
      const scopes = scopesFor(w, chatId, groupCaps).map((spend) => ({
        ...spend,
        today: spend.today + extra,
        month: spend.month + extra,
      }));
      for (const hit of thresholds(scopes)) tell(hit, w);
    },
    status(chatId) {
      const w = windowAt(now());
      const key = deps.chatKey(chatId);
      const own = {
        today: deps.store.spent(...w.dayRange, key),
        month: deps.store.spent(...w.monthRange, key),
      };
      const caps = knownGroupCaps.get(chatId) ?? deps.groupCapsById?.(chatId);
      return statusOf(w.day, w.month, own, scopesFor(w, chatId, caps));
    },
    overall() {
      const w = windowAt(now());
      const all = spendOf(w, 'overall', deps.caps());
      return statusOf(w.day, w.month, all, hasCaps(deps.caps()) ? [all] : []);
    },
  };
}
