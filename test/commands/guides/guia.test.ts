import { describe, expect, it } from 'vitest';
import { createBotHarness, useBotHarness } from '../../helpers/bot-harness.js';
import { documentsOf, textOf } from '../../helpers/messages.js';
import { pdfText } from '../../helpers/pdf-text.js';

/**
 * `guia <ref>` through the real app against the sandbox: the summary text and the printable PDF,
 * short and spaced references, cancelled guides, and references rejected before any API call.
 */
const h = useBotHarness();

describe('guia <ref>', () => {
  it('replies with the summary and the guide PDF as GRE-<ruc>-<serie>-<número>.pdf', async () => {
    const replies = await h.send('guia 20123456786-09-T001-42');
    const text = textOf(replies);
    expect(text).toContain('*Guía de remisión T001-42*');
    expect(text).toContain('TRANSPORTES ANDINOS DEL SUR S.A.C. · RUC 20123456786');
    expect(text).toContain('Destinatario: DISTRIBUIDORA LOS ALAMOS E.I.R.L. (RUC 20601234565)');
    expect(text).toContain('Placas: ABC123, B7X456');
    expect(text).toContain('Chofer: HUAMAN TORRES CARLOS ALBERTO · DNI 41234567 · licencia Q41234567');
    expect(text).toContain('Bienes: 7 ítems');
    expect(text).not.toMatch(/null|undefined/);

    const [document, ...others] = documentsOf(replies);
    expect(others).toHaveLength(0);
    expect(document?.fileName).toBe('GRE-20123456786-T001-42.pdf');
    expect(document?.mimetype).toBe('application/pdf');
    const pdf = await pdfText(document!.bytes);
    expect(pdf.text).toContain('T001-00000042');
    expect(pdf.text).toContain('FLORES CCAHUANA LUCÍA');
    expect(replies[0]?.kind).toBe('text');
  });

  it('accepts the space-separated form and the short form of the own company', async () => {
    for (const message of ['guia 20123456786 09 t001 42', 'guia T001-00000042', '/guía T001 42']) {
      const replies = await h.send(message);
      expect(documentsOf(replies).map((d) => d.fileName)).toEqual(['GRE-20123456786-T001-42.pdf']);
    }
  });

  it('marks a cancelled guide as ANULADA in the summary and in the PDF', async () => {
    const replies = await h.send('guia T001-43');
    const text = textOf(replies);
    expect(text).toContain('⚠️ *ANULADA*');
    expect(text).toContain('Baja del 18/11/2026 16:42: ERROR EN LOS DATOS DEL DESTINATARIO');
    const pdf = await pdfText(documentsOf(replies)[0]!.bytes);
    expect(pdf.text).toContain('ANULADA');
  });

  it('summarises a guide with every nullable field null without printing null', async () => {
    const replies = await h.send('guia T001-45');
    const text = textOf(replies);
    expect(text).toContain('*Guía de remisión T001-45*');
    expect(text).not.toMatch(/null|undefined|Placa|Chofer/);
    expect(documentsOf(replies)).toHaveLength(1);
  });

  it('sends the 200-item guide as a multi-page PDF', async () => {
    const replies = await h.send('guia T001-44');
    expect(textOf(replies)).toContain('Bienes: 200 ítems');
    const pdf = await pdfText(documentsOf(replies)[0]!.bytes);
    expect(pdf.numPages).toBeGreaterThan(3);
  });

  it('tells an unknown guide apart with the API message', async () => {
    const replies = await h.send('guia T001-99');
    expect(textOf(replies)).toContain('La consulta no devolvió datos');
    expect(documentsOf(replies)).toHaveLength(0);
  });
});

describe('guia with a bad reference', () => {
  it.each([
    ['guia 20123456787-09-T001-42', 'El RUC del emisor 20123456787 no es válido'],
    ['guia 20123456786-01-F001-42', 'El tipo 01 es factura, no una guía'],
    ['guia 20123456786-09-F001-42', 'La serie F001 no corresponde a una guía de remisión remitente'],
    ['guia T001-123456789', '«123456789» no es un número de comprobante válido'],
    // Issue 11: portal series EG01–EG07 are guides (type 09 unless `transportista`); EG08 never exists.
    ['guia EG08-42', 'La serie EG08 no corresponde a una guía de remisión remitente'],
    ['/guia', 'Falta el comprobante'],
  ])('%s is answered without calling the API', async (message, expected) => {
    const before = h.sandbox.requestCount();
    const replies = await h.send(message);
    expect(textOf(replies)).toContain(expected);
    expect(documentsOf(replies)).toHaveLength(0);
    expect(h.sandbox.requestCount()).toBe(before);
  });

  it('stays silent on chatter that starts with the command word', async () => {
    const before = h.sandbox.requestCount();
    expect(await h.send('guia de remisión para mañana por favor')).toEqual([]);
    expect(h.sandbox.requestCount()).toBe(before);
  });

  it('asks for the issuer when the server has no company RUC configured', async () => {
    const bare = await createBotHarness({ config: { taxPortal: undefined } });
    try {
      const replies = await bare.send('guia T001-42');
      expect(textOf(replies)).toContain('Indica también el RUC del emisor');
      expect(bare.sandbox.requestCount()).toBe(0);
      expect(documentsOf(await bare.send('guia 20123456786-09-T001-42'))).toHaveLength(1);
    } finally {
      await bare.close();
    }
  });
});
