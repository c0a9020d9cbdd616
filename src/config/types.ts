import type { TaxPortalCredentials } from '../lookup/api.js';
import type { CacheTtlSeconds } from './cache-ttl.js';
import type { AlertFormat, LogLevel } from './rules.js';

/** A group the bot works in, from the config file; `id` or `name` (resolved via the directory). */
export interface GroupConfig {
  id?: string;
  name?: string;
  /** Personal-data commands (dni, dniruc, ce, cee, ci, licencia) are allowed here. */
  personalData: boolean;
  schedules: { job: string; spec: string }[];
  /** The group's own caps on paid lookups (on top of the overall ones). */
  credits?: { daily?: number; monthly?: number };
}

/** Defaults of the `whatsapp` keys on WhatsApp's limits (issue 21), where a config leaves them out. */
export const WHATSAPP_LIMIT_DEFAULTS = {
  newChats: { dailyCap: 20 },
  sentCopies: { days: 14, maxMegabytes: 64 },
  retryReceipts: { alertPerHour: 20 },
} as const;

export interface WhatsappConfig {
  /** Digits with country code; pairing code instead of QR when set. */
  pairPhone?: string | undefined;
  /** WA Web version for Baileys (repeated 405 closes mean the default was rejected). */
  waVersion?: [number, number, number] | undefined;
  /** Messages older than this (e.g. delivered after downtime) are not answered. */
  maxMessageAgeSeconds: number;
  outbox: { minDelayMs: number; maxDelayMs: number; perChatGapMs: number; payloadRetentionMinutes?: number };
  /** How long a shutdown waits for the outbox to drain. */
  shutdownFlushMs: number;
  /**
   * Delivery tracking: a send without a server ack after `serverAckTimeoutSeconds` is doubtful;
   * a dispatch's group follow-up waits at most `reportAfterMinutes`. Defaults 120 s and 10 min.
   */
  delivery?: { serverAckTimeoutSeconds: number; reportAfterMinutes: number };
  /**
   * First messages to new chats (people who never wrote to the number nor received from it): at
   * most `dailyCap` per Lima day, below the point where WhatsApp restricts young accounts. Default 20.
   */
  newChats?: { dailyCap: number };
  /** Sealed copies of sent messages for retry requests: kept `days` (≥ 14), at most `maxMegabytes`. */
  sentCopies?: { days: number; maxMegabytes: number };
  /** Retry receipts in one group within an hour that raise the `whatsapp-retries` alert (default 20). */
  retryReceipts?: { alertPerHour: number };
}

export interface SchedulerConfig {
  /** A post missed while down is sent late only within this window after its time. */
  catchUpMinutes: number;
  /** Retries when the day's exchange rate is not published yet. */
  rateRetries: number;
  rateRetryIntervalMinutes: number;
  /**
   * Extra holidays ('YYYY-MM-DD', e.g. Holy Thursday and Good Friday) on top of the fixed-date
   * ones in src/time/lima.ts: days with no exchange rate of their own.
   */
  holidays: string[];
}

/** Weekdays the weekly watch summary may go out on (the check runs Monday to Friday). */
export const WATCH_SUMMARY_DAYS = ['off', 'lun', 'mar', 'mie', 'jue', 'vie'] as const;

/** The watch list (`vigilar`): one shared check per working day, changes posted per group. */
export interface WatchConfig {
  /** Lima time 'HH:MM' of the daily check (Monday to Friday, except holidays). */
  time: string;
  /** Most RUCs one group may watch. */
  maxPerGroup: number;
  /** Coercive debt checked on every check day, or on the first check of each week. */
  debtCheck: 'daily' | 'weekly';
  /** Estado and condición read from the padrón mirror (free) for the RUCs it lists. */
  padron: boolean;
  /**
   * For RUCs the mirror answers: agent flags and good taxpayer (a paid `ruc` lookup) on every
   * check day, on the first check of each week, or never. RUCs the mirror lacks are looked up daily.
   */
  flagsCheck: 'daily' | 'weekly' | 'off';
  /** Weekday of the summary of everything watched, or 'off'. */
  weeklySummary: (typeof WATCH_SUMMARY_DAYS)[number];
}

