import path from 'node:path';
import type { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { BackupExistsError, backupDataDir, backupFileName, defaultBackupDir } from '../ops/backup.js';
import { RestoreRefusedError, restoreDataDir } from '../ops/restore.js';
import { EXIT_CODES, storeFailure } from './exit-codes.js';
import { usageProblem } from './problems.js';

/**
 * `chasqui backup [FILE]` (a consistent copy while `chasqui start` runs) and `chasqui restore
 * FILE` (only while nothing else uses the data directory; the file is verified first).
 * Exit codes (src/cli/exit-codes.ts, as every subcommand): 0 done, 1 failed or the copy refused,
 * 2 usage (also: backup onto an existing file without --force), 3 configuration error, 5 restore
 * while another process holds the data directory.
 */

const BACKUP_USAGE = `Uso / usage: chasqui backup [ARCHIVO] [--force] [--data-dir DIR]

Copia consistente de la base de datos (sesión de WhatsApp, cola, caché, uso), también con
\`chasqui start\` en marcha. Sin ARCHIVO: DIR/backups/chasqui-AAAA-MM-DDTHH-MM-SS.db
La copia lleva la sesión de WhatsApp: queda con permisos 0600 (solo su dueño la lee).
  --force   reemplaza ARCHIVO si ya existe (sin --force se niega, código 2)
/ A consistent copy of the database, safe while the bot runs; 0600, as it holds the session.
  --force overwrites an existing FILE (refused otherwise, exit code 2).`;

const RESTORE_USAGE = `Uso / usage: chasqui restore ARCHIVO [--force] [--data-dir DIR]

Reemplaza la base de datos por la copia ARCHIVO, después de verificarla (integridad y esquema
exacto de Chasqui) y de comprobar que el secret.key de DIR abre sus datos cifrados. Detenga
antes \`chasqui start\`. La base anterior queda como chasqui.db.before-restore-<fecha>.
  --force   restaura aunque la clave no abra la copia: se borran la caché, los vigilados y los
            lotes pendientes que cifró la otra clave
/ Replaces the database with a verified backup; stop the bot first. --force restores even when
  the data directory's key does not open the copy, dropping what the other key sealed.`;

interface Parsed {
  file?: string;
  dataDir: string;
  force: boolean;
  secret?: string;
}

function parse(
  command: 'backup' | 'restore',
  argv: string[],
  out: Writable,
  env: NodeJS.ProcessEnv,
): Parsed | number {
  const usage = command === 'backup' ? BACKUP_USAGE : RESTORE_USAGE;
  let values: { 'data-dir'?: string; help?: boolean; force?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: true,
      options: {
        'data-dir': { type: 'string' },
        force: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    out.write(`${usageProblem(error, command)}\n\n${usage}\n`);
    return EXIT_CODES.usage;
  }
  if (values.help) {
    out.write(`${usage}\n`);
    return 0;
  }
  if (positionals.length > 1) {
    out.write(`${usage}\n`);
    return EXIT_CODES.usage;
  }
  try {
    const config = loadConfig({
      env: values['data-dir'] ? { ...env, CHASQUI_DATA_DIR: values['data-dir'] } : env,
    });
    return {
      dataDir: config.dataDir,
      force: values.force ?? false,
      ...(positionals[0] ? { file: positionals[0] } : {}),
      ...(config.secret !== undefined ? { secret: config.secret } : {}),
    };
  } catch (error) {
    if (error instanceof ConfigError) {
      out.write(`${error.message}\n`);
      return EXIT_CODES.config;
    }
    throw error;
  }
}

export async function runBackup(
  argv: string[],
  io: { stdout?: Writable; env?: NodeJS.ProcessEnv } = {},
): Promise<number> {
  const out = io.stdout ?? process.stdout;
  const parsed = parse('backup', argv, out, io.env ?? process.env);
  if (typeof parsed === 'number') return parsed;
  const file = parsed.file ?? path.join(defaultBackupDir(parsed.dataDir), backupFileName(new Date()));
  try {
    const result = await backupDataDir(parsed.dataDir, file, {
      force: parsed.force,
      privateDir: parsed.file === undefined,
    });
    out.write(`Copia guardada / backup written: ${result.file} (${Math.round(result.bytes / 1024)} KiB)\n`);
    return EXIT_CODES.ok;
  } catch (error) {
    if (error instanceof BackupExistsError) {
      out.write(`chasqui backup: ${error.message}\n`);
      return EXIT_CODES.usage;
    }
    out.write(`chasqui backup: ${(error as Error).message}\n`);
    return EXIT_CODES.failure;
  }
}

export async function runRestore(
  argv: string[],
  io: { stdout?: Writable; env?: NodeJS.ProcessEnv } = {},
): Promise<number> {
  const out = io.stdout ?? process.stdout;
  const parsed = parse('restore', argv, out, io.env ?? process.env);
  if (typeof parsed === 'number') return parsed;
  if (!parsed.file) {
    out.write(`${RESTORE_USAGE}\n`);
    return EXIT_CODES.usage;
  }
  try {
    const result = restoreDataDir(parsed.dataDir, parsed.file, {
      force: parsed.force,
      ...(parsed.secret !== undefined ? { envSecret: parsed.secret } : {}),
    });
    out.write(
      `Restaurado / restored: ${parsed.file} → ${path.join(parsed.dataDir, 'chasqui.db')} (esquema ${result.schemaVersion ?? '?'})\n` +
        (result.previous
          ? `La base anterior quedó en / previous database kept at: ${result.previous}\n`
          : '') +
        (result.cleared
          ? `La clave no abría la copia: se vaciaron / the key did not open the copy, emptied: ${result.cleared.join(', ')}\n`
          : ''),
    );
    return 0;
  } catch (error) {
    const failure = storeFailure(error);
    if (failure) {
      out.write(`chasqui restore: ${failure.message}\n`);
      return failure.code;
    }
    if (error instanceof RestoreRefusedError) {
      out.write(`chasqui restore: ${error.message}\n`);
      return EXIT_CODES.failure;
    }
    throw error;
  }
}
