import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { InvoiceZipError, unzipBase64 } from '../../src/lookup/zip.js';

const b64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');

function reason(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof InvoiceZipError) return error.reason;
    throw error;
  }
  throw new Error('expected an InvoiceZipError');
}

describe('unzipBase64', () => {
  it('yields every file with its name and bytes, skipping directories', () => {
    const zip = zipSync({
      'docs/': {},
      '20123456786-01-F001-902.xml': strToU8('<Invoice/>'),
      'docs/readme.txt': strToU8('hola'),
    });
    const entries = unzipBase64(b64(zip));
    expect(entries.map((e) => e.name).sort()).toEqual(['20123456786-01-F001-902.xml', 'docs/readme.txt']);
    const xml = entries.find((e) => e.name.endsWith('.xml'));
    expect(Buffer.from(xml?.bytes ?? []).toString()).toBe('<Invoice/>');
  });

  it('reports an archive without files as empty', () => {
    expect(reason(() => unzipBase64(b64(zipSync({}))))).toBe('empty');
    expect(reason(() => unzipBase64(b64(zipSync({ 'only-a-dir/': {} }))))).toBe('empty');
    expect(reason(() => unzipBase64(''))).toBe('empty');
  });

  it('reports bytes that are not a ZIP, or text that is not Base64, as corrupt', () => {
    expect(reason(() => unzipBase64(b64(strToU8('this is not a zip archive at all'))))).toBe('corrupt');
    expect(reason(() => unzipBase64('%%% not base64 %%%'))).toBe('corrupt');
  });

  it('refuses a Base64 text longer than the limit before decoding it', () => {
    expect(reason(() => unzipBase64('A'.repeat(4000), { maxBytes: 1000 }))).toBe('too_large');
  });

  it('refuses an archive whose uncompressed content exceeds the limit', () => {
    const bomb = zipSync({ 'a.xml': new Uint8Array(50_000) }, { level: 9 });
    expect(b64(bomb).length).toBeLessThan(5_000);
    expect(reason(() => unzipBase64(b64(bomb), { maxBytes: 10_000 }))).toBe('too_large');
  });
});
