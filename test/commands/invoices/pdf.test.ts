import { describe, expect, it } from 'vitest';
import { useBotHarness } from '../../helpers/bot-harness.js';
import { documentsOf, textOf } from '../../helpers/messages.js';
import { pdfText } from '../../helpers/pdf-text.js';

/** `pdf <ref>` (operation 17): the invoice PDF inside the tax portal's ZIP, as a document. */
const h = useBotHarness();

describe('pdf <ref>', () => {
  it('sends the PDF in the archive with its original name and application/pdf', async () => {
    const docs = documentsOf(await h.send('pdf 20123456786-01-F001-123'));
    expect(docs.map((d) => [d.fileName, d.mimetype])).toEqual([
      ['20123456786-01-F001-123.pdf', 'application/pdf'],
    ]);
    expect(docs[0]?.caption).toBe('PDF de factura F001-123 · RUC 20123456786');
    const pdf = await pdfText(docs[0]!.bytes);
    expect(pdf.text).toContain('F001-123');
    expect(h.sandbox.requestCount('/taxauth/pdf')).toBeGreaterThan(0);
  });

  it('sends each file of a two-file archive with the mimetype of its extension (F001-902)', async () => {
    const docs = documentsOf(await h.send('pdf F001-902'));
    const byName = Object.fromEntries(docs.map((d) => [d.fileName, d.mimetype]));
    expect(byName).toEqual({
      '20123456786-01-F001-902.pdf': 'application/pdf',
      '20123456786-01-F001-902.xml': 'application/xml',
    });
  });

  it('answers corrupt (F001-900) and empty (F001-901) archives without a crash', async () => {
    const corrupt = await h.send('pdf F001-900');
    expect(textOf(corrupt)).toContain('archivo dañado');
    const empty = await h.send('pdf F001-901');
    expect(textOf(empty)).toContain('paquete vacío');
    expect(documentsOf([...corrupt, ...empty])).toHaveLength(0);
  });

  it('validates the reference before calling the API', async () => {
    const before = h.sandbox.requestCount();
    expect(textOf(await h.send('pdf 20123456786-01-B001-15'))).toContain(
      'La serie B001 no corresponde a una factura',
    );
    expect(textOf(await h.send('pdf F001-0'))).toContain('no es un número de comprobante válido');
    expect(h.sandbox.requestCount()).toBe(before);
  });
});
