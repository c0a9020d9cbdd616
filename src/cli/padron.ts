import type { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { type Config, ConfigError, loadConfig } from '../config.js';
import { PadronError } from '../padron/errors.js';
import { updatePadron } from '../padron/importer.js';
import { openPadronReader } from '../padron/reader.js';
import { ensureDataDir } from '../store/data-dir.js';
import { EXIT_CODES, storeFailure } from './exit-codes.js';

/**
 * `chasqui padron update|status`: the local mirror of SUNAT's padrón reducido del RUC. `update`
 * downloads only when SUNAT published a new file, imports it beside the live edition and swaps it
 * in after the checks; it can run while `chasqui start` runs (one update at a time). Without
 * LOOKUP_BASE_URL it loads the embedded sandbox's fictional padrón, as `chat` and `start` do.
 */

const USAGE = `Uso / usage: chasqui padron <update|status> [--data-dir DIR] [--url URL] [--sandbox]

  update          descarga el padrón reducido del RUC de SUNAT si hay una edición nueva y la
                  importa (la edición anterior sigue en uso hasta que la nueva pasa los controles)
                  / download and import a new edition of SUNAT's register when there is one
  status          muestra la edición local: fecha, filas, tamaño, SHA-256, antigüedad
                  / show the local edition

  --data-dir DIR  carpeta de datos (env CHASQUI_DATA_DIR, por defecto ./data); el padrón queda en DIR/padron.db
  --url URL       otra dirección del ZIP (por defecto padron.url del archivo de configuración)
  --sandbox       con NODE_ENV=production, permite cargar el padrón ficticio del sandbox

Sin LOOKUP_BASE_URL se carga el padrón FICTICIO del sandbox local. / Without LOOKUP_BASE_URL the
embedded sandbox's fictional padrón is loaded (refused under NODE_ENV=production unless --sandbox).`;

interface Flags {
  command: 'update' | 'status';
  dataDir?: string;
  url?: string;
  sandbox: boolean;
}

function parseFlags(argv: string[]): Flags | 'help' {
  const { values, positionals } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: true,
    options: {
      'data-dir': { type: 'string' },
      url: { type: 'string' },
      sandbox: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return 'help';
  const [command, ...extra] = positionals;
  if ((command !== 'update' && command !== 'status') || extra.length > 0) {
    throw new Error(command ? `subcomando desconocido: ${command}` : 'falta el subcomando (update o status)');
  }
  const flags: Flags = { command, sandbox: values.sandbox };
  if (values['data-dir'] !== undefined) flags.dataDir = values['data-dir'];
  if (values.url !== undefined) flags.url = values.url;
  return flags;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

async function status(config: Config, out: Writable, now: Date): Promise<number> {
  const reader = openPadronReader(config.dataDir);
  const edition = reader.edition();
  reader.close();
  if (!edition) {
    out.write(
      `No hay padrón local en ${config.dataDir}: ejecute \`chasqui padron update\`. / No local edition yet.\n`,
    );
    return EXIT_CODES.ok;
  }
  // Not imported above: Lima's calendar would weigh 8 MB on every `padron update` (see importer.ts).
  const { editionAgeDays } = await import('../padron/job.js');
  const age = editionAgeDays(edition.edition, now);
  out.write(
    `Padrón reducido del RUC${edition.sandbox ? ' (FICTICIO, del sandbox)' : ''}: edición del ${edition.edition} ` +
      `(hace ${age} día${age === 1 ? '' : 's'}${age > config.padron.maxAgeDays ? `, más de ${config.padron.maxAgeDays}: DESACTUALIZADO` : ''})\n` +
      `  filas: ${edition.rows}, ZIP ${mb(edition.zipBytes)}, archivo local ${mb(edition.fileBytes)}\n` +
      `  SHA-256 del ZIP: ${edition.sha256}\n  importado: ${edition.importedAt}\n  fuente: ${edition.source}\n`,
  );
  return EXIT_CODES.ok;
}

/** `chasqui padron`. Returns the exit code. */
export async function runPadron(
  argv: string[],
  io: { stdout?: Writable; env?: NodeJS.ProcessEnv; now?: () => Date } = {},
): Promise<number> {
  const out = io.stdout ?? process.stdout;
  const env = io.env ?? process.env;
  let flags: Flags | 'help';
  try {
    flags = parseFlags(argv);
  } catch (error) {
    out.write(`chasqui padron: ${(error as Error).message}\n\n${USAGE}\n`);
    return EXIT_CODES.usage;
  }
  if (flags === 'help') {
    out.write(`${USAGE}\n`);
    return EXIT_CODES.ok;
  }
  let config: Config;
  try {
    config = loadConfig({ env: flags.dataDir ? { ...env, CHASQUI_DATA_DIR: flags.dataDir } : env });
    ensureDataDir(config.dataDir);
  } catch (error) {
    if (error instanceof ConfigError) {
      out.write(`${error.message}\n`);
      return EXIT_CODES.config;
    }
    const failure = storeFailure(error);
    if (failure) {
      out.write(`chasqui padron: ${failure.message}\n`);
      return failure.code;
    }
    throw error;
  }
  const now = io.now ?? (() => new Date());
  if (flags.command === 'status') return status(config, out, now());

  const onSandbox = !config.lookup.baseUrl && flags.url === undefined;
  if (onSandbox && env.NODE_ENV === 'production' && !flags.sandbox) {
    out.write(
      'chasqui padron: LOOKUP_BASE_URL no está configurado y NODE_ENV=production: no se carga el padrón ' +
        'ficticio del sandbox. Defina LOOKUP_BASE_URL, o use --sandbox a propósito. / Refusing the fictional padrón in production.\n',
    );
    return EXIT_CODES.sandboxRefused;
  }
  let sandbox: { padronUrl: string; close: () => Promise<void> } | undefined;
  if (onSandbox) {
    const { startSandbox } = await import('../sandbox/server.js');
    sandbox = await startSandbox({ port: 0, now });
    out.write(
      'SANDBOX: se carga el padrón FICTICIO del sandbox local. / Loading the sandbox’s fictional padrón.\n',
    );
  }
  try {
    const result = await updatePadron({
      dataDir: config.dataDir,
      url: sandbox?.padronUrl ?? flags.url ?? config.padron.url,
      minRowFraction: config.padron.minRowFraction,
      sandbox: onSandbox,
      now,
    });
    if (result.status === 'unchanged') {
      out.write(
        `Sin cambios: la edición local${result.edition ? ` del ${result.edition.edition}` : ''} sigue siendo la publicada. / Unchanged.\n`,
      );
    } else {
      const { edition } = result;
      out.write(
        `Padrón actualizado: edición del ${edition.edition}, ${edition.rows} filas (${edition.malformed} mal formadas, omitidas), ` +
          `ZIP ${mb(edition.zipBytes)}, archivo ${mb(result.fileBytes)}, en ${result.seconds.toFixed(1)} s. / Updated.\n`,
      );
    }
    return EXIT_CODES.ok;
  } catch (error) {
    if (error instanceof PadronError) {
      out.write(`chasqui padron: ${error.message}\n`);
      return error.reason === 'busy' ? EXIT_CODES.locked : EXIT_CODES.failure;
    }
    throw error;
  } finally {
    await sandbox?.close();
  }
}
