import { DEFAULT_CACHE_TTL_SECONDS } from './config/cache-ttl.js';
import { type EnvConfig, readEnv } from './config/env.js';
import { ConfigError, type ConfigIssue, issuesFromZod } from './config/errors.js';
import { readConfigFile } from './config/file.js';
import { type FileConfig, fileSchema } from './config/file-schema.js';
import type { Config } from './config/types.js';

/**
 * Configuration entry point: environment (secrets and basics) over the optional config file
 * (CHASQUI_CONFIG, YAML or JSON) over defaults, validated once with zod at start-up.
 */

export type { CacheTtlSeconds } from './config/cache-ttl.js';
export { DEFAULT_CACHE_TTL_SECONDS, OPERATION_NAMES } from './config/cache-ttl.js';
export { describeConfig } from './config/describe.js';
export { ENV_VARIABLES } from './config/env.js';
export type { Config, WhatsappConfig } from './config/types.js';
export { WHATSAPP_LIMIT_DEFAULTS } from './config/types.js';
export { normalizePhone } from './config/values.js';
export { ConfigError };

/** Defaults for the keys both the environment and the file may set. */
export const CONFIG_DEFAULTS = {
  dataDir: './data',
  logLevel: 'info',
  timeoutMs: 10_000,
  retries: 2,
  rateLimitPerMinute: 10,
  consolePort: 8390,
  consoleHost: '127.0.0.1',
  instance: 'chasqui',
  alertFormat: 'generic',
} as const;

export interface LoadConfigOptions {
  env?: NodeJS.ProcessEnv;
  /** Config file path; overrides CHASQUI_CONFIG. */
  file?: string;
}

/** Reads env + file and returns the validated Config; throws ConfigError naming every bad key. */
export function loadConfig(options: LoadConfigOptions = {}): Config {
  const env = options.env ?? process.env;
  const envResult = readEnv(env);
  const file = options.file ?? nonEmpty(env.CHASQUI_CONFIG);
  const issues: ConfigIssue[] = [...envResult.issues];
  let data: unknown = {};
  if (file !== undefined) {
    const read = readConfigFile(file);
    issues.push(...read.issues);
    data = read.data ?? {};
  }
  const parsed = parseFile(data);
  issues.push(...parsed.issues);
  if (issues.length > 0 || !envResult.value || !parsed.value) throw new ConfigError(issues, file);
  return merge(parsed.value, envResult.value, file);
}

/**
 * Builds a Config from an in-memory file object plus an environment (tests, harnesses): the same
 * validation and precedence as loadConfig without touching the disk.
 */
export function parseConfig(data: unknown = {}, env: NodeJS.ProcessEnv = {}): Config {
  const envResult = readEnv(env);
  const parsed = parseFile(data);
  const issues = [...envResult.issues, ...parsed.issues];
  if (issues.length > 0 || !envResult.value || !parsed.value) throw new ConfigError(issues);
  return merge(parsed.value, envResult.value, undefined);
}

function parseFile(data: unknown): { value?: FileConfig; issues: ConfigIssue[] } {
  const schema = fileSchema();
  const result = schema.safeParse(data);
  return result.success
    ? { value: result.data, issues: [] }
    : { issues: issuesFromZod(result.error, schema) };
}

