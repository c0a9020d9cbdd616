import { describe, expect, it } from 'vitest';
import { readGuideClauses } from '../../commands/lib/guide-args.js';
import { chatKey } from '../../src/text/phrasing.js';

const read = (text: string) => readGuideClauses(text.split(' ').filter(Boolean).map(chatKey));

describe('readGuideClauses: what follows a guide reference', () => {
  it.each([
    'mándasela al chofer',
    'envíasela a los choferes porfa',
    'para enviar al chofer',
    'pásasela al conductor',
    'pásala al transportista',
    'enviar',
    'envíala',
    'al conductor',
    'a todos los choferes',
    'se la mandas al chofer',
  ])('sends to the drivers: %j', (text) => {
    expect(read(text)).toMatchObject({ send: true, force: false, understood: true });
  });

  it.each(['reenviar', 'reenvíala al chofer', 'reenvíasela a los choferes'])(
    'forces a resend: %j',
    (text) => {
      expect(read(text)).toMatchObject({ send: true, force: true, understood: true });
    },
  );

  it.each(['mándamela', 'pásala', 'pásamela porfa', 'para el chofer', 'de la empresa', 'en pdf', ''])(
    'shows it here: %j',
    (text) => {
      expect(read(text)).toMatchObject({ send: false, understood: true });
    },
  );

  it('asks for the XML with `en xml`, never together with a send', () => {
    expect(read('en xml porfa')).toMatchObject({ format: 'xml', send: false, understood: true });
    expect(read('en xml envíasela al chofer').understood).toBe(false);
  });

  it('reads `transportista` as the guide kind unless it is the recipient', () => {
    expect(read('transportista')).toMatchObject({ carrier: true, send: false });
    expect(read('mándala al transportista')).toMatchObject({ carrier: false, send: true });
  });

  it.each(['anulada', 'no contesta', 'para mañana', 'la tiene el chofer', 'al chofer no le llega'])(
    'does not understand remarks: %j',
    (text) => {
      expect(read(text).understood).toBe(false);
    },
  );
});
