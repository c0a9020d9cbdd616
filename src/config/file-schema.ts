import { z } from 'zod';
import {
  type CacheTtlSeconds,
  MAX_PERSONAL_DATA_TTL_SECONDS,
  NEVER_CACHED_OPERATIONS,
  OPERATION_NAMES,
  PERSONAL_DATA_OPERATIONS,
} from './cache-ttl.js';
import { consoleFileSchema } from './console-keys.js';
import {
  alertFormatSchema,
  booleanSchema,
  intRange,
  logLevelSchema,
  ownerSchema,
  phoneSchema,
  urlSchema,
  waVersionSchema,
} from './rules.js';
import { fold } from '../text/fold.js';
import { GROUP_ID_SHAPE, groupChat } from '../transports/ids.js';
import { WATCH_SUMMARY_DAYS, WHATSAPP_LIMIT_DEFAULTS } from './types.js';
import { maskTail, normalizePhone } from './values.js';
import { weaklyHeld } from './weakly-held.js';

/**
 * The config file (YAML or JSON) as zod sees it. Every object is strict, so a typo is an error that
 * names the unknown key. Keys the environment can override are optional here; defaults for them
 * are applied after the merge (see config.ts).
 */

const GROUP_ID_MESSAGE = `expected a WhatsApp group id such as "${groupChat('120363000000000001')}"`;
const nonEmpty = (what: string) =>
  z
    .string({ error: `expected ${what}` })
    .trim()
    .min(1, `expected ${what}`);

/**
 * Builds the file's schema (issue 22, a lean process: zod schemas are ~1 MB of heap that `start`
 * needs once; built on demand and held weakly, they go with the first garbage collection after
 * the config is read, and tests that parse many configs reuse one while it lives).
 */
