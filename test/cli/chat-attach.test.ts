import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { runChat } from '../../src/cli/chat.js';
import { readWorkbook } from '../commands/batch/helpers.js';

/** `chasqui chat --attach FILE`: the next line is the caption of the file (try `lote` without WhatsApp). */
async function chat(lines: string[], argv: string[]) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk) => {
    out += String(chunk);
  });
  stderr.on('data', (chunk) => {
    err += String(chunk);
  });
  stdin.end(lines.map((line) => `${line}\n`).join(''));
  const code = await runChat(argv, { stdin, stdout, stderr, env: {} });
  return { code, out, err };
}

describe('chasqui chat --attach', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-attach-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('sends the file with the first line as its caption; later lines carry nothing', async () => {
    const file = path.join(dir, 'proveedores.csv');
    writeFileSync(file, 'razon;ruc\nAndinos;20123456786\nAlamos;20601234565\n');
    const out = path.join(dir, 'out');
    const result = await chat(['lote', 'lote'], ['--json', '--out', out, '--attach', file]);
    expect(result.code).toBe(0);
    const lines = result.out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as unknown);
    expect(lines).toHaveLength(2);
    const document = (lines[0] as { document: { fileName: string; path: string; caption: string } }).document;
    expect(document.fileName).toMatch(/^lote-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(document.caption).toContain('*2* activos y habidos');
    const { sheets } = await readWorkbook(new Uint8Array(readFileSync(document.path)));
    expect(sheets.Resultado?.slice(1).map((row) => row[0])).toEqual(['20123456786', '20601234565']);
    // The second "lote" had no file and no numbers: the usage reply.
    expect((lines[1] as { text: string }).text).toContain('Envía *lote* seguido de los RUC o DNI');
  });

  it('refuses a missing file with exit code 2', async () => {
    const result = await chat(['lote'], ['--attach', path.join(dir, 'nope.csv')]);
    expect(result.code).toBe(2);
    expect(result.err).toContain('--attach: no existe el archivo');
  });
});
