import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PadronError } from '../../src/padron/errors.js';
import { livePath, workDir } from '../../src/padron/files.js';
import { updatePadron } from '../../src/padron/importer.js';
import { openPadronReader } from '../../src/padron/reader.js';
import { taxpayers } from '../../src/sandbox/fixtures/index.js';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';

let sandbox: SandboxHandle;
let dataDir: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, padronRows: 2_000 });
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-padron-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

const url = (query = '') => `${sandbox.padronUrl}${query ? `?${query}` : ''}`;
const update = (query = '', minRowFraction = 0.9) =>
  updatePadron({ dataDir, url: url(query), minRowFraction, sandbox: true });

/** The update's PadronError reason, or 'ok'. */
async function failure(query: string, minRowFraction = 0.9): Promise<string> {
  try {
    await update(query, minRowFraction);
    return 'ok';
  } catch (error) {
    if (error instanceof PadronError) return error.reason;
    throw error;
  }
}

const leftovers = () => readdirSync(workDir(dataDir)).filter((name) => name.startsWith('edition-'));

describe('padrón import from the sandbox', () => {
  it('reads every fixture RUC back with its name, estado, condición and one-line address', async () => {
    const result = await update('edition=2026-11-20');
    expect(result.status).toBe('updated');
    if (result.status !== 'updated') return;
    expect(result.edition).toMatchObject({ edition: '2026-11-20', rows: 2_000, malformed: 3, sandbox: true });
    expect(result.edition.sha256).toMatch(/^[0-9a-f]{64}$/);
    const reader = openPadronReader(dataDir);
    for (const fixture of Object.values(taxpayers)) {
      expect(reader.lookupRuc(fixture.ruc)).toMatchObject({
        ruc: fixture.ruc,
        name: fixture.nombre_o_razon_social,
        estado: fixture.estado,
        condicion: fixture.condicion,
        ubigeo: fixture.ubigeo_taxauth,
        address: fixture.direccion,
      });
    }
    expect(reader.lookupRuc('20123456786')).toMatchObject({
      tipoVia: 'AV.',
      nombreVia: 'NICOLÁS AYLLÓN',
      numero: '2450',
    });
    expect(reader.lookupRuc('20609876540')).toBeUndefined();
    expect(reader.edition()).toMatchObject({ edition: '2026-11-20', rows: 2_000 });
    reader.close();
  });

  it('finds names with accents and case folded, the last word as a prefix, best match first', async () => {
    await update();
    const reader = openPadronReader(dataDir);
    expect(reader.searchName('transportes andinos', 5).map((t) => t.ruc)).toEqual([
      '20123456786',
      '20487654320',
    ]);
    expect(reader.searchName('Servicios Logísticos altipl', 3)[0]?.ruc).toBe('20600111222');
    expect(reader.searchName('  ', 5)).toEqual([]);
    reader.close();
  });

  it('skips an unchanged edition with a conditional request (304), keeping the file untouched', async () => {
    await update('edition=2026-11-20');
    const before = statSync(livePath(dataDir));
    const again = await update('edition=2026-11-20');
    expect(again).toMatchObject({ status: 'unchanged', edition: { edition: '2026-11-20' } });
    expect(statSync(livePath(dataDir)).ino).toBe(before.ino);
    const next = await update('edition=2026-11-21');
    expect(next).toMatchObject({
      status: 'updated',
      edition: { edition: '2026-11-21' },
      previous: { edition: '2026-11-20' },
    });
  });
});

describe('a bad download never replaces a good edition', () => {
  beforeEach(async () => {
    await update('edition=2026-11-20');
  });
  afterEach(() => {
    // the old edition is still served, and nothing half-built is left behind
    const reader = openPadronReader(dataDir);
    expect(reader.edition()?.edition).toBe('2026-11-20');
    expect(reader.lookupRuc('20123456786')?.name).toBe('TRANSPORTES ANDINOS DEL SUR S.A.C.');
    reader.close();
    expect(leftovers()).toEqual([]);
  });

  it('refuses a ZIP cut short, whether the connection drops or the body just ends', async () => {
    expect(await failure('edition=2026-11-21&reset=20000')).toBe('truncated');
    expect(await failure('edition=2026-11-21&cut=20000')).toBe('truncated');
    expect(await failure('edition=2026-11-21&cut=10')).toBe('truncated');
  });

  it('refuses a file whose header changed', async () => {
    expect(await failure('edition=2026-11-21&variant=bad-header')).toBe('header');
  });

  it('refuses a file in the wrong encoding (UTF-8 instead of Latin-1)', async () => {
    expect(await failure('edition=2026-11-21&variant=utf8')).toBe('encoding');
  });

  it('refuses an edition with far fewer rows than the live one, and takes it when allowed', async () => {
    expect(await failure('edition=2026-11-21&rows=1000')).toBe('too-few-rows');
    expect(await failure('edition=2026-11-21&rows=1900')).toBe('ok');
    expect(await failure('edition=2026-11-20')).toBe('ok'); // back to the 2,000-row edition for afterEach
  });
});

describe('lookups during the swap', () => {
  it('answer from the old edition until the new one is in, then from the new one, never failing', async () => {
    await update('edition=2026-11-20&rows=3000');
    const reader = openPadronReader(dataDir, { recheckMs: 0 });
    const seen = new Set<string>();
    let misses = 0;
    let running = true;
    const loop = (async () => {
      while (running) {
        const hit = reader.lookupRuc('20601234565');
        if (hit?.name !== 'DISTRIBUIDORA LOS ALAMOS E.I.R.L.') misses += 1;
        seen.add(reader.edition()?.edition ?? 'none');
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const result = await update('edition=2026-11-21&rows=3000');
    await new Promise((resolve) => setTimeout(resolve, 20));
    running = false;
    await loop;
    expect(result.status).toBe('updated');
    expect(misses).toBe(0);
    expect([...seen]).toEqual(['2026-11-20', '2026-11-21']);
    reader.close();
  });

  it('stays empty-handed without an edition, and picks one up once imported', async () => {
    const reader = openPadronReader(dataDir, { recheckMs: 0 });
    expect(reader.lookupRuc('20123456786')).toBeUndefined();
    expect(reader.edition()).toBeUndefined();
    await update();
    expect(reader.lookupRuc('20123456786')?.ruc).toBe('20123456786');
    reader.close();
    expect(existsSync(livePath(dataDir))).toBe(true);
  });
});
