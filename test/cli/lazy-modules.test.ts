import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { xlsxOf } from '../commands/batch/helpers.js';
import { type CliResult, runCli } from '../helpers/cli.js';
import { NOT_FOR_A_LOOKUP } from '../helpers/not-for-a-lookup.js';

/**
 * A lean process (issue 22): `chasqui chat` loads what its messages need and no more, and a module
 * loaded on first use that cannot be loaded fails where it is used, with the Spanish reply of
 * today, while the process keeps answering. The real CLI in a child process, with a loader hook
 * (test/helpers/module-log.mjs) that lists what it loads or makes one import fail.
 */

const HOOK = fileURLToPath(new URL('../helpers/module-log.mjs', import.meta.url));
const dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-lazy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function chat(lines: string[], args: string[], env: Record<string, string>): Promise<CliResult> {
  return runCli(['chat', '--json', ...args], lines.map((line) => `${line}\n`).join(''), env, [
    '--import',
    HOOK,
  ]);
}

const texts = (result: CliResult): string[] =>
  result.stdout
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as { text?: string; document?: { caption?: string } }).text ?? '');

describe('what chasqui chat loads', () => {
  it('answers a RUC without loading the workbook, PDF, Baileys, metrics, console, YAML or padrón update', async () => {
    const log = path.join(dir, 'modules.log');
    const result = await chat(['ruc 20123456786'], [], { CHASQUI_TEST_MODULE_LOG: log });
    expect(result.code, result.stderr).toBe(0);
    expect(texts(result)[0]).toContain('RUC: 20123456786');
    const loaded = readFileSync(log, 'utf8').split('\n');
    // The log is real: the lookup's own modules are in it.
    expect(loaded.some((file) => file.includes('commands/lookups/'))).toBe(true);
    expect(loaded.some((file) => file.includes('node_modules/undici/'))).toBe(true);
    const found = Object.entries(NOT_FOR_A_LOOKUP)
      .filter(([, pattern]) => loaded.some((file) => pattern.test(file)))
      .map(([what]) => what);
    expect(found).toEqual([]);
  });
});

describe('what the other subcommands load', () => {
  /** Only `chasqui start` speaks WhatsApp and serves the console and metrics. */
  const START_ONLY = /node_modules\/(@whiskeysockets|prom-client|exceljs)\/|src\/console\//u;

  it.each([
    ['entender', 'tc'],
    ['padron', 'status'],
    ['sandbox', '--help'],
    ['backup', '--help'],
  ])('chasqui %s %s loads no Baileys, metrics, console or workbook', async (...args) => {
    const log = path.join(dir, `${args.join('-')}.log`);
    const result = await runCli(args, '', { CHASQUI_TEST_MODULE_LOG: log, CHASQUI_DATA_DIR: dir }, [
      '--import',
      HOOK,
    ]);
    expect(result.code, result.stderr).toBe(0);
    const loaded = readFileSync(log, 'utf8').split('\n');
    expect(loaded.some((file) => file.includes('src/cli/'))).toBe(true);
    expect(loaded.filter((file) => START_ONLY.test(file))).toEqual([]);
  });
});

describe('a module loaded on first use that fails to load', () => {
  it('the xlsx reader: lote answers its Spanish refusal, then keeps answering', async () => {
    const file = path.join(dir, 'proveedores.xlsx');
    writeFileSync(file, await xlsxOf([['RUC'], ['20123456786']]));
    const result = await chat(['lote', 'ruc 20123456786'], ['--attach', file], {
      CHASQUI_TEST_FAIL_IMPORT: 'xlsx-sheet',
    });
    expect(result.code, result.stderr).toBe(0);
    const [lote, ruc] = texts(result);
    expect(lote).toBe('No pude leer el archivo. Revisa que sea un .txt, .csv o .xlsx válido.');
    expect(ruc).toContain('RUC: 20123456786');
  });

  it('the workbook library: lote answers the internal-error reply, then keeps answering', async () => {
    const file = path.join(dir, 'proveedores.csv');
    writeFileSync(file, 'ruc\n20123456786\n');
    const result = await chat(['lote', 'ruc 20123456786'], ['--attach', file], {
      CHASQUI_TEST_FAIL_IMPORT: '^exceljs$',
    });
    expect(result.code, result.stderr).toBe(0);
    const [lote, ruc] = texts(result);
    expect(lote).toMatch(/^Algo salió mal de mi lado/u);
    expect(ruc).toContain('RUC: 20123456786');
  });
});
