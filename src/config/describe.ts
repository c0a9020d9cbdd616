import { idDigits, isLid } from '../transports/ids.js';
import type { Config } from './types.js';
import { maskTail } from './values.js';

/**
 * A loggable summary of the configuration for the start-up line: secrets reduced to "set"/"not
 * set", phone numbers masked, URLs without credentials or query, drivers counted.
 */
export function describeConfig(config: Config): Record<string, unknown> {
  const secret = (value: string | undefined) => (value ? 'set' : 'not set');
  return {
    dataDir: config.dataDir,
    configFile: config.configFile ?? 'none',
    logLevel: config.logLevel,
    lookup: {
      baseUrl: safeUrl(config.lookup.baseUrl) ?? 'embedded sandbox',
      token: secret(config.lookup.token),
      messagingBaseUrl: safeUrl(config.lookup.messagingBaseUrl) ?? 'not set',
      messagingToken: secret(config.lookup.messagingToken),
      timeoutMs: config.lookup.timeoutMs,
      retries: config.lookup.retries,
    },
    taxPortal: config.taxPortal ? { ruc: config.taxPortal.ruc, user: 'set', password: 'set' } : 'not set',
    admins: config.admins.map((owner) =>
      isLid(owner) ? `LID ${maskTail(idDigits(owner), 3)}` : maskTail(owner, 3),
    ),
    groupAdminsAreAdmins: config.groupAdminsAreAdmins,
    groups: config.groups.map((group) => ({
      ...(group.id ? { id: group.id } : {}),
      ...(group.name ? { name: group.name } : {}),
      personalData: group.personalData,
      schedules: group.schedules.length,
    })),
    directChats: config.directChats,
    rateLimitPerMinute: config.rateLimitPerMinute,
    maxListItems: config.maxListItems,
    maxZipBytes: config.maxZipBytes,
    cacheTtlSeconds: { ...config.cacheTtlSeconds },
    drivers: Object.keys(config.drivers).length,
    whatsapp: {
      ...config.whatsapp,
      pairPhone: config.whatsapp.pairPhone ? maskTail(config.whatsapp.pairPhone, 3) : 'not set',
      waVersion: config.whatsapp.waVersion?.join('.') ?? 'library default',
    },
    scheduler: { ...config.scheduler },
    secret: config.secret ? 'set (CHASQUI_SECRET)' : 'secret.key in the data directory',
    credits: { ...config.credits },
    guides: { ...config.guides },
    watch: { ...config.watch },
    batch: { ...config.batch },
    console: {
      host: config.console.host,
      port: config.console.port,
      password: secret(config.console.password),
      allowedHosts: config.console.allowedHosts ?? [],
      trustedProxies: config.console.trustedProxies ?? [],
      metricsToken: secret(config.console.metricsToken),
    },
    instance: config.instance,
    alerts: { ...config.alerts },
    // the path of a webhook URL is often its secret: only the origin is logged
    alertWebhook: config.alertWebhook
      ? `${safeUrl(config.alertWebhook)?.split('/').slice(0, 3).join('/')}/…`
      : 'not set',
    backup: { ...config.backup },
    padron: { ...config.padron },
    exchangeRate: { ...config.exchangeRate },
  };
}

function safeUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return '(invalid)';
  }
}