/** The batch check (`lote`). */
export interface BatchConfig {
  /** Most distinct numbers in one batch. */
  maxEntries: number;
  /** Estado, condición, name and address from the padrón mirror (free) for the RUCs it lists. */
  padron: boolean;
  /** Agent flags and good taxpayer: a paid `ruc` lookup even for RUCs the mirror answers. */
  agentFlags: boolean;
  /** Coercive debt of every RUC (one paid lookup each). */
  debt: boolean;
  /** A batch that may cost more credits than this waits for "sí". */
  confirmAbove: number;
  /** Minutes a pending confirmation waits. */
  confirmMinutes: number;
  /** Lookups in flight at once (the API's rate limit). */
  concurrency: number;
  /** Extra attempts per number after a transient failure (on top of the client's own retries). */
  retries: number;
  retryDelayMs: number;
  /** Largest attached file read (.txt, .csv, .xlsx). */
  maxFileBytes: number;
  /** Most rows (or numbers of a .txt) read from an attached file; more is refused. */
  maxFileRows: number;
  /** An .xlsx is refused when its parts add up to more than this once unzipped (zip bombs). */
  maxUnzippedBytes: number;
  /** Most files inside an .xlsx (a ZIP). */
  maxZipEntries: number;
  /** Most an .xlsx part over 1 MiB may expand (uncompressed / compressed size). */
  maxZipRatio: number;
  /** Longest an attached file may take to read before it is refused. */
  maxReadMs: number;
}

/** The validated configuration every module reads; built once by loadConfig. */
export interface Config {
  dataDir: string;
  logLevel: LogLevel;
  /** The file read (absent when none); for the start-up summary. */
  configFile?: string;
  lookup: {
    baseUrl?: string | undefined;
    token?: string | undefined;
    messagingBaseUrl?: string | undefined;
    messagingToken?: string | undefined;
    timeoutMs: number;
    retries: number;
    /** Body size caps (bytes); the client's defaults when absent. */
    maxBodyBytes?: number | undefined;
    maxZipBodyBytes?: number | undefined;
  };
  /** CHASQUI_SECRET: key for cache encryption and pseudonyms; else `<dataDir>/secret.key`. */
  secret?: string;
  /** Overall caps on paid lookups (CHASQUI_CREDITS_DAILY / _MONTHLY over the file's `credits`). */
  credits: { daily?: number; monthly?: number };
  /** `guia <ref> enviar`: anti-abuse limits per driver. */
  guides: { resendCooldownMinutes: number; maxDocumentsPerDriverPerDay: number };
  taxPortal?: TaxPortalCredentials | undefined;
  /** Owners: phone digits with country code, or a LID (`…@lid`) for an owner with no phone shown. */
  admins: string[];
  groupAdminsAreAdmins: boolean;
  groups: GroupConfig[];
  directChats: 'admins' | 'everyone';
  rateLimitPerMinute: number;
  maxListItems: number;
  maxZipBytes: number;
  cacheTtlSeconds: CacheTtlSeconds;
  /** Document number → phone (digits with country code). */
  drivers: Record<string, string>;
  whatsapp: WhatsappConfig;
  scheduler: SchedulerConfig;
  watch: WatchConfig;
  batch: BatchConfig;
  /** The operations console and its HTTP endpoints (CHASQUI_CONSOLE_*). */
  console: ConsoleConfig;
  /** JSON POST target for operator alerts (CHASQUI_ALERT_WEBHOOK). */
  alertWebhook?: string;
  /** The body the webhook's service needs (CHASQUI_ALERT_FORMAT over `alerts.format`; generic). */
  alerts: { format: AlertFormat };
  /** This instance's short name in alerts and metrics (CHASQUI_INSTANCE; default "chasqui"). */
  instance: string;
  /** Daily backup in the data directory (`backup.daily` unset: off). */
  backup: { daily?: string | undefined; keep: number; dir: string };
  /** The local mirror of SUNAT's padrón reducido del RUC (src/padron/). */
  padron: PadronConfig;
  /** The free official exchange rate (BCRP, SBS) used by `tc` before the paid API (src/official/). */
  exchangeRate: { official: boolean; bcrpUrl: string };
}

/** `padron` in the config file: where the register comes from, when it is refreshed, what is refused. */
export interface PadronConfig {
  url: string;
  /** Lima 'HH:MM' of the daily update under `chasqui start`, or 'off'. */
  time: string;
  maxAgeDays: number;
  minRowFraction: number;
}

export interface ConsoleConfig {
  /** 'off' disables the console and the health/metrics endpoints. */
  port: number | 'off';
  host: string;
  /** Required to bind beyond loopback; kept only as a hash once the console starts. */
  password?: string;
  /** Host names served besides loopback and the bind address (DNS rebinding defence). */
  allowedHosts?: string[];
  /** Reverse proxies (IPs or ranges) whose X-Forwarded-For / -Proto / -Host are believed. */
  trustedProxies?: string[];
  /** A Bearer token that opens /metrics only (CHASQUI_METRICS_TOKEN): Prometheus without the password. */
  metricsToken?: string;
}
