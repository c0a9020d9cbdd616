import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { RouteResult } from '../bot/outcome.js';
import type { BudgetPort, DeliveryStatesPort } from '../console/ports.js';
import type { LookupMiddleware } from '../lookup/call.js';
import type { DbStats } from './db-stats.js';

/**
 * Prometheus metrics (prom-client, one registry per process, not the global one so tests stay
 * independent). Event counters are fed by hooks in start.ts; store-derived values (outbox,
 * lookups, credits) are read from SQLite at scrape time, so they survive restarts.
 */
export interface MetricsSources {
  stats: DbStats;
  /** Closes by code since start (WhatsAppStateTracker.closes). */
  closes: () => ReadonlyMap<string, number>;
  deliveries?: DeliveryStatesPort;
  budget?: BudgetPort;
  now?: () => number;
}

export interface Metrics {
  readonly registry: Registry;
  /** One incoming message and its router outcome. */
  messageIn(result: RouteResult): void;
  /** An outgoing message queued, or given up on by the outbox. */
  messageOut(outcome: 'queued' | 'failed'): void;
  /** Times every call that reaches the lookup API, by operation and outcome (an upstream middleware). */
  readonly timeLookup: LookupMiddleware;
  text(): Promise<string>;
  readonly contentType: string;
}

export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  const now = sources.now ?? Date.now;
  const messagesIn = new Counter({
    name: 'chasqui_messages_in_total',
    help: 'Incoming messages by router outcome',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const messagesOut = new Counter({
    name: 'chasqui_messages_out_total',
    help: 'Outgoing messages queued, and given up on by the outbox',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'chasqui_lookup_duration_seconds',
    help: 'Lookup API call latency by operation (cache misses only; cache hits never reach it)',
    labelNames: ['operation', 'outcome'],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
    registers: [registry],
  });
  new Counter({
    name: 'chasqui_lookups_total',
    help: 'Lookups in the usage log by operation and result (spent = credit used, cached = credit saved)',
    labelNames: ['operation', 'result'],
    registers: [registry],
    collect() {
      this.reset();
      for (const row of sources.stats.lookups()) {
        this.inc({ operation: row.operation, result: 'spent' }, row.spent);
        this.inc({ operation: row.operation, result: 'cached' }, row.cached);
        this.inc({ operation: row.operation, result: 'failed' }, row.failed);
      }
    },
  });
  new Counter({
    name: 'chasqui_cache_hits_total',
    help: 'Lookups answered from the cache or a shared call (credits saved)',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(sources.stats.lookups().reduce((sum, row) => sum + row.cached, 0));
    },
  });
  new Counter({
    name: 'chasqui_credits_spent_total',
    help: 'Lookup API credits spent (answered upstream)',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(sources.stats.lookups().reduce((sum, row) => sum + row.spent, 0));
    },
  });
  if (sources.budget) {
    const budget = sources.budget;
    new Gauge({
      name: 'chasqui_credit_budget_monthly',
      help: 'Monthly credit budget, when one is set',
      registers: [registry],
      collect() {
        const value = budget.monthlyCredits();
        if (value !== undefined) this.set(value);
      },
    });
  }
  new Gauge({
    name: 'chasqui_outbox_depth',
    help: 'Outbox rows by status (pending = still to send; sent/failed kept for the retention period)',
    labelNames: ['status'],
    registers: [registry],
    collect() {
      const stats = sources.stats.outbox();
      for (const status of ['pending', 'sent', 'failed'] as const) this.set({ status }, stats[status]);
    },
  });
  new Gauge({
    name: 'chasqui_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest pending outbox message (0 when none)',
    registers: [registry],
    collect() {
      const oldest = sources.stats.outbox().oldestPendingAt;
      this.set(oldest === undefined ? 0 : Math.max(0, (now() - oldest) / 1000));
    },
  });
  new Counter({
    name: 'chasqui_whatsapp_closes_total',
    help: 'WhatsApp connection closes (reconnects and stops) by close code since start',
    labelNames: ['code'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [code, n] of sources.closes()) this.inc({ code }, n);
    },
  });
  if (sources.deliveries) {
    const deliveries = sources.deliveries;
    new Gauge({
      name: 'chasqui_driver_deliveries',
      help: 'Messages to drivers by delivery state',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.reset();
        for (const [state, n] of Object.entries(deliveries.counts())) this.set({ state }, n);
      },
    });
  }

  const timeLookup: LookupMiddleware = async (call, next) => {
    const end = latency.startTimer({ operation: call.operation });
    try {
      const result = await next(call);
      end({ outcome: 'ok' });
      return result;
    } catch (error) {
      end({ outcome: (error as { name?: string }).name === 'LookupNotFoundError' ? 'not_found' : 'error' });
      throw error;
    }
  };

  return {
    registry,
    messageIn: (result) => messagesIn.inc({ outcome: result.outcome }),
    messageOut: (outcome) => messagesOut.inc({ outcome }),
    timeLookup,
    text: () => registry.metrics(),
    contentType: registry.contentType,
  };
}
