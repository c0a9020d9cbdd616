import type { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import qrcode from 'qrcode-terminal';
import { createApp } from '../app/app.js';
import { migrations } from '../app/features.js';
import { type Config, ConfigError, loadConfig } from '../config.js';
import { createLogger, type Logger } from '../logger.js';
import { maskPersonIds } from '../ops/alerts.js';
import { deliveryStatesOf } from '../ops/delivery-states.js';
import { consoleConfigProblem, createOpsRuntime } from '../ops/runtime.js';
import { limaText } from '../ops/watchers.js';
import { startPadronJob } from '../padron/job.js';
import { createTemplates } from '../render/templates.js';
import { ensureDataDir } from '../store/data-dir.js';
import { acquireDataDirLock } from '../store/lock.js';
import type { OutboxItem, OutboxOptions } from '../store/outbox.js';
import { openDatabase, type SqliteDatabase } from '../store/sqlite.js';
import {
  createWhatsAppSetup,
  type SocketFactory,
  type StopReason,
  type WhatsAppStatus,
} from '../transports/whatsapp/index.js';
import { withSandboxMark } from '../transports/sandbox-mark.js';
import { EXIT_CODES, storeFailure } from './exit-codes.js';
import { lateConfigProblem, usageProblem } from './problems.js';

/**
 * `chasqui start`: the WhatsApp bot. Pairs (QR or pairing code), connects, answers, reconnects
 * per the policy, and shuts down gracefully on SIGINT/SIGTERM (drains the outbox, no logout).
 * Human guidance (Spanish / English) goes to stdout; JSON logs go to stderr.
 */

const USAGE = `Uso / usage: chasqui start [--pair-phone 51987654321] [--data-dir DIR]

Conecta Chasqui a WhatsApp y atiende los grupos. / Connects Chasqui to WhatsApp.

  --pair-phone NUM  vincular con código de 8 letras en vez de QR (número con código de país)
                    / link with a pairing code instead of the QR (env CHASQUI_PAIR_PHONE)
  --data-dir DIR    sesión de WhatsApp, cola de envío y caché (env CHASQUI_DATA_DIR, por defecto ./data)
                    / WhatsApp session, outbox and cache; one process per directory

  --sandbox         con NODE_ENV=production, permite el sandbox (datos ficticios)
                    / allow the embedded sandbox when NODE_ENV=production

Sin LOOKUP_BASE_URL usa el sandbox local con datos ficticios y lo marca en cada mensaje; con
NODE_ENV=production se niega salvo con --sandbox. / Without LOOKUP_BASE_URL the embedded sandbox
(fictional data) answers, every message says so; refused under NODE_ENV=production unless --sandbox.`;

const SANDBOX_TAX_PORTAL = { ruc: '20123456786', user: 'CHASQUI1', password: 'sandbox-clave' };

/** Test seams; production uses the real socket, process streams and signals. */
export interface StartOverrides {
  env?: NodeJS.ProcessEnv;
  stdout?: Writable;
  logger?: Logger;
  createSocket?: SocketFactory;
  /** Resolving it requests a graceful shutdown (like SIGTERM). */
  shutdown?: Promise<void>;
  /** Outbox retry knobs (tests make a message fail for good quickly). */
  outboxRetry?: Pick<OutboxOptions, 'maxFailures' | 'retryDelayMs'>;
}

interface Flags {
  pairPhone?: string;
  dataDir?: string;
  /** Run on the embedded sandbox even with NODE_ENV=production. */
  sandbox?: boolean;
}

function parseFlags(argv: string[]): Flags | 'help' {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      'pair-phone': { type: 'string' },
      'data-dir': { type: 'string' },
      sandbox: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return 'help';
  const flags: Flags = { sandbox: values.sandbox };
  if (values['pair-phone'] !== undefined) flags.pairPhone = values['pair-phone'];
  if (values['data-dir'] !== undefined) flags.dataDir = values['data-dir'];
  return flags;
}

const STOP_MESSAGES: Record<StopReason, string> = {
  'logged-out':
    'La sesión se cerró desde el teléfono (401). Se borró la sesión guardada: ejecute `chasqui start` ' +
    'otra vez para vincular. / Logged out: the saved session was cleared; run `chasqui start` to pair again.',
  'multidevice-mismatch':
    'WhatsApp pidió vincular de nuevo (411). Se borró la sesión guardada: ejecute `chasqui start` otra vez. ' +
    '/ Multi-device mismatch: run `chasqui start` to pair again.',
  forbidden:
    'WhatsApp rechazó la cuenta (403: restringida o bloqueada). Revise el teléfono; la sesión se conserva. ' +
    '/ Account forbidden (restricted or banned); check the phone.',
  'version-rejected':
    'WhatsApp rechazó la versión de WhatsApp Web (405). Defina CHASQUI_WA_VERSION con la versión actual, ' +
    'p. ej. CHASQUI_WA_VERSION=2.3000.1027934701 / WA Web version rejected: set CHASQUI_WA_VERSION.',
  replaced:
    'Otra conexión con esta misma cuenta reemplazó a Chasqui varias veces (440). ¿Hay otro Chasqui u otra ' +
    'copia de la carpeta de datos en uso? Deteniendo. / Connection replaced repeatedly: another client uses these creds.',
  'gave-up':
    'No se pudo conectar con WhatsApp tras muchos intentos; deteniendo (Docker u otro supervisor lo reiniciará). ' +
    '/ Could not connect after many attempts; stopping.',
};

/** Turns transport statuses into console guidance plus a one-line status. */
function createConsole(out: Writable, context: { lookup: string; dataDir: string }) {
  const write = (text: string) => out.write(`${text}\n`);
  let state = 'conectando… / connecting…';
  let qrShown = 0;
  let everOpen = false;
  let offlineHinted = false;
  const line = () =>
    write(`[chasqui] WhatsApp: ${state} | consultas: ${context.lookup} | datos: ${context.dataDir}`);
  return {
    write,
    line,
    status(status: WhatsAppStatus): void {
      switch (status.kind) {
        case 'connecting':
          if (status.attempt === 1) line();
          return;
        case 'qr':
          write(
            qrShown++ === 0
              ? '\nVincule este equipo: en el teléfono abra WhatsApp > Ajustes > Dispositivos vinculados > ' +
                  'Vincular un dispositivo, y escanee el código QR.\n' +
                  'Link this device: WhatsApp > Settings > Linked devices > Link a device, then scan the QR.\n'
              : '\nNuevo código QR (el anterior venció) / new QR (the previous one expired):\n',
          );
          qrcode.generate(status.qr, { small: true }, (art) => write(art));
          state = 'esperando vinculación (QR) / waiting for pairing (QR)';
          line();
          return;
        case 'pairing-code': {
          const code = `${status.code.slice(0, 4)}-${status.code.slice(4)}`;
          write(
            `\nCódigo de vinculación / pairing code: ${code}\n` +
              `En el teléfono +${status.phone}: WhatsApp > Dispositivos vinculados > Vincular un dispositivo > ` +
              'Vincular con el número de teléfono, e ingrese el código.\n' +
              'On the phone: Linked devices > Link a device > Link with phone number instead, and type the code.\n',
          );
          state = 'esperando el código en el teléfono / waiting for the code';
          line();
          return;
        }
        case 'pairing-code-failed':
          write(
            `No se pudo pedir el código (${status.error}); use el QR. / Pairing code failed; use the QR.`,
          );
          return;
        case 'restarting':
          return; // the 515 after pairing: expected, silent
        case 'open':
          everOpen = true;
          state = `conectado / connected (${status.selfIds[0]?.split('@')[0] ?? '?'})`;
          line();
          write('Chasqui atiende los mensajes. Ctrl+C para detener. / Listening; Ctrl+C to stop.');
          return;
        case 'groups':
          write(`Grupos de la sesión / session groups: ${status.count}`);
          return;
        case 'reconnecting': {
          const seconds = Math.max(1, Math.round(status.delayMs / 1000));
          if (status.alert) {
            write(
              `ATENCIÓN: otra conexión usa esta cuenta (${status.code}). Cierre la otra sesión; ` +
                `reintento en ${seconds}s. / ALERT: connection replaced; retrying in ${seconds}s.`,
            );
          }
          if (!everOpen && !offlineHinted && status.reason === 'connection') {
            offlineHinted = true;
            write(
              'No se pudo llegar a WhatsApp; ¿hay conexión a internet? Se reintenta solo. ' +
                '/ Could not reach WhatsApp (is the network up?); retrying by itself.',
            );
          }
          state = `sin conexión (código ${status.code ?? '—'}), reintento ${status.attempt} en ${seconds}s / retrying`;
          line();
          return;
        }
        case 'restriction':
          if (status.change === 'started') {
            const until = status.until === undefined ? 'sin fecha de fin' : `hasta ${limaText(status.until)}`;
            write(
              `ATENCIÓN: WhatsApp restringió los chats nuevos de este número (${until}). Los grupos siguen; ` +
                'las guías a choferes nuevos quedan en cola. / ALERT: WhatsApp restricts new chats; first messages are held.',
            );
          } else if (status.change === 'ended') {
            write(
              'WhatsApp levantó la restricción de chats nuevos; sale lo retenido. / Restriction lifted; held messages go.',
            );
          }
          return;
        case 'new-chat-cap':
        case 'retry-receipt':
          return;
        case 'stopped':
          state = 'detenido / stopped';
          if (status.reason !== 'shutdown') write(STOP_MESSAGES[status.reason]);
          line();
          return;
      }
    },
  };
}

/** The console alert for an outgoing message the outbox gave up on (also logged at error level). */
export function outboxFailedAlert(item: OutboxItem, error: unknown): string {
  const reason = (error instanceof Error ? error.message : String(error)).slice(0, 200);
  return (
    `ATENCIÓN: un mensaje para ${maskPersonIds(item.chatId)} no se pudo enviar tras ${item.failures} intentos ` +
    `(${maskPersonIds(reason)}) y se descartó. / ALERT: an outgoing message failed for good.`
  );
}

const SANDBOX_REFUSED =
  'chasqui start: LOOKUP_BASE_URL no está configurado y NODE_ENV=production: Chasqui no responderá a ' +
  'WhatsApp con los datos ficticios del sandbox. Defina LOOKUP_BASE_URL (y LOOKUP_TOKEN) con su API de ' +
  'consultas, o use --sandbox para probar a propósito. / LOOKUP_BASE_URL is not set and NODE_ENV=production: ' +
  'refusing to answer WhatsApp from the fictional sandbox. Set LOOKUP_BASE_URL, or pass --sandbox.';

const REAL_CREDENTIALS_KEPT =
  'Las credenciales TAX_PORTAL_* configuradas NO se envían al sandbox; usa las suyas ficticias. ' +
  '/ Your TAX_PORTAL_* credentials are not sent to the sandbox; it uses fictional ones.';

function sandboxBanner(baseUrl: string): string {
  const rule = '='.repeat(72);
  return (
    `${rule}\n  SANDBOX: LOOKUP_BASE_URL no está configurado / is not set.\n` +
    `  Las consultas usan el sandbox local con DATOS FICTICIOS en ${baseUrl}\n` +
    `  Lookups answer from the embedded sandbox (fictional data).\n${rule}`
  );
}

/** `chasqui start`. Returns the exit code (0 after a requested shutdown). */
export async function runStart(argv: string[], overrides: StartOverrides = {}): Promise<number> {
  const out = overrides.stdout ?? process.stdout;
  let flags: Flags | 'help';
  try {
    flags = parseFlags(argv);
  } catch (error) {
    out.write(`chasqui start: ${usageProblem(error, 'start')}\n\n${USAGE}\n`);
    return EXIT_CODES.usage;
  }
  if (flags === 'help') {
    out.write(`${USAGE}\n`);
    return 0;
  }
  const env: NodeJS.ProcessEnv = { ...(overrides.env ?? process.env) };
  if (flags.dataDir) env.CHASQUI_DATA_DIR = flags.dataDir;
  if (flags.pairPhone) env.CHASQUI_PAIR_PHONE = flags.pairPhone;
  let config: Config;
  try {
    config = loadConfig({ env });
  } catch (error) {
    if (error instanceof ConfigError) {
      out.write(`${error.message}\n`);
      return EXIT_CODES.config;
    }
    throw error;
  }
  const consoleProblem = consoleConfigProblem(config);
  if (consoleProblem) {
    out.write(`chasqui start: ${consoleProblem}\n`);
    return EXIT_CODES.config;
  }
  if (!config.lookup.baseUrl && env.NODE_ENV === 'production' && !flags.sandbox) {
    out.write(`${SANDBOX_REFUSED}\n`);
    return EXIT_CODES.sandboxRefused;
  }

  let lock: ReturnType<typeof acquireDataDirLock>;
  try {
    ensureDataDir(config.dataDir);
    lock = acquireDataDirLock(config.dataDir);
  } catch (error) {
    const failure = storeFailure(error);
    if (failure) {
      out.write(`chasqui start: ${failure.message}\n`);
      return failure.code;
    }
    throw error;
  }
  const cleanup: (() => Promise<void> | void)[] = [() => lock.release()];
  try {
    let lookupLabel = config.lookup.baseUrl ?? '';
    let onSandbox = false;
    let padronUrl = config.padron.url;
    if (!config.lookup.baseUrl) {
      const { startSandbox } = await import('../sandbox/server.js');
      const sandbox = await startSandbox({ port: 0 });
      padronUrl = sandbox.padronUrl;
      cleanup.unshift(() => sandbox.close());
      if (config.taxPortal) out.write(`${REAL_CREDENTIALS_KEPT}\n`);
      // Real tax-portal credentials never go to the sandbox: it gets its own fictional ones.
      config = {
        ...config,
        lookup: { ...config.lookup, baseUrl: sandbox.baseUrl, token: sandbox.token },
        taxPortal: { ...SANDBOX_TAX_PORTAL },
        // The sandbox serves BCRP's rate API too: no request leaves the machine.
        exchangeRate: { ...config.exchangeRate, bcrpUrl: sandbox.baseUrl },
      };
      lookupLabel = 'sandbox local (datos ficticios)';
      onSandbox = true;
      out.write(`${sandboxBanner(sandbox.baseUrl)}\n`);
    }
    const logger = overrides.logger ?? createLogger({ level: config.logLevel, fd: 2, env });
    const konsole = createConsole(out, { lookup: lookupLabel, dataDir: config.dataDir });
    if (config.whatsapp.pairPhone) {
      konsole.write(`Vinculación con código para +${config.whatsapp.pairPhone} / pairing code mode.`);
    }

    let waDb: SqliteDatabase;
    try {
      waDb = openDatabase({
        dir: config.dataDir,
        migrations,
        logger,
        ...(config.secret !== undefined ? { secret: config.secret } : {}),
      });
    } catch (error) {
      const failure = storeFailure(error);
      if (!failure) throw error;
      out.write(`chasqui start: ${failure.message}\n`);
      return failure.code;
    }
    cleanup.unshift(() => {
      waDb.close();
    });
    // Operators' side: state for the console, alerts, metrics (see src/ops/runtime.ts). Driver
    // deliveries are the features' (drivers, guides): read from the app once it is built.
    const built: { app?: ReturnType<typeof createApp> } = {};
    const ops = createOpsRuntime({
      config,
      db: waDb,
      logger,
      deliveries: deliveryStatesOf({ get: (key) => built.app?.services.registry.get(key) }),
      budget: { monthlyCredits: () => config.credits.monthly },
    });
    cleanup.unshift(() => ops.close());
    const templates = createTemplates();
    const setup = createWhatsAppSetup({
      db: waDb,
      logger,
      whatsapp: config.whatsapp,
      templates,
      onStatus: (status) => {
        konsole.status(status);
        ops.onStatus(status);
      },
      outboxOptions: {
        ...overrides.outboxRetry,
        onFailed: (item, error) => {
          konsole.write(outboxFailedAlert(item, error));
          ops.onOutboxFailed(item, error);
        },
      },
      ...(overrides.createSocket ? { createSocket: overrides.createSocket } : {}),
    });
    // One connection for the whole process; `groupSource` feeds the directory from this session
    // when no messaging host is configured.
    // On the sandbox every outgoing message carries the fictional-data mark, in one place.
    const transport = onSandbox
      ? withSandboxMark(setup.transport, templates.render('sandbox-marca'))
      : setup.transport;
    let app: ReturnType<typeof createApp>;
    try {
      app = createApp({
        config,
        transport: ops.instrumentTransport(transport),
        logger,
        db: waDb,
        groupSource: setup.groupSource,
        upstreamMiddleware: ops.upstreamMiddleware,
        alerts: ops.alerts,
      });
    } catch (error) {
      // Checks that run when the app is built (configured schedules, the lookup client's URL).
      const problem = lateConfigProblem(error);
      if (!problem) throw error;
      out.write(`${problem}\n`);
      return EXIT_CODES.config;
    }
    built.app = app;
    cleanup.unshift(() => app.close());
    // The local mirror of SUNAT's register: leftovers cleaned now, then the daily update.
    const padronJob = startPadronJob({
      ...config.padron,
      url: padronUrl,
      dataDir: config.dataDir,
      sandbox: onSandbox,
      logger,
      // The app's reader also rechecks the file each second; this makes the swap immediate.
      onUpdated: () => app.padron?.refresh(),
      onStale: (stale) => ops.alerts.raise('padron-stale', stale),
    });
    cleanup.unshift(() => padronJob.stop());
    await ops.attach({ app, setup, sandbox: lookupLabel.startsWith('sandbox'), say: konsole.write });

    let requested: () => void = () => {};
    const shutdownRequested = new Promise<'shutdown'>((resolve) => {
      requested = () => resolve('shutdown');
    });
    let signals = 0;
    const onSignal = (signal: NodeJS.Signals) => {
      signals += 1;
      if (signals > 1) {
        konsole.write('Salida forzada / forced exit.');
        process.exit(130);
      }
      konsole.write(
        `${signal}: cerrando, enviando lo pendiente (máx. ${Math.round(config.whatsapp.shutdownFlushMs / 1000)}s)… ` +
          '/ shutting down, flushing the outbox…',
      );
      requested();
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    cleanup.unshift(() => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    });
    void overrides.shutdown?.then(requested);

    await app.start();
    const outcome = await Promise.race([setup.transport.done(), shutdownRequested]);
    await setup.transport.stop();
    const pending = setup.outbox.pendingCount();
    if (pending > 0) {
      konsole.write(
        `Quedan ${pending} mensajes en cola; saldrán al volver a conectar. / ${pending} left queued.`,
      );
    }
    return outcome === 'shutdown' || outcome.reason === 'shutdown' ? EXIT_CODES.ok : EXIT_CODES.failure;
  } finally {
    for (const step of cleanup) {
      try {
        await step();
      } catch {
        // keep releasing the rest (lock last)
      }
    }
  }
}
