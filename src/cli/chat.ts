import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type pino from 'pino';
import { createApp } from '../app/app.js';
import { fold } from '../text/fold.js';
import { type Config, loadConfig } from '../config.js';
import { readConfigFile } from '../config/file.js';
import { createLogger } from '../logger.js';
import { ensureDataDir } from '../store/data-dir.js';
import { acquireDataDirLock } from '../store/lock.js';
import { understandContext } from '../bot/stages/understand.js';
import { directChat, groupChat, isGroupChat } from '../transports/ids.js';
import { createTerminalTransport } from '../transports/terminal.js';
import type { IncomingMessage } from '../transports/transport.js';
import { EXIT_CODES, storeFailure } from './exit-codes.js';
import { lateConfigProblem, usageProblem } from './problems.js';
import { compactReading, readingJson } from './reading-text.js';

/** Defaults of the terminal chat: the fixture admin in the fixture group marked for personal data. */
export const CHAT_DEFAULTS = {
  user: '51987654321',
  groupName: 'Despacho Lima',
  groupId: groupChat('120363000000000001'),
  sandboxTaxPortal: { ruc: '20123456786', user: 'CHASQUI1', password: 'sandbox-clave' },
  /** Per-user limit when none is configured: one person at a keyboard or a piped script, not a group. */
  rateLimitPerMinute: 600,
} as const;

/** Whether the rate limit was set on purpose (CHASQUI_RATE_LIMIT_PER_MINUTE or the file key). */
function rateLimitIsExplicit(env: NodeJS.ProcessEnv, config: Config): boolean {
  if (env.CHASQUI_RATE_LIMIT_PER_MINUTE?.trim()) return true;
  if (config.configFile === undefined) return false;
  const { data } = readConfigFile(config.configFile);
  return typeof data === 'object' && data !== null && 'rateLimitPerMinute' in data;
}

const USAGE = `Uso: chasqui chat [opciones]

Conversa con el bot en la terminal: cada línea es un mensaje; las respuestas salen por stdout.
Con entrada por tubería (printf 'ruc 20123456786\\n' | chasqui chat) responde todo y termina.
Un mensaje de varias líneas (una lista pegada): escriba """ solo en una línea, pegue o escriba
las líneas y cierre con otra línea """.

  --json            una línea JSON por mensaje enviado: {"chat","text"} o {"chat","document":{...}}
  --out DIR         carpeta para los documentos (por defecto una carpeta temporal)
  --user NUMERO     remitente (por defecto ${CHAT_DEFAULTS.user}, administrador)
  --group NOMBRE    grupo (por defecto "${CHAT_DEFAULTS.groupName}", habilitado y con datos personales)
  --direct          chat directo con el bot en lugar de un grupo
  --no-admin        el remitente no es administrador
  --data-dir DIR    datos persistentes (por defecto CHASQUI_DATA_DIR o una carpeta temporal);
                    se bloquea como en «chasqui start»: no se puede usar mientras otro proceso la usa
  --schedules       ejecuta las publicaciones programadas también sobre datos persistentes
                    (por defecto solo en una carpeta temporal e interactiva)
  --attach ARCHIVO  envía el archivo con la primera línea como leyenda (p. ej. "lote")
  --explain         antes de cada respuesta, una línea con cómo leyó el mensaje (acto, comando,
                    argumentos y reglas; como «chasqui entender»); con --json, {"text","reading"}

Sin LOOKUP_BASE_URL usa el sandbox local con datos ficticios.`;

interface ChatFlags {
  json: boolean;
  out?: string;
  user: string;
  group: string;
  direct: boolean;
  admin: boolean;
  dataDir?: string;
  schedules: boolean;
  attach?: string;
  explain: boolean;
}

function parseFlags(argv: string[]): ChatFlags | 'help' {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      json: { type: 'boolean', default: false },
      out: { type: 'string' },
      user: { type: 'string' },
      group: { type: 'string' },
      direct: { type: 'boolean', default: false },
      'no-admin': { type: 'boolean', default: false },
      'data-dir': { type: 'string' },
      schedules: { type: 'boolean', default: false },
      attach: { type: 'string' },
      explain: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return 'help';
  const user = (values.user ?? CHAT_DEFAULTS.user).replace(/\D/g, '');
  if (!/^\d{8,15}$/.test(user))
    throw new Error(`--user: se espera un número con código de país, p. ej. ${CHAT_DEFAULTS.user}`);
  const flags: ChatFlags = {
    json: values.json,
    user,
    group: values.group?.trim() || CHAT_DEFAULTS.groupName,
    direct: values.direct,
    admin: !values['no-admin'],
    schedules: values.schedules,
    explain: values.explain,
  };
  if (values.out) flags.out = values.out;
  if (values['data-dir']) flags.dataDir = values['data-dir'];
  if (values.attach) {
    if (!existsSync(values.attach) || !statSync(values.attach).isFile())
      throw new Error(`--attach: no existe el archivo ${values.attach}`);
    flags.attach = values.attach;
  }
  return flags;
}

