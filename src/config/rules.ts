import { z } from 'zod';
import { isValidRuc } from '../language/grammars/identifiers/ruc-digits.js';
import { LID_EXAMPLE, lidEntry } from '../transports/ids.js';
import { normalizePhone, parseWaVersion } from './values.js';

/**
 * The zod rules both the environment and the config file use, each with a message saying what is
 * expected. No message ever repeats the received value (it could be a secret).
 */

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const logLevelSchema = z.enum(LOG_LEVELS, {
  error: `expected one of ${LOG_LEVELS.join(', ')}`,
});

/** A whole number in [min, max]; `unit` says what it counts (shown in the message). */
export function intRange(min: number, max: number, unit: string) {
  const message = `expected a whole number of ${unit} from ${min} to ${max}`;
  return z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });
}

/** The same range read from an environment variable's text. */
export function intText(min: number, max: number, unit: string) {
  return z
    .string()
    .trim()
    .regex(/^\d+$/, { error: `expected a whole number of ${unit} from ${min} to ${max}` })
    .transform(Number)
    .pipe(intRange(min, max, unit));
}

export const booleanSchema = z.boolean({ error: 'expected true or false' });

const URL_MESSAGE = 'expected an http(s) URL such as "https://api.example.pe/api/v1"';

/** An http(s) URL without trailing slash (paths are appended to it). */
export const urlSchema = z
  .string({ error: URL_MESSAGE })
  .trim()
  .refine(isHttpUrl, { error: URL_MESSAGE })
  .transform((url) => url.replace(/\/+$/, ''));

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export const PHONE_MESSAGE = 'expected a phone number with country code, e.g. "+51 987 654 321"';

/** Text, or a bare number as YAML reads it, normalised by `normalize`; `message` when it gives nothing. */
function normalizedSchema(normalize: (raw: string) => string | undefined, message: string) {
  return z.union([z.string(), z.number().int()], { error: message }).transform((value, ctx) => {
    const normalized = normalize(String(value));
    if (normalized === undefined) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return normalized;
  });
}

/** A phone number normalised to digits with country code. */
export const phoneSchema = normalizedSchema(normalizePhone, PHONE_MESSAGE);

export const OWNER_MESSAGE = `expected a phone number with country code, e.g. "+51 987 654 321", or a LID such as "${LID_EXAMPLE}"`;

/**
 * An owner (`admins`): a phone number, normalised to digits with country code, or a LID for an
 * owner WhatsApp shows without a phone number (usernames, business-scoped ids), kept as the id.
 */
export function normalizeOwner(raw: string): string | undefined {
  return lidEntry(raw) ?? normalizePhone(raw);
}

/** One owner from the config file. */
export const ownerSchema = normalizedSchema(normalizeOwner, OWNER_MESSAGE);

/** Comma-separated owners (CHASQUI_ADMINS): phone numbers or LIDs. */
export const ownerListText = z.string().transform((value, ctx) => {
  const owners: string[] = [];
  const entries = value.split(/[,;]/).map((entry) => entry.trim());
  entries.forEach((entry, index) => {
    if (entry === '') return;
    const owner = normalizeOwner(entry);
    if (owner === undefined)
      ctx.addIssue({ code: 'custom', message: `entry ${index + 1}: ${OWNER_MESSAGE}` });
    else if (!owners.includes(owner)) owners.push(owner);
  });
  return owners;
});

const WA_VERSION_MESSAGE =
  'expected a WhatsApp Web version such as "2.3000.1027934701" or [2, 3000, 1027934701]';

/** The WA Web version triple, from "2.3000.1027934701" or a three-number list. */
export const waVersionSchema = z
  .union([z.string(), z.array(z.number().int().nonnegative()).length(3)], { error: WA_VERSION_MESSAGE })
  .transform((value, ctx): [number, number, number] => {
    if (Array.isArray(value)) return [value[0] ?? 0, value[1] ?? 0, value[2] ?? 0];
    const version = parseWaVersion(value);
    if (!version) {
      ctx.addIssue({ code: 'custom', message: WA_VERSION_MESSAGE });
      return z.NEVER;
    }
    return version;
  });

/** The company RUC: 11 digits with a valid check digit. */
export const rucSchema = z
  .string()
  .trim()
  .refine(isValidRuc, { error: 'expected an 11-digit RUC with a valid check digit' });

/**
 * An instance's short name (CHASQUI_INSTANCE): a DNS label of at most 32 characters, so one name
 * serves as compose service, Kubernetes label value and pod name part, and a metric label.
 */
export const INSTANCE_NAME = /^[a-z0-9]([a-z0-9-]{0,30}[a-z0-9])?$/;

export const instanceSchema = z.string().trim().regex(INSTANCE_NAME, {
  error:
    'expected a short name: 1 to 32 lowercase letters, digits and hyphens, starting and ending with a letter or digit (e.g. "ventas")',
});

/** The services alerts can be posted to, each with the body it needs (ops/alert-formats.ts). */
export const ALERT_FORMATS = ['generic', 'slack', 'discord', 'ntfy', 'teams'] as const;
export type AlertFormat = (typeof ALERT_FORMATS)[number];

/** `alerts.format` / CHASQUI_ALERT_FORMAT; a bad value names the five in Spanish too. */
export const alertFormatSchema = z.unknown().transform((value, ctx): AlertFormat => {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
  const format = ALERT_FORMATS.find((name) => name === text);
  if (format !== undefined) return format;
  ctx.addIssue({
    code: 'custom',
    message: `expected one of ${ALERT_FORMATS.join(', ')}`,
    params: {
      fix: 'el formato de las alertas es el servicio que las recibe: generic (JSON), slack, discord, ntfy o teams',
    },
  });
  return z.NEVER;
});
