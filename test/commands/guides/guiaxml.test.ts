import { describe, expect, it } from 'vitest';
import { useBotHarness } from '../../helpers/bot-harness.js';
import { documentsOf, textOf } from '../../helpers/messages.js';

/** `guiaxml <ref>` (operation 18): the guide XML (Base64 in the API) as an XML document. */
const h = useBotHarness();

describe('guiaxml <ref>', () => {
  it('sends the decoded XML as <ruc>-09-<serie>-<número>.xml with application/xml', async () => {
    const replies = await h.send('guiaxml 20123456786-09-T001-42');
    const [doc, ...rest] = documentsOf(replies);
    expect(rest).toHaveLength(0);
    expect(doc?.fileName).toBe('20123456786-09-T001-42.xml');
    expect(doc?.mimetype).toBe('application/xml');
    expect(doc?.caption).toBe('XML de la guía T001-42 · RUC 20123456786');
    const xml = Buffer.from(doc!.bytes).toString('utf8');
    expect(xml).toMatch(/^<\?xml/);
    expect(xml).toContain('T001-42');
    expect(h.sandbox.requestCount('/taxauth/guia/xml/20123456786-09-T001-42')).toBe(1);
  });

  it('accepts short and space-separated forms', async () => {
    for (const message of ['guiaxml T001-43', 'guiaxml 20123456786 09 t001 43']) {
      expect(documentsOf(await h.send(message)).map((d) => d.fileName)).toEqual([
        '20123456786-09-T001-43.xml',
      ]);
    }
  });

  it('answers an unknown guide with the not-found reply', async () => {
    const replies = await h.send('guiaxml T001-98');
    expect(documentsOf(replies)).toHaveLength(0);
    expect(textOf(replies)).toContain('No se encontró la guía de remisión remitente T001-98');
  });

  it('rejects bad references without calling the API', async () => {
    const before = h.sandbox.requestCount();
    expect(textOf(await h.send('guiaxml 20123456786-03-B001-15'))).toContain('no una guía');
    expect(textOf(await h.send('guiaxml 20123456786-31-T001-1'))).toContain(
      'no corresponde a una guía de remisión transportista',
    );
    expect(h.sandbox.requestCount()).toBe(before);
  });
});
