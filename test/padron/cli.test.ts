import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXIT_CODES } from '../../src/cli/exit-codes.js';
import { runPadron } from '../../src/cli/padron.js';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-padron-cli-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

async function run(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; out: string }> {
  const stdout = new PassThrough();
  let out = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const now = () => new Date('2026-11-25T15:00:00Z');
  const code = await runPadron(args, { stdout, env: { CHASQUI_DATA_DIR: dataDir, ...env }, now });
  return { code, out };
}

describe('chasqui padron', () => {
  it('without LOOKUP_BASE_URL loads the sandbox padrón, then reports it unchanged and shows its status', async () => {
    const first = await run(['update']);
    expect(first.code).toBe(EXIT_CODES.ok);
    expect(first.out).toContain('SANDBOX');
    expect(first.out).toMatch(
      /Padrón actualizado: edición del 2026-11-25, 20000 filas \(3 mal formadas, omitidas\)/,
    );
    expect((await run(['update'])).out).toContain('Sin cambios: la edición local del 2026-11-25');
    const status = await run(['status']);
    expect(status.out).toMatch(/FICTICIO.*edición del 2026-11-25 \(hace 0 días\)/);
    expect(status.out).toMatch(/SHA-256 del ZIP: [0-9a-f]{64}/);
  });

  it('refuses the fictional padrón under NODE_ENV=production unless --sandbox', async () => {
    const refused = await run(['update'], { NODE_ENV: 'production' });
    expect(refused.code).toBe(EXIT_CODES.sandboxRefused);
    expect((await run(['status'])).out).toContain('No hay padrón local');
  });

  it('answers a bad subcommand with the usage and exit code 2', async () => {
    const bad = await run(['actualizar']);
    expect(bad.code).toBe(EXIT_CODES.usage);
    expect(bad.out).toContain('Uso / usage: chasqui padron');
  });
});