function buildFileSchema() {
  /** `credits: { daily, monthly }`: caps on paid lookups (overall, or a group's own). */
  const creditsSchema = z.strictObject({
    daily: intRange(0, 10_000_000, 'paid lookups per day').optional(),
    monthly: intRange(0, 100_000_000, 'paid lookups per month').optional(),
  });

  const scheduleSchema = z.strictObject({
    job: nonEmpty('a job name such as "tc" or "afp"'),
    spec: nonEmpty('a schedule such as "08:30", "08:30 todos" or "dia 1 09:00"'),
  });

  const groupSchema = z
    .strictObject({
      id: z.string({ error: GROUP_ID_MESSAGE }).trim().regex(GROUP_ID_SHAPE, GROUP_ID_MESSAGE).optional(),
      name: nonEmpty('the group name as shown in WhatsApp').optional(),
      personalData: booleanSchema.default(false),
      schedules: z.array(scheduleSchema, { error: 'expected a list of {job, spec}' }).default([]),
      credits: creditsSchema.optional(),
    })
    .refine((group) => group.id !== undefined || group.name !== undefined, {
      error: 'each group needs an "id" or a "name"',
    });

  const groupsSchema = z
    .array(groupSchema, { error: 'expected a list of groups' })
    .default([])
    .superRefine((groups, ctx) => {
      const seen = new Map<string, number>();
      groups.forEach((group, index) => {
        const keys = [group.id ? `id:${group.id}` : '', group.name ? `name:${fold(group.name)}` : ''];
        for (const key of keys.filter(Boolean)) {
          const first = seen.get(key);
          if (first !== undefined) {
            const field = key.startsWith('id:') ? 'id' : 'name';
            ctx.addIssue({ code: 'custom', path: [index, field], message: `same group as groups[${first}]` });
          } else {
            seen.set(key, index);
          }
        }
      });
    });

  const DAY = 86_400;

  function ttlShape() {
    const shape: Record<string, z.ZodType> = {};
    for (const operation of OPERATION_NAMES) shape[operation] = intRange(0, 366 * DAY, 'seconds').optional();
    for (const operation of PERSONAL_DATA_OPERATIONS) {
      shape[operation] = intRange(
        0,
        MAX_PERSONAL_DATA_TTL_SECONDS,
        'seconds (personal data, Ley 29733)',
      ).optional();
    }
    for (const operation of NEVER_CACHED_OPERATIONS) {
      shape[operation] = z.literal(0, { error: 'must be 0: invoice files are never cached' }).optional();
    }
    shape.pastRates = intRange(0, 366 * DAY, 'seconds').optional();
    shape.notFound = intRange(0, 3600, 'seconds').optional();
    return shape;
  }

  const cacheTtlSchema = z.strictObject(ttlShape()).transform((value) => value as Partial<CacheTtlSeconds>);

  const DOCUMENT_MESSAGE = 'expected a document number (8 to 12 letters or digits; quote it in YAML)';

  /** `drivers: { "41234567": "+51 987 654 321" }`; issue paths mask the document number. */
  const driversSchema = z
    .record(z.string(), z.unknown(), { error: 'expected a map of document number to phone number' })
    .transform((record, ctx) => {
      const out: Record<string, string> = {};
      for (const [key, value] of Object.entries(record)) {
        const documentNumber = key.trim().toUpperCase();
        if (!/^[0-9A-Z]{8,12}$/.test(documentNumber)) {
          ctx.addIssue({ code: 'custom', path: [maskTail(key)], message: DOCUMENT_MESSAGE });
          continue;
        }
        const phone =
          typeof value === 'string' || typeof value === 'number' ? normalizePhone(String(value)) : undefined;
        if (phone === undefined) {
          ctx.addIssue({
            code: 'custom',
            path: [maskTail(key)],
            message: 'expected a phone number with country code, e.g. "+51 987 654 321"',
          });
          continue;
        }
        out[documentNumber] = phone;
      }
      return out;
    });

  const outboxSchema = z.strictObject({
    minDelayMs: intRange(0, 60_000, 'milliseconds').default(400),
    maxDelayMs: intRange(0, 60_000, 'milliseconds').default(1_500),
    perChatGapMs: intRange(0, 600_000, 'milliseconds').default(1_000),
    /** Reply texts and quoted messages are scrubbed this long after sending (WhatsApp retries). */
    payloadRetentionMinutes: intRange(1, 7 * 24 * 60, 'minutes').default(60),
  });

  const deliverySchema = z.strictObject({
    serverAckTimeoutSeconds: intRange(10, 3600, 'seconds').default(120),
    reportAfterMinutes: intRange(1, 24 * 60, 'minutes').default(10),
  });

  /** First messages to people who never wrote to the number nor got one from it (issue 21). */
  const newChatsSchema = z.strictObject({
    dailyCap: intRange(0, 1_000, 'first messages per Lima day').default(
      WHATSAPP_LIMIT_DEFAULTS.newChats.dailyCap,
    ),
  });

  /** Sealed copies of sent messages, to answer recipients' retry requests (issue 21). */
  const sentCopiesSchema = z.strictObject({
    days: intRange(14, 90, 'days').default(WHATSAPP_LIMIT_DEFAULTS.sentCopies.days),
    maxMegabytes: intRange(1, 4_096, 'megabytes').default(WHATSAPP_LIMIT_DEFAULTS.sentCopies.maxMegabytes),
  });

  /** Retry receipts ("Esperando el mensaje") in one group within an hour that raise an alert. */
  const retryReceiptsSchema = z.strictObject({
    alertPerHour: intRange(1, 100_000, 'retry receipts per group and hour').default(
      WHATSAPP_LIMIT_DEFAULTS.retryReceipts.alertPerHour,
    ),
  });

  const whatsappSchema = z
    .strictObject({
      pairPhone: phoneSchema.optional(),
      waVersion: waVersionSchema.optional(),
      maxMessageAgeSeconds: intRange(10, 7 * DAY, 'seconds').default(600),
      outbox: outboxSchema.prefault({}),
      shutdownFlushMs: intRange(0, 120_000, 'milliseconds').default(5_000),
      delivery: deliverySchema.prefault({}),
      newChats: newChatsSchema.prefault({}),
      sentCopies: sentCopiesSchema.prefault({}),
      retryReceipts: retryReceiptsSchema.prefault({}),
    })
    .superRefine((value, ctx) => {
      if (value.outbox.minDelayMs > value.outbox.maxDelayMs) {
        ctx.addIssue({
          code: 'custom',
          path: ['outbox', 'maxDelayMs'],
          message: 'must be ≥ outbox.minDelayMs',
        });
      }
    });

  const HOLIDAY_MESSAGE = 'expected a date as YYYY-MM-DD, e.g. "2026-04-02"';
  const holidaySchema = z
    .string({ error: HOLIDAY_MESSAGE })
    .trim()
    .refine((text) => /^\d{4}-\d{2}-\d{2}$/.test(text) && isRealDate(text), { error: HOLIDAY_MESSAGE });

  function isRealDate(text: string): boolean {
    const date = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
  }

  const schedulerSchema = z.strictObject({
    catchUpMinutes: intRange(0, 1_440, 'minutes').default(180),
    rateRetries: intRange(0, 20, 'retries').default(3),
    rateRetryIntervalMinutes: intRange(1, 240, 'minutes').default(30),
    holidays: z.array(holidaySchema, { error: 'expected a list of dates as YYYY-MM-DD' }).default([]),
  });

  const watchSchema = z.strictObject({
    time: z
      .string({ error: 'expected a Lima time such as "08:00"' })
      .trim()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected a Lima time such as "08:00" (HH:MM)')
      .default('08:00'),
    maxPerGroup: intRange(1, 1_000, 'RUCs').default(50),
    debtCheck: z.enum(['daily', 'weekly'], { error: 'expected "daily" or "weekly"' }).default('weekly'),
    /** Estado and condición from the padrón mirror (free) for the RUCs it lists. */
    padron: booleanSchema.default(true),
    /** Agent flags and good taxpayer (paid `ruc` lookup) for RUCs the mirror answers. */
    flagsCheck: z
      .enum(['daily', 'weekly', 'off'], { error: 'expected "daily", "weekly" or "off"' })
      .default('weekly'),
    weeklySummary: z
      .enum(WATCH_SUMMARY_DAYS, { error: 'expected "off" or a weekday: lun, mar, mie, jue, vie' })
      .default('off'),
  });

  const batchSchema = z.strictObject({
    maxEntries: intRange(1, 5_000, 'numbers').default(200),
    /** Estado, condición, name and address from the padrón mirror (free) for the RUCs it lists. */
    padron: booleanSchema.default(true),
    /** Agent flags and good taxpayer: a paid `ruc` lookup even for RUCs the mirror answers. */
    agentFlags: booleanSchema.default(false),
    /** Coercive debt of every RUC (paid). */
    debt: booleanSchema.default(true),
    confirmAbove: intRange(0, 100_000, 'credits').default(20),
    confirmMinutes: intRange(1, 60, 'minutes').default(5),
    concurrency: intRange(1, 32, 'lookups').default(4),
    retries: intRange(0, 5, 'retries').default(2),
    retryDelayMs: intRange(0, 60_000, 'milliseconds').default(2_000),
    maxFileBytes: intRange(1_024, 20 * 1024 * 1024, 'bytes').default(2 * 1024 * 1024),
    // Reading an attachment: rows, size once unzipped (.xlsx), ZIP entries and ratio, time.
    maxFileRows: intRange(100, 1_000_000, 'rows').default(20_000),
    maxUnzippedBytes: intRange(64 * 1024, 256 * 1024 * 1024, 'bytes').default(16 * 1024 * 1024),
    maxZipEntries: intRange(10, 10_000, 'files inside the .xlsx').default(500),
    maxZipRatio: intRange(10, 10_000, 'times its compressed size').default(200),
    maxReadMs: intRange(100, 120_000, 'milliseconds').default(5_000),
  });

  const lookupSchema = z.strictObject({
    baseUrl: urlSchema.optional(),
    messagingBaseUrl: urlSchema.optional(),
    timeoutMs: intRange(100, 120_000, 'milliseconds').optional(),
    retries: intRange(0, 10, 'retries').optional(),
    /** Largest upstream body read; larger for the ZIP operations (base64 in JSON). */
    maxBodyBytes: intRange(1_024, 64 * 1024 * 1024, 'bytes').optional(),
    maxZipBodyBytes: intRange(1_024, 512 * 1024 * 1024, 'bytes').optional(),
  });

  const MIB = 1024 * 1024;

  const TIME_MESSAGE = 'expected a time as HH:MM (24 h, Lima time), e.g. "03:30"';
  const backupSchema = z.strictObject({
    daily: z
      .string({ error: TIME_MESSAGE })
      .trim()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: TIME_MESSAGE })
      .optional(),
    keep: intRange(1, 365, 'backups').default(7),
    dir: nonEmpty('a directory path').default('backups'),
  });

  /** SUNAT's padrón reducido del RUC (issue 23; sources in src/padron/SOURCES.md). */
  const PADRON_DEFAULT_URL = 'https://www2.sunat.gob.pe/padron_reducido_ruc.zip';

  const PADRON_TIME_MESSAGE = 'expected a Lima time as HH:MM, e.g. "05:30", or "off"';
  const padronSchema = z.strictObject({
    url: urlSchema.default(PADRON_DEFAULT_URL),
    /** Lima time of the daily update while `chasqui start` runs, or 'off'. */
    time: z
      .string({ error: PADRON_TIME_MESSAGE })
      .trim()
      .regex(/^(([01]\d|2[0-3]):[0-5]\d|off)$/, { error: PADRON_TIME_MESSAGE })
      .default('05:30'),
    /** An edition older than this is reported stale (log and `chasqui padron status`). */
    maxAgeDays: intRange(1, 60, 'days').default(3),
    /** A new edition with fewer rows than this share of the live one is refused. */
    minRowFraction: z
      .number({ error: 'expected a fraction between 0 and 1, e.g. 0.9' })
      .min(0, { error: 'expected a fraction between 0 and 1, e.g. 0.9' })
      .max(1, { error: 'expected a fraction between 0 and 1, e.g. 0.9' })
      .default(0.9),
  });

  /** The free official exchange rate (BCRP's SBS series) before the paid one (issue 23). */
  const BCRP_DEFAULT_URL = 'https://estadisticas.bcrp.gob.pe';
  const exchangeRateSchema = z.strictObject({
    official: booleanSchema.default(true),
    bcrpUrl: urlSchema.default(BCRP_DEFAULT_URL),
  });

  return z.strictObject({
    dataDir: nonEmpty('a directory path').optional(),
    logLevel: logLevelSchema.optional(),
    lookup: lookupSchema.prefault({}),
    admins: z.array(ownerSchema, { error: 'expected a list of phone numbers or LIDs' }).default([]),
    groupAdminsAreAdmins: booleanSchema.default(false),
    groups: groupsSchema,
    directChats: z
      .enum(['admins', 'everyone'], { error: 'expected "admins" or "everyone"' })
      .default('admins'),
    rateLimitPerMinute: intRange(1, 600, 'commands per user and minute').optional(),
    maxListItems: intRange(1, 100, 'items').default(10),
    maxZipBytes: intRange(1_024, 100 * MIB, 'bytes').default(10 * MIB),
    cacheTtlSeconds: cacheTtlSchema.prefault({}),
    drivers: driversSchema.default({}),
    whatsapp: whatsappSchema.prefault({}),
    scheduler: schedulerSchema.prefault({}),
    credits: creditsSchema.prefault({}),
    guides: z
      .strictObject({
        resendCooldownMinutes: intRange(0, 7 * 24 * 60, 'minutes').default(30),
        maxDocumentsPerDriverPerDay: intRange(1, 1_000, 'documents').default(20),
      })
      .prefault({}),
    watch: watchSchema.prefault({}),
    batch: batchSchema.prefault({}),
    backup: backupSchema.prefault({}),
    padron: padronSchema.prefault({}),
    exchangeRate: exchangeRateSchema.prefault({}),
    console: consoleFileSchema.prefault({}),
    /** The webhook's URL is a secret (CHASQUI_ALERT_WEBHOOK only); its format may live here. */
    alerts: z.strictObject({ format: alertFormatSchema.optional() }).prefault({}),
  });
}

type FileSchema = ReturnType<typeof buildFileSchema>;

/** The config file's schema: the one built last while it lives, a new one otherwise. */
export const fileSchema = weaklyHeld(buildFileSchema);

export type FileConfig = z.output<FileSchema>;
