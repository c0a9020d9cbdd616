import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Outcome, RouteResult } from '../bot/outcome.js';
import { OPERATION_NAMES } from '../config.js';
import type { BudgetPort, DeliveryStatesPort } from '../console/ports.js';
import type { LookupMiddleware } from '../lookup/call.js';
import type { DbStats } from './db-stats.js';
import type { WhatsAppStateTracker } from './whatsapp-state.js';

/**
 * Prometheus metrics (prom-client, one registry per process, not the global one so tests stay
 * independent), with prom-client's default process and Node.js metrics. Event counters are fed by
 * hooks in start.ts; store-derived values (outbox, lookups, credits) are read from SQLite at scrape
 * time, so they survive restarts. Every counter's known series is there at 0 from the start: a
 * rate() or an alert rule sees the first message, not a series appearing out of nowhere.
 */
export interface MetricsSources {
  stats: DbStats;
  /** The connection state (open or not), WhatsApp's limits, closes by code and retry receipts since start. */
  whatsapp: Pick<WhatsAppStateTracker, 'snapshot' | 'closes' | 'retries'>;
  /** Chasqui's own cap on first messages per Lima day (`whatsapp.newChats.dailyCap`). */
  firstMessagesDailyCap?: number;
  /** Start of today in Lima (epoch ms), for the day's first messages. */
  dayStart?: () => number;
  /** This instance's short name (CHASQUI_INSTANCE), the `chasqui_info` label. */
  instance: string;
  deliveries?: DeliveryStatesPort;
  budget?: BudgetPort;
  now?: () => number;
}

export interface Metrics {
  readonly registry: Registry;
  /** One incoming message and its router outcome. */
  messageIn(result: RouteResult): void;
  /** An outgoing message queued, given up on by the outbox, or refused before sending (no WhatsApp). */
  messageOut(outcome: 'queued' | 'failed' | 'refused'): void;
  /** Times every call that reaches the lookup API, by operation and outcome (an upstream middleware). */
  readonly timeLookup: LookupMiddleware;
  text(): Promise<string>;
  readonly contentType: string;
}

/** Every router outcome (a Record, so a new Outcome that is missing here fails to compile). */
const OUTCOMES = Object.keys({
  ok: 1,
  ignored: 1,
  denied: 1,
  invalid: 1,
  unknown: 1,
  failed: 1,
} satisfies Record<Outcome, 1>) as Outcome[];

/** The close codes of the reconnect policy (transports' baileys-policy.ts), present at 0. */
const KNOWN_CLOSE_CODES = ['401', '403', '405', '408', '411', '428', '440', '500', '503', '515'];

export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const now = sources.now ?? Date.now;
  // `chasqui_instance`, not `instance`: Prometheus gives every scraped series the target's own
  // `instance` label (host:port), and renames a clashing one to `exported_instance`.
  new Gauge({
    name: 'chasqui_info',
    help: 'Always 1; its chasqui_instance label is this instance’s name (CHASQUI_INSTANCE)',
    labelNames: ['chasqui_instance'],
    registers: [registry],
  }).set({ chasqui_instance: sources.instance }, 1);
  new Gauge({
    name: 'chasqui_whatsapp_connected',
    help: '1 while the WhatsApp connection is open, else 0 (connecting, pairing, reconnecting, stopped)',
    registers: [registry],
    collect() {
      this.set(sources.whatsapp.snapshot().connection === 'open' ? 1 : 0);
    },
  });
  const messagesIn = new Counter({
    name: 'chasqui_messages_in_total',
    help: 'Incoming messages by router outcome',
    labelNames: ['outcome'],
    registers: [registry],
  });
  for (const outcome of OUTCOMES) messagesIn.inc({ outcome }, 0);
  const messagesOut = new Counter({
    name: 'chasqui_messages_out_total',
    help: 'Outgoing messages queued, and given up on by the outbox',
    labelNames: ['outcome'],
    registers: [registry],
  });
  for (const outcome of ['queued', 'failed', 'refused']) messagesOut.inc({ outcome }, 0);
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
      for (const operation of OPERATION_NAMES) {
        for (const result of ['spent', 'cached', 'failed']) this.inc({ operation, result }, 0);
      }
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
    help: 'Outbox rows by status (pending = still to send, held ones included; held = waiting for a WhatsApp restriction or cap to end)',
    labelNames: ['status'],
    registers: [registry],
    collect() {
      const stats = sources.stats.outbox();
      for (const status of ['pending', 'sent', 'failed', 'held'] as const)
        this.set({ status }, stats[status]);
    },
  });
  new Gauge({
    name: 'chasqui_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest pending outbox message not held by a WhatsApp restriction or cap (0 when none)',
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
      for (const code of KNOWN_CLOSE_CODES) this.inc({ code }, 0);
      for (const [code, n] of sources.whatsapp.closes()) this.inc({ code }, n);
    },
  });
  whatsappLimitMetrics(registry, sources, now);
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

/**
 * WhatsApp's limits on the account (issue 21): the restriction of new chats and its end, WhatsApp's
 * new-chat cap, the day's first messages against Chasqui's cap, retry receipts per group.
 */
function whatsappLimitMetrics(registry: Registry, sources: MetricsSources, now: () => number): void {
  const { whatsapp } = sources;
  new Gauge({
    name: 'chasqui_whatsapp_restricted',
    help: '1 while WhatsApp restricts first messages to new chats (reach-out time lock), else 0',
    registers: [registry],
    collect() {
      const restriction = whatsapp.snapshot().restriction;
      const until = restriction?.until?.getTime();
      this.set(restriction?.active && (until === undefined || until > now()) ? 1 : 0);
    },
  });
  new Gauge({
    name: 'chasqui_whatsapp_restriction_end_seconds',
    help: 'When WhatsApp says the restriction of new chats ends (Unix seconds; 0 when none or not said)',
    registers: [registry],
    collect() {
      const restriction = whatsapp.snapshot().restriction;
      const until = restriction?.active ? restriction.until?.getTime() : undefined;
      this.set(until === undefined ? 0 : Math.round(until / 1000));
    },
  });
  new Gauge({
    name: 'chasqui_whatsapp_new_chat_quota',
    help: "WhatsApp's cap on new chats this cycle: total and used (absent until WhatsApp tells)",
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      this.reset();
      const cap = whatsapp.snapshot().newChatCap;
      if (cap?.total !== undefined) this.set({ kind: 'total' }, cap.total);
      if (cap?.used !== undefined) this.set({ kind: 'used' }, cap.used);
    },
  });
  const dayStart = sources.dayStart;
  if (dayStart) {
    new Gauge({
      name: 'chasqui_whatsapp_first_messages_today',
      help: 'First messages to new chats sent today (Lima day), counted in the store',
      registers: [registry],
      collect() {
        this.set(sources.stats.firstMessagesSince(dayStart()));
      },
    });
  }
  if (sources.firstMessagesDailyCap !== undefined) {
    new Gauge({
      name: 'chasqui_whatsapp_first_messages_daily_cap',
      help: "Chasqui's cap on first messages to new chats per Lima day (whatsapp.newChats.dailyCap)",
      registers: [registry],
    }).set(sources.firstMessagesDailyCap);
  }
  new Counter({
    name: 'chasqui_whatsapp_retry_receipts_total',
    help: 'Retry receipts (a recipient could not decrypt a message and asked again) by group since start; direct = one-to-one chats',
    labelNames: ['group'],
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ group: 'direct' }, 0);
      for (const [group, n] of whatsapp.retries()) this.inc({ group }, n);
    },
  });
}
