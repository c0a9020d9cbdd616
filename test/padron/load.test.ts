import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { rucCheckDigit } from '../../src/input/ruc.js';
import type { EditionWriter } from '../../src/padron/edition-file.js';
import { PadronError } from '../../src/padron/errors.js';
import type { PadronLine } from '../../src/padron/format.js';
import { loadPadron } from '../../src/padron/load.js';
import { unzipFirstEntry } from '../../src/padron/zip-entry.js';
import { PADRON_HEADER } from '../../src/sandbox/padron/rows.js';
import { zipOneFile } from '../../src/sandbox/padron/zip-writer.js';

/** The unzipper and the line checks on hand-made files (no HTTP). */

function collector(): EditionWriter & { lines: PadronLine[] } {
  const lines: PadronLine[] = [];
  return {
    lines,
    add: (line) => void lines.push(line),
    get rows() {
      return lines.length;
    },
    finish: () => undefined,
    abandon: () => undefined,
  };
}

const ruc = (i: number, good = true) => {
  const first10 = `20${String(10_000_000 + i)}`;
  return `${first10}${good ? rucCheckDigit(first10) : (rucCheckDigit(first10) + 1) % 10}`;
};
const row = (i: number, good = true) =>
  `${ruc(i, good)}|EMPRESA ${i} S.A.C.|ACTIVO|HABIDO|150101|AV.|LOS PINOS|-|-|${i}|-|-|-|-|-|`;

async function zipOf(text: Buffer): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of zipOneFile('padron_reducido_ruc.txt', new Date('2026-11-20T05:00:00Z'), [text]))
    parts.push(part);
  return Buffer.concat(parts);
}

async function* chunks(bytes: Buffer, size = 1000): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function load(text: Buffer): Promise<{ lines: PadronLine[]; reason?: string }> {
  const writer = collector();
  try {
    await loadPadron(chunks(await zipOf(text)), writer);
    return { lines: writer.lines };
  } catch (error) {
    if (error instanceof PadronError) return { lines: writer.lines, reason: error.reason };
    throw error;
  }
}

const file = (lines: string[], eol = '\n') =>
  Buffer.from([PADRON_HEADER, ...lines].join(eol) + eol, 'latin1');

describe('loadPadron', () => {
  it('reads Latin-1 and Windows-1252 text, CRLF or LF lines, and keeps the 13 parts as written', async () => {
    const name = Buffer.from(
      '20100000013|PEÑA \x96 ASOCIADOS S.A.C.|ACTIVO|HABIDO|150101|-|-|-|-|-|-|-|-|-|-|',
      'latin1',
    );
    const text = Buffer.concat([file([row(1), row(2)], '\r\n'), name, Buffer.from('\r\n')]);
    const { lines, reason } = await load(text);
    expect(reason).toBeUndefined();
    expect(lines.map((l) => l.ruc)).toEqual([ruc(1), ruc(2), '20100000013']);
    expect(lines[2]?.name).toBe('PEÑA – ASOCIADOS S.A.C.');
    expect(lines[0]?.rest).toBe('ACTIVO|HABIDO|150101|AV.|LOS PINOS|-|-|1|-|-|-|-|-');
  });

  it('skips a few malformed lines but refuses a file with many', async () => {
    const good = Array.from({ length: 300 }, (_, i) => row(i));
    const few = await load(file([...good, '2010000001|SIN DIGITO|ACTIVO', `${ruc(999)}|A|B|C`]));
    expect(few.reason).toBeUndefined();
    expect(few.lines).toHaveLength(300);
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

  it('refuses an empty file', async () => {
    expect((await load(Buffer.alloc(0))).reason).toBe('header');
  });
});

describe('unzipFirstEntry', () => {
  const text = Buffer.from('hola padrón '.repeat(5_000), 'latin1');
  const read = async (zip: Buffer, size = 777) => {
    const out: Buffer[] = [];
    for await (const part of unzipFirstEntry(chunks(zip, size))) out.push(part);
    return Buffer.concat(out);
  };
  const reason = async (zip: Buffer) =>
    read(zip).then(
      () => 'ok',
      (error: PadronError) => error.reason,
    );

  it('reads an entry with sizes in its header (no data descriptor) as well as one with a descriptor', async () => {
    expect(await read(Buffer.from(zipSync({ 'padron_reducido_ruc.txt': text })))).toEqual(text);
    expect(await read(await zipOf(text), 1)).toEqual(text);
  });

  it('does not end the entry at a descriptor look-alike inside the compressed data', async () => {
    // Stored deflate blocks (level 0) carry the text verbatim, so a data-descriptor signature,
    // with sizes that match the bytes before it, sits inside the entry's compressed data.
    const fake = Buffer.alloc(16);
    fake.writeUInt32LE(0x08074b50, 0);
    fake.writeUInt32LE(105, 8);
    fake.writeUInt32LE(100, 12);
    const body = Buffer.concat([Buffer.from('A'.repeat(100)), fake, Buffer.from('B'.repeat(100))]);
    const parts: Buffer[] = [];
    for await (const part of zipOneFile('p.txt', new Date(), [body], 0)) parts.push(part);
    const zip = Buffer.concat(parts);
    expect(zip.indexOf(fake)).toBeGreaterThan(0);
    expect(await read(zip, 50)).toEqual(body);
  });

  it('refuses a cut archive wherever it is cut, and a corrupt one', async () => {
    const zip = await zipOf(text);
    for (const cut of [10, 40, 200, zip.length - 60, zip.length - 5]) {
      expect(await reason(zip.subarray(0, cut)), `cut at ${cut}`).toBe('truncated');
    }
    const corrupt = Buffer.from(zip);
    corrupt[80] = (corrupt[80] ?? 0) ^ 0xff;
    expect(['corrupt', 'truncated']).toContain(await reason(corrupt));
    expect(await reason(Buffer.from('no es un zip, es una página de error'))).toBe('not-zip');
  });
});
