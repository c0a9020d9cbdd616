import { crc32, createDeflateRaw } from 'node:zlib';

/**
 * Hostile attachments for `lote` (bench and tests): zip bombs shaped as .xlsx workbooks. Crafting
 * them needs control over the ZIP headers (a bomb may lie about its sizes), so this file writes
 * the container itself; the product only ever reads ZIPs through yauzl.
 */

/** One entry: its text (repeated `repeat` times, streamed through deflate), and what to declare. */
interface BombEntry {
  name: string;
  head: string;
  body?: string;
  repeat?: number;
  tail?: string;
}

const ROOT_PARTS: BombEntry[] = [
  {
    name: '[Content_Types].xml',
    head:
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '</Types>',
  },
  {
    name: '_rels/.rels',
    head:
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
      '</Relationships>',
  },
  {
    name: 'xl/workbook.xml',
    head:
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
      'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Hoja1" sheetId="1" r:id="rId1"/></sheets></workbook>',
  },
  {
    name: 'xl/_rels/workbook.xml.rels',
    head:
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
      '</Relationships>',
  },
];

const SHEET_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_TAIL = '</sheetData></worksheet>';

/** What kind of bomb, how big uncompressed, and whether the headers tell the truth. */
export interface BombOptions {
  /** Uncompressed size of the big part, in bytes (rounded to whole repetitions). */
  bytes: number;
  /** 'rows': one sheet of endless rows; 'cell': one giant cell text (a single XML text node). */
  shape?: 'rows' | 'cell';
  /** Declare this uncompressed size for the big part instead of the real one (a lying header). */
  declaredBytes?: number;
}

/** An .xlsx whose sheet inflates to `bytes` (about 1,000 times its own size). */
export async function xlsxBomb(options: BombOptions): Promise<Uint8Array> {
  const shape = options.shape ?? 'rows';
  const body =
    shape === 'rows' ? '<row><c t="inlineStr"><is><t>20123456786</t></is></c></row>' : 'A'.repeat(64);
  const head = shape === 'rows' ? SHEET_HEAD : `${SHEET_HEAD}<row><c t="inlineStr"><is><t>`;
  const tail = shape === 'rows' ? SHEET_TAIL : `</t></is></c></row>${SHEET_TAIL}`;
  const repeat = Math.max(1, Math.round(options.bytes / body.length));
  const sheet: BombEntry = { name: 'xl/worksheets/sheet1.xml', head, body, repeat, tail };
  return zipOf([...ROOT_PARTS, sheet], options.declaredBytes);
}

interface Written {
  name: Buffer;
  crc: number;
  size: number;
  compressed: number;
  offset: number;
}

/** Deflates one entry in 1 MiB steps (never holding its whole text), returning data and sums. */
async function deflateEntry(entry: BombEntry): Promise<{ data: Buffer; crc: number; size: number }> {
  const deflate = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  let crc = 0;
  let size = 0;
  const write = async (text: string) => {
    const bytes = Buffer.from(text, 'utf8');
    crc = crc32(bytes, crc);
    size += bytes.length;
    if (!deflate.write(bytes)) await new Promise((resolve) => deflate.once('drain', resolve));
  };
  await write(entry.head);
  if (entry.body && entry.repeat) {
    const perChunk = Math.max(1, Math.floor((1024 * 1024) / entry.body.length));
    const block = entry.body.repeat(perChunk);
    let left = entry.repeat;
    while (left >= perChunk) {
      await write(block);
      left -= perChunk;
    }
    if (left > 0) await write(entry.body.repeat(left));
  }
  if (entry.tail) await write(entry.tail);
  deflate.end();
  await done;
  return { data: Buffer.concat(chunks), crc, size };
}

/** A ZIP of deflated entries; the last entry's declared size is `declaredLast` when given. */
async function zipOf(entries: BombEntry[], declaredLast?: number): Promise<Uint8Array> {
  const parts: Buffer[] = [];
  const written: Written[] = [];
  let offset = 0;
  for (const [index, entry] of entries.entries()) {
    const { data, crc, size } = await deflateEntry(entry);
    const declared = index === entries.length - 1 && declaredLast !== undefined ? declaredLast : size;
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    parts.push(local, name, data);
    written.push({ name, crc, size: declared, compressed: data.length, offset });
    offset += local.length + name.length + data.length;
  }
  const directoryStart = offset;
  for (const file of written) {
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(file.crc >>> 0, 16);
    central.writeUInt32LE(file.compressed, 20);
    central.writeUInt32LE(file.size, 24);
    central.writeUInt16LE(file.name.length, 28);
    central.writeUInt32LE(file.offset, 42);
    parts.push(central, file.name);
    offset += central.length + file.name.length;
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(written.length, 8);
  end.writeUInt16LE(written.length, 10);
  end.writeUInt32LE(offset - directoryStart, 12);
  end.writeUInt32LE(directoryStart, 16);
  parts.push(end);
  return new Uint8Array(Buffer.concat(parts));
}
