import { z } from 'zod';
import { allowedHostsText, trustedProxiesText } from './console-keys.js';
import { type ConfigIssue, issuesFromZod } from './errors.js';
import {
  alertFormatSchema,
  instanceSchema,
  intText,
  logLevelSchema,
  PHONE_MESSAGE,
  ownerListText,
  rucSchema,
  urlSchema,
  waVersionSchema,
} from './rules.js';
import { normalizePhone } from './values.js';
import { weaklyHeld } from './weakly-held.js';

/**
 * The environment variables Chasqui reads, validated with zod; an issue's path is the variable's
 * name. Empty values count as unset (common with docker --env-file).
 */
function buildEnvSchema() {
  return z.object({
    CHASQUI_CONFIG: z.string().optional(),
    CHASQUI_DATA_DIR: z.string().trim().min(1).optional(),
    LOG_LEVEL: logLevelSchema.optional(),
    LOOKUP_BASE_URL: urlSchema.optional(),
    LOOKUP_TOKEN: z.string().min(1).optional(),
    MESSAGING_BASE_URL: urlSchema.optional(),
    MESSAGING_TOKEN: z.string().min(1).optional(),
    LOOKUP_TIMEOUT_MS: intText(100, 120_000, 'milliseconds').optional(),
    LOOKUP_RETRIES: intText(0, 10, 'retries').optional(),
    TAX_PORTAL_RUC: rucSchema.optional(),
    TAX_PORTAL_USER: z
      .string()
      .regex(/^\S+$/, { error: 'expected the tax-portal user name (no spaces)' })
      .optional(),
    TAX_PORTAL_PASSWORD: z.string().min(1).optional(),
    CHASQUI_ADMINS: ownerListText.optional(),
    CHASQUI_PAIR_PHONE: z
      .string()
      .transform((value, ctx) => {
        const phone = normalizePhone(value);
        if (phone === undefined) {
          ctx.addIssue({ code: 'custom', message: PHONE_MESSAGE });
          return z.NEVER;
        }
        return phone;
      })
      .optional(),
    CHASQUI_WA_VERSION: waVersionSchema.optional(),
    CHASQUI_RATE_LIMIT_PER_MINUTE: intText(1, 600, 'commands per user and minute').optional(),
    CHASQUI_CREDITS_DAILY: intText(0, 10_000_000, 'paid lookups per day').optional(),
    CHASQUI_CREDITS_MONTHLY: intText(0, 100_000_000, 'paid lookups per month').optional(),
    CHASQUI_SECRET: z
      .string()
      .trim()
      .min(16, { error: 'expected at least 16 characters (e.g. 64 hex digits from `openssl rand -hex 32`)' })
      .optional(),
    CHASQUI_CONSOLE_PORT: z
      .string()
      .trim()
      .regex(/^(off|\d{1,5})$/, { error: 'expected a TCP port from 0 to 65535, or "off"' })
      .transform((text) => (text === 'off' ? ('off' as const) : Number(text)))
      .refine((port) => port === 'off' || port <= 65_535, {
        error: 'expected a TCP port from 0 to 65535, or "off"',
      })
      .optional(),
    CHASQUI_CONSOLE_HOST: z
      .string()
      .trim()
      .regex(/^[\w.:-]+$/, { error: 'expected an IP address or host name, e.g. 127.0.0.1 or 0.0.0.0' })
      .optional(),
    CHASQUI_CONSOLE_PASSWORD: z.string().min(8, { error: 'expected at least 8 characters' }).optional(),
    CHASQUI_CONSOLE_ALLOWED_HOSTS: allowedHostsText.optional(),
    CHASQUI_CONSOLE_TRUSTED_PROXIES: trustedProxiesText.optional(),
    CHASQUI_ALERT_WEBHOOK: urlSchema.optional(),
    CHASQUI_ALERT_FORMAT: alertFormatSchema.optional(),
    CHASQUI_INSTANCE: instanceSchema.optional(),
    CHASQUI_METRICS_TOKEN: z
      .string()
      .trim()
      .min(16, { error: 'expected at least 16 characters (e.g. `openssl rand -hex 24`)' })
      .optional(),
  });
}

type EnvSchema = ReturnType<typeof buildEnvSchema>;

/** The variables' schema, held weakly like the file's (see file-schema.ts): needed once at start. */
const envSchema = weaklyHeld(buildEnvSchema);

export type EnvConfig = z.output<EnvSchema>;

/** Every variable name read (README and describeConfig use the list). */
export const ENV_VARIABLES = Object.keys(envSchema().shape) as (keyof EnvConfig)[];

const TAX_PORTAL_VARIABLES = ['TAX_PORTAL_RUC', 'TAX_PORTAL_USER', 'TAX_PORTAL_PASSWORD'] as const;

/** Parses the variables Chasqui knows; unrelated ones are ignored. */
export function readEnv(env: NodeJS.ProcessEnv): { value?: EnvConfig; issues: ConfigIssue[] } {
  const picked: Record<string, string> = {};
  for (const name of ENV_VARIABLES) {
    const raw = env[name];
    if (raw !== undefined && raw.trim() !== '') picked[name] = raw;
  }
  const issues: ConfigIssue[] = [];
  const present = TAX_PORTAL_VARIABLES.filter((name) => picked[name] !== undefined);
  if (present.length > 0 && present.length < TAX_PORTAL_VARIABLES.length) {
    for (const name of TAX_PORTAL_VARIABLES.filter((n) => picked[n] === undefined)) {
      issues.push({
        path: name,
        message: `missing: ${present.join(' and ')} ${present.length > 1 ? 'are' : 'is'} set, and the tax-portal credentials need all three of ${TAX_PORTAL_VARIABLES.join(', ')} (or none)`,
      });
    }
  }
  const schema = envSchema();
  const parsed = schema.safeParse(picked);
  if (!parsed.success) issues.push(...issuesFromZod(parsed.error, schema));
  return parsed.success ? { value: parsed.data, issues } : { issues };
}
