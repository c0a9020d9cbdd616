import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { NOT_FOR_A_LOOKUP } from '../helpers/not-for-a-lookup.js';

/**
 * The bundle (issue 22: chat's cold start): `npm run build` bundles dist/ into dist/bundle/
 * (tools/bundle.js), and bin/chasqui.js, `npm start` and the image run it. These tests run it as a
 * user does and hold it to the compiled modules' behaviour: the same replies, the padrón's worker
 * threads found by name, and the same laziness (what a RUC lookup loads, read from the source maps
 * of the chunks it loads).
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BUNDLE = path.join(ROOT, 'dist/bundle');
const HOOK = fileURLToPath(new URL('../helpers/module-log.mjs', import.meta.url));
const dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `node [nodeArgs] script args` with `input` on stdin, in a clean environment (embedded sandbox). */
function run(
  script: string,
  args: string[],
  input = '',
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
) {
  const result = spawnSync(process.execPath, [...nodeArgs, script, ...args], {
    cwd: ROOT,
    input,
    encoding: 'utf8',
    timeout: 60_000,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? ROOT,
      TMPDIR: process.env.TMPDIR ?? '/tmp',
      ...env,
    },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The names src/padron passes to spawnWorker('…'): each must be a module beside the bundle's. */
function workerNames(): string[] {
  const padron = path.join(ROOT, 'src/padron');
  return readdirSync(padron)
    .filter((file) => file.endsWith('.ts'))
    .flatMap((file) => [
      ...readFileSync(path.join(padron, file), 'utf8').matchAll(/\bspawnWorker\('([\w-]+)'/gu),
    ])
    .map(([, name]) => name!);
}

describe('the bundle bin/chasqui.js runs', () => {
  it('is built, with every padrón worker spawn-worker.ts starts by name beside it', () => {
    expect(existsSync(path.join(BUNDLE, 'main.js')), 'dist/bundle is built (npm run build)').toBe(true);
    const names = workerNames();
    expect(names).toHaveLength(3);
    expect(names.filter((name) => !existsSync(path.join(BUNDLE, `${name}.js`)))).toEqual([]);
  });

  it('answers a chat as the compiled modules do', { timeout: 120_000 }, () => {
    const input = 'ruc 20123456786\nplaca abc-123\ndni 45678912\nayuda\nruc 20123456787\nbuenos días\n';
    const bundled = run('bin/chasqui.js', ['chat', '--json'], input);
    const compiled = run('dist/src/main.js', ['chat', '--json'], input);
    expect(bundled.code, bundled.stderr).toBe(0);
    expect(compiled.code, compiled.stderr).toBe(0);
    expect(bundled.stdout.trim().split('\n').length).toBeGreaterThanOrEqual(5);
    expect(bundled.stdout).toBe(compiled.stdout);
  });

  it(
    'imports a padrón through its worker threads (download, edition, name index)',
    { timeout: 120_000 },
    () => {
      const data = path.join(dir, 'padron');
      const update = run('bin/chasqui.js', ['padron', 'update', '--data-dir', data]);
      expect(update.code, update.stderr).toBe(0);
      expect(update.stdout).toMatch(/Padrón actualizado: edición del \d{4}-\d{2}-\d{2}, 20000 filas/u);
      const status = run('bin/chasqui.js', ['padron', 'status', '--data-dir', data]);
      expect(status.code, status.stderr).toBe(0);
      expect(status.stdout).toContain('filas: 20000');
    },
  );

  it(
    'loads for a RUC none of what a lookup does not need, in its chunks or beside them',
    { timeout: 60_000 },
    () => {
      const log = path.join(dir, 'modules.log');
      const result = run(
        'bin/chasqui.js',
        ['chat', '--json'],
        'ruc 20123456786\n',
        { CHASQUI_TEST_MODULE_LOG: log },
        ['--import', HOOK],
      );
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain('RUC: 20123456786');
      const loaded = readFileSync(log, 'utf8').split('\n').filter(Boolean);
      const files = loaded.map((entry) => (entry.startsWith('file:') ? fileURLToPath(entry) : entry));
      // The bundle ran, not the compiled modules.
      const chunks = files.filter((file) => file.startsWith(BUNDLE + path.sep));
      expect(chunks).toContain(path.join(BUNDLE, 'main.js'));
      expect(files.filter((file) => file.includes(`${path.sep}dist${path.sep}src${path.sep}`))).toEqual([]);
      // Every module in those chunks, as their source maps name them (src/…, commands/…, node_modules/…).
      const bundled = chunks.flatMap((chunk) => {
        const map = JSON.parse(readFileSync(`${chunk}.map`, 'utf8')) as { sources: string[] };
        return map.sources.map((source) => path.resolve(path.dirname(chunk), source));
      });
      expect(bundled.some((file) => file.includes('commands/lookups/ruc'))).toBe(true);
      const found = Object.entries(NOT_FOR_A_LOOKUP)
        .filter(([, pattern]) => [...files, ...bundled].some((file) => pattern.test(file)))
        .map(([what]) => what);
      expect(found).toEqual([]);
    },
  );
});
