import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { rucCheckDigit } from '../../src/language/grammars/identifiers/ruc-digits.js';
import { PadronError } from '../../src/padron/errors.js';
import { decodeWindows1252 } from '../../src/padron/format.js';
import { loadPadron } from '../../src/padron/load.js';
import type { RowBatch } from '../../src/padron/parse.js';
import { inflateZipFile } from '../../src/padron/zip-file.js';
import { PADRON_HEADER } from '../../src/sandbox/padron/rows.js';
import { zipOneFile } from '../../src/sandbox/padron/zip-writer.js';

/** The line checks and the unzipper on hand-made files (no HTTP, no SQLite). */

interface Line {
  ruc: string;
  words: number;
  /** `NAME|13 parts`, as the edition stores it. */
  line: string;
}

/** A sink that keeps the rows as the edition worker would read them. */
function collector(): { lines: Line[]; add: (batch: RowBatch) => void } {
  const lines: Line[] = [];
  return {
    lines,
    add: ({ bytes, length, windows1252, rows, rucs, spans, words }) => {
      // As the edition writer decodes: the batch says whether Windows-1252's extras occur.
      const text = decodeWindows1252(Buffer.from(bytes.subarray(0, length)), windows1252);
      for (let i = 0; i < rows; i++) {
        lines.push({
          ruc: String(rucs[i]),
          words: words[i] ?? -1,
          line: text.slice(spans[2 * i], spans[2 * i + 1]),
        });
      }
    },
  };
}

const ruc = (i: number, good = true) => {
  const first10 = `20${String(10_000_000 + i)}`;
  return `${first10}${good ? rucCheckDigit(first10) : (rucCheckDigit(first10) + 1) % 10}`;
};
const row = (i: number, good = true) =>
  `${ruc(i, good)}|EMPRESA ${i} S.A.C.|ACTIVO|HABIDO|150101|AV.|LOS PINOS|-|-|${i}|-|-|-|-|-|`;

async function* chunks(bytes: Buffer, size = 1000): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function load(text: Buffer, size = 1000): Promise<{ lines: Line[]; reason?: string }> {
  const sink = collector();
  try {
    await loadPadron(chunks(text, size), sink);
    return { lines: sink.lines };
  } catch (error) {
    if (error instanceof PadronError) return { lines: sink.lines, reason: error.reason };
    throw error;
  }
}

const file = (lines: string[], eol = '\n') =>
  Buffer.from([PADRON_HEADER, ...lines].join(eol) + eol, 'latin1');

describe('loadPadron', () => {
  it('reads Latin-1 and Windows-1252 text, CRLF or LF lines, and keeps the 13 parts as written', async () => {
    const name = Buffer.from(
      '20100000013|  PEÑA \x96 ASOCIADOS S.A.C.|ACTIVO|HABIDO|150101|-|-|-|-|-|-|-|-|-|-|',
      'latin1',
    );
    const text = Buffer.concat([file([row(1), row(2)], '\r\n'), name, Buffer.from('\r\n')]);
    const { lines, reason } = await load(text);
    expect(reason).toBeUndefined();
    expect(lines.map((l) => l.ruc)).toEqual([ruc(1), ruc(2), '20100000013']);
    expect(lines[2]?.line).toBe('PEÑA – ASOCIADOS S.A.C.|ACTIVO|HABIDO|150101|-|-|-|-|-|-|-|-|-|-');
    expect(lines[0]?.line).toBe('EMPRESA 1 S.A.C.|ACTIVO|HABIDO|150101|AV.|LOS PINOS|-|-|1|-|-|-|-|-');
  });

  it('counts the words FTS5 sees in each name (dots and dashes split, accents are letters)', async () => {
    const { lines } = await load(
      file([
        `${ruc(1)}|EMPRESA 1 S.A.C.|ACTIVO|HABIDO|150101|-|-|-|-|-|-|-|-|-|-|`,
        `${ruc(2)}|NUÑEZ CÁRDENAS, JOSÉ|ACTIVO|HABIDO|150101|-|-|-|-|-|-|-|-|-|-|`,
        `${ruc(3)}|A&B - C.|ACTIVO|HABIDO|150101|-|-|-|-|-|-|-|-|-|-|`,
      ]),
    );
    expect(lines.map((l) => l.words)).toEqual([5, 3, 3]);
  });

  it('gives the same rows whatever the chunk boundaries (inside a line, at a newline, 1 byte)', async () => {
    const text = file(
      Array.from({ length: 40 }, (_, i) => row(i)),
      '\r\n',
    );
    const whole = (await load(text, text.length)).lines;
    expect(whole).toHaveLength(40);
    for (const size of [1, 7, 64, 131])
      expect((await load(text, size)).lines, `chunks of ${size}`).toEqual(whole);
  });

  it('reads a last line without its newline', async () => {
    const text = Buffer.from(`${PADRON_HEADER}\n${row(1)}\n${row(2)}`, 'latin1');
    expect((await load(text)).lines.map((l) => l.ruc)).toEqual([ruc(1), ruc(2)]);
  });

  it('skips a few malformed lines but refuses a file with many', async () => {
    const good = Array.from({ length: 600 }, (_, i) => row(i));
    const bad = [
      '2010000001|SIN DIGITO|ACTIVO',
      `${ruc(999)}|A|B|C`,
      `${ruc(998)}|   |ACTIVO|HABIDO|150101|-|-|-|-|-|-|-|-|-|-|`,
      `2O1OOOOOO13|LETRAS|ACTIVO|HABIDO|150101|-|-|-|-|-|-|-|-|-|-|`,
      `${ruc(997)}|DE MAS|ACTIVO|HABIDO|150101|-|-|-|-|-|-|-|-|-|-|-|`,
    ];
    const few = await load(file([...good, ...bad]));
    expect(few.reason).toBeUndefined();
    expect(few.lines).toHaveLength(600);
    const many = await load(file([...good, ...Array.from({ length: 10 }, () => 'basura|sin|formato')]));
    expect(many.reason).toBe('malformed');
  });

  it('refuses a file whose sampled RUCs have wrong check digits', async () => {
    const { reason } = await load(file(Array.from({ length: 500 }, (_, i) => row(i, i % 3 !== 0))));
    expect(reason).toBe('check-digits');
  });

  it('refuses names that are UTF-8 read as Latin-1, even under a good header', async () => {
    const utf8Rows = Buffer.from(
      Array.from(
        { length: 50 },
        (_, i) => `${ruc(i)}|PEÑA ${i} S.A.C.|ACTIVO|HABIDO|150101|-|-|-|-|-|-|-|-|-|-|\n`,
      ).join(''),
      'utf8',
    );
    const { reason } = await load(Buffer.concat([Buffer.from(`${PADRON_HEADER}\n`, 'latin1'), utf8Rows]));
    expect(reason).toBe('encoding');
  });

  it('refuses an empty file and a changed header, before any row reaches the sink', async () => {
    expect((await load(Buffer.alloc(0))).reason).toBe('header');
    const changed = await load(file([row(1)]).subarray(4));
    expect(changed).toEqual({ lines: [], reason: 'header' });
  });
});

