import type { Logger } from 'pino';
import { CONFIG_DEFAULTS } from '../config.js';
import { maskTail } from '../config/values.js';
import { rewritePersonIds } from '../transports/ids.js';

/**
 * Operator alerts: one typed list of kinds and one `raise(kind, details)` for every feature
 * (transport policy, outbox, scheduler, credit budget, driver deliveries). Each alert goes to the
 * sinks (webhook, owners on WhatsApp) and to a short in-memory history the console shows.
 */

/** Every alert Chasqui can raise, with its Spanish title (console, WhatsApp) and severity. */
export const ALERT_KINDS = {
  'logged-out': { title: 'WhatsApp cerró la sesión: hay que vincular de nuevo', severity: 'critical' },
  'multidevice-mismatch': { title: 'WhatsApp pidió vincular de nuevo', severity: 'critical' },
  forbidden: { title: 'WhatsApp restringió o bloqueó la cuenta', severity: 'critical' },
  'version-rejected': { title: 'WhatsApp rechazó la versión de WhatsApp Web', severity: 'critical' },
  replaced: { title: 'Otra conexión reemplaza a Chasqui (440)', severity: 'warning' },
  'gave-up': { title: 'No se pudo conectar con WhatsApp tras muchos intentos', severity: 'critical' },
  'credits-exhausted': { title: 'Se agotaron los créditos de consultas', severity: 'critical' },
  'budget-reached': { title: 'Se alcanzó el presupuesto de créditos', severity: 'warning' },
  'schedule-failed': { title: 'Una publicación programada falló', severity: 'warning' },
  'outbox-failed': { title: 'Un mensaje no se pudo enviar y se descartó', severity: 'warning' },
  'delivery-failed': { title: 'No se pudo entregar una guía a un chofer', severity: 'warning' },
  'backup-failed': { title: 'Falló la copia de seguridad diaria', severity: 'warning' },
  'padron-stale': { title: 'El padrón de SUNAT local está desactualizado', severity: 'warning' },
  'whatsapp-restricted': { title: 'Restricción de WhatsApp a los chats nuevos', severity: 'warning' },
  'whatsapp-retries': {
    title: 'Muchos miembros de un grupo piden reenviar mensajes («Esperando el mensaje»)',
    severity: 'warning',
  },
  test: { title: 'Alerta de prueba enviada desde la consola: el aviso llega', severity: 'warning' },
} as const satisfies Record<string, { title: string; severity: 'critical' | 'warning' }>;

export type AlertKind = keyof typeof ALERT_KINDS;
export type AlertDetails = Record<string, string | number | boolean | undefined>;

export interface Alert {
  kind: AlertKind;
  title: string;
  severity: 'critical' | 'warning';
  details: AlertDetails;
  at: Date;
}

/** Where an alert goes besides the history; a sink failing never affects the others. */
export type AlertSink = (alert: Alert) => Promise<void> | void;

export interface Alerts {
  /** Records the alert and hands it to every sink in the background; never throws. */
  raise(kind: AlertKind, details?: AlertDetails): Alert;
  /** The latest alerts, newest first (bounded). */
  recent(): readonly Alert[];
  /** Adds a sink (the WhatsApp owners' sink is added once the transport exists). */
  addSink(sink: AlertSink): void;
  /** Resolves when the deliveries under way are done (tests, shutdown). */
  idle(): Promise<void>;
}

export interface AlertsOptions {
  logger?: Logger;
  sinks?: AlertSink[];
  /** How many alerts the console keeps (default 20). */
  keep?: number;
  now?: () => Date;
}

export function createAlerts(options: AlertsOptions = {}): Alerts {
  const sinks = [...(options.sinks ?? [])];
  const history: Alert[] = [];
  const keep = options.keep ?? 20;
  const now = options.now ?? (() => new Date());
  const inFlight = new Set<Promise<void>>();
  const log = options.logger?.child({ module: 'alerts' });
  return {
    raise(kind, raw = {}) {
      const details = maskDetails(raw);
      const alert: Alert = { kind, ...ALERT_KINDS[kind], details, at: now() };
      history.unshift(alert);
      history.length = Math.min(history.length, keep);
      log?.warn({ alert: kind, details }, 'alert raised');
      for (const sink of sinks) {
        const delivery = Promise.resolve()
          .then(() => sink(alert))
          .catch((error: unknown) => log?.error({ err: error, alert: kind }, 'alert sink failed'))
          .finally(() => inFlight.delete(delivery));
        inFlight.add(delivery);
      }
      return alert;
    },
    recent: () => history,
    addSink: (sink) => void sinks.push(sink),
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

/** Text with every person's WhatsApp id (a direct chat, a sender) masked to its last 3 digits. */
export function maskPersonIds(text: string): string {
  return rewritePersonIds(text, maskTail);
}

/**
 * Alert details with people's WhatsApp ids masked: alerts leave the process (webhook, owners'
 * chats, the console) and a direct chat's id is a phone number. Group ids stay as they are.
 */
function maskDetails(details: AlertDetails): AlertDetails {
  const out: AlertDetails = {};
  for (const [key, value] of Object.entries(details)) {
    out[key] = typeof value === 'string' ? maskPersonIds(value) : value;
  }
  return out;
}

/** The details as `key: value, …` (empty ones left out); '' when there are none. */
export function alertDetailsText(alert: Alert): string {
  return Object.entries(alert.details)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(', ');
}

/**
 * One line of plain Spanish for WhatsApp and the console: title plus details, and the instance's
 * name when it has one of its own (several numbers may report to the same owners).
 */
export function formatAlert(alert: Alert, instance: string = CONFIG_DEFAULTS.instance): string {
  const details = alertDetailsText(alert);
  const who = instance === CONFIG_DEFAULTS.instance ? 'Chasqui' : `Chasqui «${instance}»`;
  return `⚠️ ${who}: ${alert.title}${details ? ` (${details})` : ''}`;
}
