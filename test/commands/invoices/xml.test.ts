import { describe, expect, it } from 'vitest';
import { mimetypeFor, safeFileName } from '../../../commands/invoices/invoice-file.js';
import { createBotHarness, useBotHarness } from '../../helpers/bot-harness.js';
import { documentsOf, textOf } from '../../helpers/messages.js';

/**
 * `xml <ref>` (operation 16): the invoice ZIP from the tax portal, opened and sent file by file.
 * Corrupt, empty and oversized archives, missing credentials and bad references get clear replies.
 */
const h = useBotHarness();

const utf8 = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

describe('xml <ref>', () => {
  it('sends the XML inside the ZIP with its original name and application/xml', async () => {
    const replies = await h.send('xml 20123456786-01-F001-123');
    const docs = documentsOf(replies);
    expect(docs.map((d) => [d.fileName, d.mimetype])).toEqual([
      ['20123456786-01-F001-123.xml', 'application/xml'],
    ]);
    expect(utf8(docs[0]!.bytes)).toMatch(/^<\?xml/);
    expect(utf8(docs[0]!.bytes)).toContain('F001-123');
    expect(docs[0]?.caption).toBe('XML de factura F001-123 · RUC 20123456786');
  });

  it('fills the request body from the configured credentials and the reference', async () => {
    h.sandbox.resetRequests();
    // The sandbox answers only when ruc, usuario and password match its tax-portal account.
    expect(documentsOf(await h.send('xml F001-123'))).toHaveLength(1);
    const request = h.sandbox.requests.find((r) => r.path.endsWith('/taxauth/xml'));
    expect(request?.body).toMatchObject({
      ruc: '20123456786',
      usuario: 'CHASQUI1',
      proveedor: '20123456786',
      tipo_doc: '01',
      serie: 'F001',
      correlativo: '123',
    });
  });

  it('infers a boleta from the B series', async () => {
    const docs = documentsOf(await h.send('xml b001 15'));
    expect(docs.map((d) => d.fileName)).toEqual(['20123456786-03-B001-15.xml']);
  });

  it('sends every file of an archive with two files (F001-902), caption on the first only', async () => {
    const docs = documentsOf(await h.send('xml F001-902'));
    expect(docs.map((d) => d.fileName).sort()).toEqual([
      '20123456786-01-F001-902.xml',
      'R-20123456786-01-F001-902.xml',
    ]);
    expect(docs.every((d) => d.mimetype === 'application/xml')).toBe(true);
    expect(docs[0]?.caption).toContain('(2 archivos)');
    expect(docs[1]?.caption).toBeUndefined();
  });

  it('answers a corrupt archive (F001-900) with a clear reply and no document', async () => {
    const replies = await h.send('xml F001-900');
    expect(documentsOf(replies)).toHaveLength(0);
    expect(textOf(replies)).toContain('devolvió un archivo dañado para factura F001-900');
  });

  it('answers an empty archive (F001-901) with a clear reply and no document', async () => {
    const replies = await h.send('xml F001-901');
    expect(documentsOf(replies)).toHaveLength(0);
    expect(textOf(replies)).toContain('devolvió un paquete vacío para factura F001-901');
  });

  it('refuses a third-party guide type and other bad references without calling the API', async () => {
    const before = h.sandbox.requestCount();
    expect(textOf(await h.send('xml 20123456786-09-T001-42'))).toContain('Para guías usa *guia* o *guiaxml*');
    expect(textOf(await h.send('xml 20123456787-01-F001-123'))).toContain('no es válido');
    expect(textOf(await h.send('xml F001'))).toContain('No entendí el comprobante');
    expect(h.sandbox.requestCount()).toBe(before);
  });

  it('is for admins only', async () => {
    const before = h.sandbox.requestCount();
    const replies = await h.send('xml F001-123', { admin: false });
    expect(textOf(replies)).toContain('solo para administradores');
    expect(documentsOf(replies)).toHaveLength(0);
    expect(h.sandbox.requestCount()).toBe(before);
  });

  it('never shows the tax-portal password in a reply', async () => {
    const replies = [...(await h.send('xml F001-900')), ...(await h.send('xml F001-999'))];
    expect(textOf(replies)).not.toContain('sandbox-clave');
  });
});

describe('xml limits and configuration', () => {
  it('answers an archive over the configured size limit with a clear reply', async () => {
    const small = await createBotHarness({ config: { maxZipBytes: 200 } });
    try {
      const replies = await small.send('xml F001-123');
      expect(documentsOf(replies)).toHaveLength(0);
      expect(textOf(replies)).toContain('es demasiado grande');
    } finally {
      await small.close();
    }
  });

  it('says the server has no tax-portal credentials, without calling the API', async () => {
    const bare = await createBotHarness({ config: { taxPortal: undefined } });
    try {
      for (const message of ['xml F001-123', 'xml 20123456786-01-F001-123', 'pdf F001-123']) {
        const text = textOf(await bare.send(message));
        expect(text).toContain('no tiene configuradas las credenciales del portal tributario');
      }
      expect(bare.sandbox.requestCount()).toBe(0);
    } finally {
      await bare.close();
    }
  });
});

describe('file names and mimetypes from the archive', () => {
  it('maps extensions to mimetypes', () => {
    expect(mimetypeFor('a.XML')).toBe('application/xml');
    expect(mimetypeFor('a.pdf')).toBe('application/pdf');
    expect(mimetypeFor('a.zip')).toBe('application/zip');
    expect(mimetypeFor('a.txt')).toBe('application/octet-stream');
    expect(mimetypeFor('sin-extension')).toBe('application/octet-stream');
  });

  it('keeps the base name and drops folders and unsafe characters', () => {
    expect(safeFileName('docs/2026/20123456786-01-F001-1.xml', 'x.xml')).toBe('20123456786-01-F001-1.xml');
    expect(safeFileName('..\\..\\evil:name?.xml', 'x.xml')).toBe('evil_name_.xml');
    expect(safeFileName('carpeta/', 'fallback.xml')).toBe('fallback.xml');
    expect(safeFileName('..', 'fallback.xml')).toBe('fallback.xml');
  });
});