describe('inflateZipFile', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-padron-zip-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const text = Buffer.from('hola padrón '.repeat(5_000), 'latin1');
  let n = 0;
  const onDisk = (zip: Uint8Array) => {
    const at = path.join(dir, `${(n += 1)}.zip`);
    writeFileSync(at, zip);
    return at;
  };
  const zipOf = async (body: Buffer, level?: number): Promise<Buffer> => {
    const parts: Buffer[] = [];
    for await (const part of zipOneFile(
      'padron_reducido_ruc.txt',
      new Date('2026-11-20T05:00:00Z'),
      [body],
      level,
    ))
      parts.push(part);
    return Buffer.concat(parts);
  };
  const read = async (zip: Uint8Array) => {
    const out: Buffer[] = [];
    for await (const part of inflateZipFile(onDisk(zip))) out.push(part);
    return Buffer.concat(out);
  };
  const reason = async (zip: Uint8Array) =>
    read(zip).then(
      () => 'ok',
      (error: PadronError) => error.reason,
    );

  it('reads an entry with sizes in its header as well as one with a data descriptor (as SUNAT writes it)', async () => {
    expect(await read(zipSync({ 'padron_reducido_ruc.txt': text }))).toEqual(text);
    expect(await read(await zipOf(text))).toEqual(text);
  });

  it('does not end the entry at a descriptor look-alike inside the compressed data', async () => {
    // Stored deflate blocks (level 0) carry the text verbatim, so a data-descriptor signature,
    // with sizes that match the bytes before it, sits inside the entry's compressed data.
    const fake = Buffer.alloc(16);
    fake.writeUInt32LE(0x08074b50, 0);
    fake.writeUInt32LE(105, 8);
    fake.writeUInt32LE(100, 12);
    const body = Buffer.concat([Buffer.from('A'.repeat(100)), fake, Buffer.from('B'.repeat(100))]);
    const zip = await zipOf(body, 0);
    expect(zip.indexOf(fake)).toBeGreaterThan(0);
    expect(await read(zip)).toEqual(body);
  });

  it('refuses a cut archive wherever it is cut, a corrupt one, and what is not a ZIP', async () => {
    const zip = await zipOf(text);
    for (const cut of [10, 40, 200, zip.length - 60, zip.length - 5]) {
      expect(await reason(zip.subarray(0, cut)), `cut at ${cut}`).toBe('truncated');
    }
    const corrupt = Buffer.from(zip);
    corrupt[80] = (corrupt[80] ?? 0) ^ 0xff;
    expect(await reason(corrupt)).toBe('corrupt');
    expect(await reason(Buffer.from('no es un zip, es una página de error'))).toBe('not-zip');
    expect(await reason(Buffer.alloc(0))).toBe('not-zip');
  });
});
