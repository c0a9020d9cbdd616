import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runBackup, runRestore } from '../../src/cli/backup.js';
import { runStart } from '../../src/cli/start.js';
import { runDailyBackup } from '../../src/ops/daily-backup.js';
import { silentLogger } from '../../src/logger.js';
import { openDatabase } from '../../src/store/sqlite.js';
import { captureOutput } from '../helpers/capture.js';
import { fakeSocketFactory, waitFor } from '../helpers/fake-socket.js';

/**
 * Backups keep the WhatsApp session keys (issue 19): every copy is 0600 in a 0700 folder, so is
 * the database restore keeps aside, a backup never overwrites a file without --force, and what
 * a kill -9 leaves half way is gone at the next start.
 */
let dir: string;
let umask: number;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-backup-sec-'));
  umask = process.umask(0o022); // the usual default: new files 0644, folders 0755
});

afterEach(() => {
  process.umask(umask);
  rmSync(dir, { recursive: true, force: true });
});

const mode = (file: string) => statSync(file).mode & 0o777;

function liveDir(): string {
  const live = path.join(dir, 'data');
  openDatabase({ dir: live }).close();
  return live;
}

describe('backup files are private', () => {
  it('chasqui backup writes 0600 files in a 0700 folder (default folder and a new one for FILE)', async () => {
    const live = liveDir();
    const out = captureOutput();
    expect(await runBackup([], { stdout: out.stream, env: { CHASQUI_DATA_DIR: live } })).toBe(0);
    const backups = path.join(live, 'backups');
    const [name] = readdirSync(backups);
    expect(mode(backups)).toBe(0o700);
    expect(mode(path.join(backups, name ?? ''))).toBe(0o600);
    const file = path.join(dir, 'copias', 'hoy.db');
    expect(await runBackup([file], { stdout: out.stream, env: { CHASQUI_DATA_DIR: live } })).toBe(0);
    expect(mode(path.dirname(file))).toBe(0o700);
    expect(mode(file)).toBe(0o600);
  });

  it('the daily backup writes 0600 files and tightens its folder to 0700', async () => {
    const live = liveDir();
    mkdirSync(path.join(live, 'diarias'), { mode: 0o755 });
    const db = openDatabase({ dir: live });
    const settings = { daily: '03:00', keep: 3, dir: 'diarias' };
    const file = await runDailyBackup({ db, dataDir: live, settings, logger: silentLogger() });
    db.close();
    expect(mode(file)).toBe(0o600);
    expect(mode(path.dirname(file))).toBe(0o700);
  });

  it('refuses to overwrite an existing file without --force (exit code 2), and replaces it with it', async () => {
    const live = liveDir();
    const file = path.join(dir, 'copia.db');
    writeFileSync(file, 'no tocar');
    const out = captureOutput();
    expect(await runBackup([file], { stdout: out.stream, env: { CHASQUI_DATA_DIR: live } })).toBe(2);
    expect(out.text()).toContain(`${file} ya existe: use --force para reemplazarlo`);
    expect(readdirSync(dir)).not.toContain('copia.db.partial');
    expect(await runBackup([file, '--force'], { stdout: out.stream, env: { CHASQUI_DATA_DIR: live } })).toBe(
      0,
    );
    const copy = new Database(file, { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    copy.close();
    expect(mode(file)).toBe(0o600);
  });

  it('restore puts a 0600 copy in place and keeps the previous database aside as 0600', async () => {
    const live = liveDir();
    const file = path.join(dir, 'copia.db');
    await runBackup([file], { stdout: captureOutput().stream, env: { CHASQUI_DATA_DIR: live } });
    chmodSync(file, 0o644);
    chmodSync(path.join(live, 'chasqui.db'), 0o644);
    chmodSync(live, 0o755);
    const out = captureOutput();
    expect(await runRestore([file], { stdout: out.stream, env: { CHASQUI_DATA_DIR: live } })).toBe(0);
    const aside = /previous database kept at: (\S+)/.exec(out.text())?.[1] ?? '';
    expect(mode(aside)).toBe(0o600);
    expect(mode(path.join(live, 'chasqui.db'))).toBe(0o600);
    expect(mode(live)).toBe(0o700);
  });
});

describe('a backup killed half way', () => {
  function start(dataDir: string) {
    const fake = fakeSocketFactory();
    let stop!: () => void;
    const shutdown = new Promise<void>((resolve) => (stop = resolve));
    const exit = runStart([], {
      env: { CHASQUI_DATA_DIR: dataDir, CHASQUI_CONSOLE_PORT: 'off' },
      stdout: captureOutput().stream,
      logger: pino({ level: 'silent' }),
      createSocket: fake.factory,
      shutdown,
    });
    return { fake, stop, exit };
  }

  it('leaves a .partial after kill -9; the next start removes it and tightens older copies', async () => {
    const live = liveDir();
    // Rollback journal + an exclusive lock held here: the child's backup waits inside its copy.
    const source = new Database(path.join(live, 'chasqui.db'));
    source.pragma('journal_mode = DELETE');
    source.exec('BEGIN EXCLUSIVE');
    const script = `
      import { backupDataDir } from ${JSON.stringify(path.resolve('src/ops/backup.ts'))};
      process.stdout.write('started\\n');
      await backupDataDir(process.argv[1], process.argv[2]);`;
    const target = path.join(live, 'backups', 'chasqui-2026-03-01T03-00-00.db');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script, live, target],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise((resolve) => child.on('exit', resolve));
    await new Promise((resolve) => child.stdout.once('data', resolve));
    await waitFor(() => existsSync(`${target}.partial`), 10_000, 'the partial copy');
    child.kill('SIGKILL');
    await exited;
    source.exec('ROLLBACK');
    source.pragma('journal_mode = WAL');
    source.close();
    expect(existsSync(`${target}.partial`)).toBe(true);
    const older = path.join(live, 'backups', 'chasqui-2026-02-28T03-00-00.db');
    writeFileSync(older, 'copia de una versión anterior');
    chmodSync(older, 0o644);
    chmodSync(path.dirname(older), 0o755);

    const { fake, stop, exit } = start(live);
    await waitFor(() => fake.sockets.length === 1, 10_000, 'socket');
    expect(existsSync(`${target}.partial`)).toBe(false);
    expect(mode(older)).toBe(0o600);
    expect(mode(path.dirname(older))).toBe(0o700);
    stop();
    expect(await exit).toBe(0);
  }, 30_000);
});