function banner(lines: string[]): string {
  const rule = '='.repeat(72);
  return `${rule}\n${lines.map((line) => `  ${line}`).join('\n')}\n${rule}\n`;
}

/** The process streams and environment; injectable so tests run the CLI in-process. */
export interface ChatIo {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
}

/** `chasqui chat`: the same router as WhatsApp, through stdin/stdout. Returns the exit code. */
export async function runChat(argv: string[], io: ChatIo = process): Promise<number> {
  let flags: ChatFlags | 'help';
  try {
    flags = parseFlags(argv);
  } catch (error) {
    io.stderr.write(`chasqui chat: ${usageProblem(error, 'chat')}\n\n${USAGE}\n`);
    return EXIT_CODES.usage;
  }
  if (flags === 'help') {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
  let loaded: Config;
  try {
    loaded = loadConfig({ env: io.env });
  } catch (error) {
    io.stderr.write(`chasqui chat: ${(error as Error).message}\n`);
    return EXIT_CODES.config;
  }
  const cleanup: (() => Promise<void> | void)[] = [];
  try {
    let dataDir = flags.dataDir ?? (io.env.CHASQUI_DATA_DIR ? loaded.dataDir : undefined);
    const persistent = dataDir !== undefined;
    if (!dataDir) {
      const temp = mkdtempSync(path.join(os.tmpdir(), 'chasqui-chat-'));
      cleanup.push(() => rmSync(temp, { recursive: true, force: true }));
      dataDir = temp;
    } else {
      // The same lock as `chasqui start`: two processes on one store would fight over it.
      try {
        ensureDataDir(dataDir);
        const lock = acquireDataDirLock(dataDir);
        cleanup.push(() => lock.release());
      } catch (error) {
        const failure = storeFailure(error);
        if (!failure) throw error;
        io.stderr.write(`chasqui chat: ${failure.message}\n`);
        return failure.code;
      }
    }
    const config: Config = { ...loaded, dataDir, lookup: { ...loaded.lookup }, groups: [...loaded.groups] };
    if (!rateLimitIsExplicit(io.env, loaded)) config.rateLimitPerMinute = CHAT_DEFAULTS.rateLimitPerMinute;
    if (!config.lookup.baseUrl) {
      const { startSandbox } = await import('../sandbox/server.js');
      const sandbox = await startSandbox({ port: 0 });
      cleanup.unshift(() => sandbox.close());
      config.lookup = {
        ...config.lookup,
        baseUrl: sandbox.baseUrl,
        token: sandbox.token,
        messagingBaseUrl: sandbox.messagingUrl,
        messagingToken: sandbox.token,
      };
      // The sandbox serves BCRP's rate API too: no request leaves the machine.
      config.exchangeRate = { ...config.exchangeRate, bcrpUrl: sandbox.baseUrl };
      const realCredentials = config.taxPortal !== undefined;
      // Real tax-portal credentials never go to the sandbox (nor appear as its own in the banner).
      config.taxPortal = { ...CHAT_DEFAULTS.sandboxTaxPortal };
      io.stderr.write(
        banner([
          'SANDBOX: LOOKUP_BASE_URL no está configurado / is not set.',
          `Usando el sandbox local con DATOS FICTICIOS en ${sandbox.baseUrl}`,
          `Clave SOL ficticia del sandbox: RUC ${config.taxPortal.ruc}, usuario ${config.taxPortal.user}`,
          ...(realCredentials
            ? ['Sus credenciales TAX_PORTAL_* no se envían al sandbox / not sent to the sandbox.']
            : []),
        ]),
      );
    }
    config.admins = flags.admin
      ? [...new Set([...config.admins, flags.user])]
      : config.admins.filter((admin) => admin !== flags.user);

    const outDir = flags.out ?? mkdtempSync(path.join(os.tmpdir(), 'chasqui-docs-'));
    const interactive = Boolean(io.stdin.isTTY) && !flags.json;
    const logger = createLogger({
      level: io.env.LOG_LEVEL ?? 'warn',
      env: io.env,
      ...(io.stderr === process.stderr ? { fd: 2 } : { destination: io.stderr as pino.DestinationStream }),
    });
    const senderJid = directChat(flags.user);
    const chat = flags.direct
      ? { chatId: senderJid, isGroup: false }
      : { ...(await resolveGroup(config, flags.group)), isGroup: true };
    const transport = createTerminalTransport({
      input: io.stdin,
      output: io.stdout,
      prompt: io.stderr,
      interactive,
      json: flags.json,
      outDir,
      ...chat,
      senderIds: [senderJid],
      senderName: 'Usuario de terminal',
      senderIsGroupAdmin: false,
      ...(flags.attach ? { attach: flags.attach } : {}),
      ...(flags.explain ? { beforeHandle: await explainer(config, flags.json, io.stdout) } : {}),
    });
    // Scheduled posts on a persistent store only when asked: a quick chat must not post to groups.
    const runSchedules = flags.schedules || (interactive && !persistent);
    let app: ReturnType<typeof createApp>;
    try {
      app = createApp({ config, transport, logger, runSchedules });
    } catch (error) {
      const problem = lateConfigProblem(error);
      if (problem) {
        io.stderr.write(`chasqui chat: ${problem}\n`);
        return EXIT_CODES.config;
      }
      const failure = storeFailure(error);
      if (!failure) throw error;
      io.stderr.write(`chasqui chat: ${failure.message}\n`);
      return failure.code;
    }
    cleanup.unshift(() => app.close());
    if (interactive) {
      const where = chat.isGroup
        ? `grupo "${'chatName' in chat ? chat.chatName : chat.chatId}"`
        : 'chat directo';
      io.stderr.write(
        `Chasqui en la terminal: ${where}, usuario ${flags.user}${flags.admin ? ' (admin)' : ''}. ` +
          `Documentos en ${outDir}. Escribe "ayuda"; Ctrl+D para salir.\n`,
      );
    }
    await app.start();
    await transport.finished();
    return EXIT_CODES.ok;
  } finally {
    for (const step of cleanup) await step();
  }
}

/** `--explain`: prints the reading of each message (the router's own context) before its replies. */
async function explainer(
  config: Config,
  json: boolean,
  out: NodeJS.WritableStream,
): Promise<(message: IncomingMessage) => void> {
  const [{ commands }, { createUnderstanding }] = await Promise.all([
    import('../app/features.js'),
    import('../language/index.js'),
  ]);
  const understanding = createUnderstanding(commands);
  const settings = {
    ...(config.taxPortal ? { taxPortal: config.taxPortal } : {}),
    holidays: config.scheduler.holidays,
  };
  return (message) => {
    const context = understandContext(message.isGroup, [], settings, new Date());
    const reading = understanding.understand(message.text, context);
    out.write(`${json ? readingJson(message.text, reading) : compactReading(reading)}\n`);
  };
}

/**
 * The chat's group: an id as given, a configured or sandbox group by name, or a made-up id. The
 * default group is allowed and marked for personal data; another named group is allowed without
 * personal data unless the config says otherwise.
 */
async function resolveGroup(config: Config, name: string): Promise<{ chatId: string; chatName: string }> {
  const folded = fold(name);
  const isDefault = folded === fold(CHAT_DEFAULTS.groupName) || name === CHAT_DEFAULTS.groupId;
  let chatId: string | undefined = isGroupChat(name) ? name : undefined;
  const configured = config.groups.find(
    (group) => group.id === name || (group.name !== undefined && fold(group.name) === folded),
  );
  chatId ??= configured?.id ?? (isDefault ? CHAT_DEFAULTS.groupId : undefined);
  const chatName = isDefault ? CHAT_DEFAULTS.groupName : (configured?.name ?? name);
  chatId ??= await lookupGroupId(config, name);
  chatId ??= groupChat(folded.replace(/[^a-z0-9]+/g, '-'));
  if (!configured) {
    config.groups.push({ id: chatId, name: chatName, personalData: isDefault, schedules: [] });
  }
  return { chatId, chatName };
}

/** Asks the messaging host (sandbox or real) for a group id by subject; undefined when unknown. */
async function lookupGroupId(config: Config, name: string): Promise<string | undefined> {
  if (!config.lookup.messagingBaseUrl) return undefined;
  const { createLookupClient } = await import('../lookup/index.js');
  const client = createLookupClient(config.lookup);
  try {
    const groups = await client.groups();
    const wanted = fold(name);
    return groups.find((group) => fold(group.Name) === wanted)?.JID;
  } catch {
    return undefined;
  } finally {
    await client.close();
  }
}
