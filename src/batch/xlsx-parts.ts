import path from 'node:path';
import { SaxesParser } from 'saxes';
import { FileRefusedError } from './file-refusal.js';
import { type CheckedZip, isOversizedStream } from './zip-guard.js';

/**
 * The parts of an .xlsx read as XML streams (saxes, a strict streaming parser that expands no
 * external entities): which sheets there are in workbook order, and the shared strings. Each
 * text kept is cut at MAX_CELL_CHARS, since a cell worth reading holds a RUC, a DNI or a header.
 */

/** Longest cell text kept (a longer one is never a number; it only gets reported as invalid). */
export const MAX_CELL_CHARS = 256;

/** What a part's parse reacts to: tag names without their namespace prefix (`x:row` → `row`). */
export interface XmlHandlers {
  open?(name: string, attributes: Record<string, string>): void;
  close?(name: string): void;
  text?(text: string): void;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * Streams one part through saxes, checking `deadline` on every chunk. A handler may throw to
 * stop early (row cap): the inflating stream is destroyed and the error passes on.
 */
export async function parsePart(
  zip: CheckedZip,
  name: string,
  handlers: XmlHandlers,
  deadline: () => void,
): Promise<void> {
  const stream = await zip.open(name);
  const parser = new SaxesParser();
  if (handlers.open) {
    const open = handlers.open;
    parser.on('opentag', (tag) => open(localName(tag.name), tag.attributes as Record<string, string>));
  }
  if (handlers.close) {
    const close = handlers.close;
    parser.on('closetag', (tag) => close(localName(tag.name)));
  }
  if (handlers.text) parser.on('text', handlers.text);
  const decoder = new TextDecoder('utf-8');
  try {
    for await (const chunk of stream) {
      deadline();
      parser.write(decoder.decode(chunk as Buffer, { stream: true }));
    }
    parser.write(decoder.decode());
    parser.close();
  } catch (error) {
    stream.destroy();
    if (isOversizedStream(error)) throw new FileRefusedError('expands', `${name} outgrows its declared size`);
    throw error;
  }
}

/** The value of an attribute whatever its prefix (`r:id`, `ns1:id`). */
function prefixedAttribute(attributes: Record<string, string>, local: string): string | undefined {
  const key = Object.keys(attributes).find((name) => name.includes(':') && localName(name) === local);
  return key === undefined ? undefined : attributes[key];
}

/** `Target` of a workbook relationship as a part name (`worksheets/sheet1.xml` → `xl/worksheets/sheet1.xml`). */
function partName(target: string): string {
  return target.startsWith('/')
    ? target.slice(1)
    : path.posix.normalize(path.posix.join('xl', target)).replace(/^\/+/u, '');
}

/** The workbook's parts: its sheets in the order the workbook lists them, and its shared strings. */
export async function workbookParts(
  zip: CheckedZip,
  deadline: () => void,
): Promise<{ sheets: string[]; sharedStrings?: string }> {
  const targets = new Map<string, { type: string; part: string }>();
  if (zip.has('xl/_rels/workbook.xml.rels')) {
    await parsePart(
      zip,
      'xl/_rels/workbook.xml.rels',
      {
        open(name, attributes) {
          if (name !== 'Relationship' || !attributes.Id || !attributes.Target) return;
          targets.set(attributes.Id, { type: attributes.Type ?? '', part: partName(attributes.Target) });
        },
      },
      deadline,
    );
  }
  const sheets: string[] = [];
  if (zip.has('xl/workbook.xml')) {
    await parsePart(
      zip,
      'xl/workbook.xml',
      {
        open(name, attributes) {
          if (name !== 'sheet') return;
          const id = prefixedAttribute(attributes, 'id');
          const part = id === undefined ? undefined : targets.get(id)?.part;
          if (part !== undefined && zip.has(part) && !sheets.includes(part)) sheets.push(part);
        },
      },
      deadline,
    );
  }
  // No workbook to say the order: the sheet parts by number (sheet1, sheet2, … sheet10).
  if (sheets.length === 0) {
    const number = (name: string) => Number(/(\d+)\.xml$/u.exec(name)?.[1] ?? Infinity);
    sheets.push(
      ...zip
        .names()
        .filter((name) => /^xl\/worksheets\/[^/]+\.xml$/u.test(name))
        .sort((a, b) => number(a) - number(b)),
    );
  }
  const shared = [...targets.values()].find((target) => target.type.endsWith('/sharedStrings'))?.part;
  const sharedStrings = shared ?? 'xl/sharedStrings.xml';
  return zip.has(sharedStrings) ? { sheets, sharedStrings } : { sheets };
}

/**
 * The shared strings table (cells of type `s` point into it): rich-text runs joined, phonetic
 * guides left out, each cut at MAX_CELL_CHARS; more than `max` strings is refused.
 */
export async function sharedStrings(
  zip: CheckedZip,
  part: string,
  max: number,
  deadline: () => void,
): Promise<string[]> {
  const strings: string[] = [];
  let current = '';
  let inText = false;
  let phonetic = 0;
  await parsePart(
    zip,
    part,
    {
      open(name) {
        if (name === 'si') current = '';
        else if (name === 't' && phonetic === 0) inText = true;
        else if (name === 'rPh') phonetic += 1;
      },
      close(name) {
        if (name === 't') inText = false;
        else if (name === 'rPh') phonetic -= 1;
        else if (name === 'si') {
          strings.push(current);
          if (strings.length > max) throw new FileRefusedError('expands', `more than ${max} shared strings`);
        }
      },
      text(text) {
        if (inText && current.length < MAX_CELL_CHARS) current = (current + text).slice(0, MAX_CELL_CHARS);
      },
    },
    deadline,
  );
  return strings;
}
