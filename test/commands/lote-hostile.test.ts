import { zipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { xlsxBomb } from '../../bench/hostile-files.js';
import type { BatchConfig } from '../../src/config/types.js';
import type { DocumentMessage, IncomingMessage, OutgoingMessage } from '../../src/transports/transport.js';
import { fictionalRucs, readWorkbook, xlsxOf } from '../batch/helpers.js';
import { type BotHarness, createBotHarness } from '../helpers/bot-harness.js';
import { groupMessage } from '../helpers/messages.js';

/**
 * `lote` with hostile attachments (issue 19): zip bombs honest or lying about their size, too
 * many parts, too many rows, binary data named .csv. Each gets its own Spanish reply, costs no
 * lookup, and never "Algo salió mal".
 */
const MIB = 1024 * 1024;
const RUC_A = '20123456786';

function attach(fileName: string, bytes: Uint8Array, text = 'lote'): IncomingMessage {
  return groupMessage(text, {
    document: {
      fileName,
      mimetype: 'application/octet-stream',
      size: bytes.byteLength,
      download: async () => bytes,
    },
  });
}

describe('lote with hostile files', () => {
  let h: BotHarness;
  let defaults: BatchConfig;
  beforeAll(async () => {
    h = await createBotHarness();
    defaults = { ...h.config.batch };
  });
  beforeEach(() => {
    h.config.batch = { ...defaults, confirmAbove: 1000, retryDelayMs: 0 };
    h.sandbox.resetRequests();
  });
  afterAll(async () => {
    await h.close();
  });

  const reply = async (message: IncomingMessage) => {
    const { replies } = await h.deliver(message);
    expect(replies).toHaveLength(1);
    expect(h.sandbox.requestCount()).toBe(0);
    return h.texts(replies)[0] ?? '';
  };

  it('refuses a workbook that declares more than maxUnzippedBytes (read from the ZIP directory)', async () => {
    const bomb = await xlsxBomb({ bytes: 24 * MIB });
    expect(bomb.byteLength).toBeLessThan(defaults.maxFileBytes);
    const text = await reply(attach('proveedores.xlsx', bomb));
    expect(text).toBe(
      'El Excel es demasiado grande por dentro: al abrirlo pasa de 16 MB o trae demasiadas partes. ' +
        'Envía solo la hoja con la columna de RUC o DNI, o pega los números como texto.',
    );
  });

  it('refuses a workbook whose headers lie about its size once it inflates past them', async () => {
    const bomb = await xlsxBomb({ bytes: 24 * MIB, declaredBytes: 4096 });
    expect(await reply(attach('proveedores.xlsx', bomb))).toContain('demasiado grande por dentro');
    const cell = await xlsxBomb({ bytes: 24 * MIB, shape: 'cell', declaredBytes: 4096 });
    expect(await reply(attach('proveedores.xlsx', cell))).toContain('demasiado grande por dentro');
  });

  it('refuses a part that expands more than maxZipRatio, and a ZIP with too many parts', async () => {
    h.config.batch = { ...h.config.batch, maxZipRatio: 50 };
    const dense = await xlsxBomb({ bytes: 4 * MIB });
    expect(await reply(attach('proveedores.xlsx', dense))).toContain('demasiado grande por dentro');
    h.config.batch = { ...h.config.batch, maxZipRatio: defaults.maxZipRatio, maxZipEntries: 50 };
    const parts: Record<string, Uint8Array> = {};
    for (let i = 0; i < 51; i++) parts[`xl/media/imagen${i}.txt`] = new TextEncoder().encode('x');
    expect(await reply(attach('proveedores.xlsx', zipSync(parts)))).toContain('demasiado grande por dentro');
  });

  it('refuses a sheet with more rows than maxFileRows, and a .csv or .txt with more lines', async () => {
    h.config.batch = { ...h.config.batch, maxFileRows: 100 };
    const expected =
      'El archivo tiene más de 100 filas. Envía solo las filas con los RUC o DNI (hasta 200 números por lote).';
    const rows = fictionalRucs(101).map((ruc) => ['Proveedor', ruc]);
    expect(await reply(attach('proveedores.xlsx', await xlsxOf(rows)))).toBe(expected);
    const csv = new TextEncoder().encode(rows.map((row) => row.join(';')).join('\n'));
    expect(await reply(attach('proveedores.csv', csv))).toBe(expected);
    const txt = new TextEncoder().encode(fictionalRucs(101).join(' '));
    expect(await reply(attach('proveedores.txt', txt))).toBe(expected);
  });

  it('refuses binary data named .csv instead of echoing it back into the group', async () => {
    // Deterministic noise with digits in it, like a photo or a ZIP renamed .csv.
    let seed = 7;
    const noise = Uint8Array.from(
      { length: 4096 },
      () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) & 0xff,
    );
    const text = await reply(attach('proveedores.csv', noise));
    expect(text).toBe(
      'El archivo no es de texto: parece otro tipo de archivo con la extensión cambiada. ' +
        'Envía un .txt o .csv guardado como texto, o el .xlsx original.',
    );
    const workbookAsCsv = await xlsxOf([['RUC'], [RUC_A]]);
    expect(await reply(attach('proveedores.csv', workbookAsCsv))).toBe(text);
  });

  it('still reads a .csv saved as UTF-16 ("Texto Unicode" in Excel)', async () => {
    const body = `razón social\truc\nAndinos\t${RUC_A}\n`;
    const utf16 = new Uint8Array([0xff, 0xfe, ...new Uint8Array(Buffer.from(body, 'utf16le'))]);
    const { replies } = await h.deliver(attach('proveedores.csv', utf16));
    const document = replies.find((r): r is DocumentMessage => r.kind === 'document');
    const { sheets } = await readWorkbook(document!.bytes);
    expect(sheets.Resultado?.slice(1).map((row) => row[0])).toEqual([RUC_A]);
  });

  it('answers a document WhatsApp cannot hand over with a clear reply, not "Algo salió mal"', async () => {
    const message = groupMessage('lote', {
      document: {
        fileName: 'proveedores.xlsx',
        mimetype: 'application/octet-stream',
        download: async () => {
          throw new Error('Cannot derive from empty media key');
        },
      },
    });
    const texts: OutgoingMessage[] = (await h.deliver(message)).replies;
    expect(h.texts(texts)).toEqual([
      'No pude descargar el archivo desde WhatsApp. Reenvíalo con la leyenda *lote*; si sigue fallando, pega los números como texto.',
    ]);
  });
});