function merge(file: FileConfig, env: EnvConfig, configFile: string | undefined): Config {
  const taxPortal =
    env.TAX_PORTAL_RUC && env.TAX_PORTAL_USER && env.TAX_PORTAL_PASSWORD
      ? { ruc: env.TAX_PORTAL_RUC, user: env.TAX_PORTAL_USER, password: env.TAX_PORTAL_PASSWORD }
      : undefined;
  const config: Config = {
    dataDir: env.CHASQUI_DATA_DIR ?? file.dataDir ?? CONFIG_DEFAULTS.dataDir,
    logLevel: env.LOG_LEVEL ?? file.logLevel ?? CONFIG_DEFAULTS.logLevel,
    lookup: {
      baseUrl: env.LOOKUP_BASE_URL ?? file.lookup.baseUrl,
      token: env.LOOKUP_TOKEN,
      messagingBaseUrl: env.MESSAGING_BASE_URL ?? file.lookup.messagingBaseUrl,
      messagingToken: env.MESSAGING_TOKEN,
      timeoutMs: env.LOOKUP_TIMEOUT_MS ?? file.lookup.timeoutMs ?? CONFIG_DEFAULTS.timeoutMs,
      retries: env.LOOKUP_RETRIES ?? file.lookup.retries ?? CONFIG_DEFAULTS.retries,
      maxBodyBytes: file.lookup.maxBodyBytes,
      maxZipBodyBytes: file.lookup.maxZipBodyBytes,
    },
    credits: definedOnly({
      daily: env.CHASQUI_CREDITS_DAILY ?? file.credits.daily,
      monthly: env.CHASQUI_CREDITS_MONTHLY ?? file.credits.monthly,
    }),
    guides: file.guides,
    admins: env.CHASQUI_ADMINS ?? dedupe(file.admins),
    groupAdminsAreAdmins: file.groupAdminsAreAdmins,
    groups: file.groups.map((group) => ({
      ...(group.id !== undefined ? { id: group.id } : {}),
      ...(group.name !== undefined ? { name: group.name } : {}),
      personalData: group.personalData,
      schedules: group.schedules,
      ...(group.credits !== undefined ? { credits: definedOnly(group.credits) } : {}),
    })),
    directChats: file.directChats,
    rateLimitPerMinute:
      env.CHASQUI_RATE_LIMIT_PER_MINUTE ?? file.rateLimitPerMinute ?? CONFIG_DEFAULTS.rateLimitPerMinute,
    maxListItems: file.maxListItems,
    maxZipBytes: file.maxZipBytes,
    cacheTtlSeconds: { ...DEFAULT_CACHE_TTL_SECONDS, ...definedOnly(file.cacheTtlSeconds) },
    drivers: file.drivers,
    whatsapp: {
      ...file.whatsapp,
      pairPhone: env.CHASQUI_PAIR_PHONE ?? file.whatsapp.pairPhone,
      waVersion: env.CHASQUI_WA_VERSION ?? file.whatsapp.waVersion,
    },
    scheduler: file.scheduler,
    watch: file.watch,
    batch: file.batch,
    console: {
      port: env.CHASQUI_CONSOLE_PORT ?? CONFIG_DEFAULTS.consolePort,
      host: env.CHASQUI_CONSOLE_HOST ?? CONFIG_DEFAULTS.consoleHost,
      ...(env.CHASQUI_CONSOLE_PASSWORD ? { password: env.CHASQUI_CONSOLE_PASSWORD } : {}),
      ...nonEmptyList('allowedHosts', env.CHASQUI_CONSOLE_ALLOWED_HOSTS ?? file.console.allowedHosts),
      ...nonEmptyList('trustedProxies', env.CHASQUI_CONSOLE_TRUSTED_PROXIES ?? file.console.trustedProxies),
      ...(env.CHASQUI_METRICS_TOKEN ? { metricsToken: env.CHASQUI_METRICS_TOKEN } : {}),
    },
    backup: file.backup,
    alerts: { format: env.CHASQUI_ALERT_FORMAT ?? file.alerts.format ?? CONFIG_DEFAULTS.alertFormat },
    instance: env.CHASQUI_INSTANCE ?? CONFIG_DEFAULTS.instance,
    padron: file.padron,
    exchangeRate: file.exchangeRate,
  };
  if (env.CHASQUI_ALERT_WEBHOOK) config.alertWebhook = env.CHASQUI_ALERT_WEBHOOK;
  if (taxPortal) config.taxPortal = taxPortal;
  if (env.CHASQUI_SECRET !== undefined) config.secret = env.CHASQUI_SECRET;
  if (configFile !== undefined) config.configFile = configFile;
  return dropUndefined(config);
}

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value : undefined;
}

/** `{ [key]: list }` when the list has entries, else nothing (the key stays absent). */
function nonEmptyList<K extends string>(key: K, list: string[] | undefined): Partial<Record<K, string[]>> {
  return list && list.length > 0 ? ({ [key]: list } as Record<K, string[]>) : {};
}

function dedupe(values: string[]): string[] {
  return [...new Set(values)];
}

function definedOnly<T extends object>(value: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}

/** Optional keys are absent rather than present-and-undefined (cleaner logs and deep equality). */
function dropUndefined(config: Config): Config {
  for (const section of [config.lookup, config.whatsapp] as Record<string, unknown>[]) {
    for (const [key, value] of Object.entries(section)) if (value === undefined) delete section[key];
  }
  return config;
}
