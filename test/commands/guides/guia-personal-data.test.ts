import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DRIVERS } from '../../../src/bot/ports.js';
import type { DocumentMessage } from '../../../src/transports/transport.js';
import { type BotHarness, createBotHarness } from '../../helpers/bot-harness.js';
import { GROUP_ID, GROUP_NAME, textOf } from '../../helpers/messages.js';
import { pdfText } from '../../helpers/pdf-text.js';

/**
 * Issue 19: a guide's drivers (DNI, licence) and a person recipient are personal data. A group not
 * marked for it sees names and each number's last 3 characters; a marked group sees them whole.
 * The PDF (the transport document itself) goes only to the chat that asked, or with `enviar` only
 * to the guide's registered drivers.
 */
const CONTABILIDAD = '120363000000000002@g.us';
const HUAMAN = { dni: '41234567', licence: 'Q41234567', phone: '51911111111' };
const FLORES = { dni: '70123456' };

let h: BotHarness;

beforeAll(async () => {
  h = await createBotHarness({
    config: {
      groups: [
        { id: GROUP_ID, name: GROUP_NAME, personalData: true, schedules: [] },
        { id: CONTABILIDAD, name: 'Contabilidad', personalData: false, schedules: [] },
      ],
    },
  });
});
afterAll(async () => {
  await h.close();
});
beforeEach(() => {
  h.app.db.exec('DELETE FROM guide_sends');
  h.app.services.registry.get(DRIVERS)!.remove(FLORES.dni);
  h.app.services.registry.get(DRIVERS)!.set(HUAMAN.dni, HUAMAN.phone, 'test');
});

/** What one message made the bot send, by destination chat. */
async function sentFor(text: string, chatId: string) {
  const start = h.outbox.length;
  await h.send(text, { chatId });
  return h.outbox.slice(start);
}

describe('guide summary outside personal-data groups', () => {
  it('masks the drivers’ DNI and licence to their last 3 digits, keeps names, and sends the PDF only here', async () => {
    const sent = await sentFor('guia T001-42', CONTABILIDAD);
    expect(sent.every((s) => s.chatId === CONTABILIDAD)).toBe(true);
    const text = textOf(sent.map((s) => s.message));
    expect(text).toContain('Chofer: HUAMAN TORRES CARLOS ALBERTO · DNI •••••567 · licencia ••••••567');
    expect(text).toContain('FLORES CCAHUANA LUCÍA');
    expect(text).not.toContain(HUAMAN.dni);
    expect(text).not.toContain(FLORES.dni);
    expect(text).not.toContain(HUAMAN.licence);
    // A company recipient's RUC is public and stays whole.
    expect(text).toContain('Destinatario: DISTRIBUIDORA LOS ALAMOS E.I.R.L. (RUC 20601234565)');
    const documents = sent.map((s) => s.message).filter((m): m is DocumentMessage => m.kind === 'document');
    expect(documents.map((d) => d.fileName)).toEqual(['GRE-20123456786-T001-42.pdf']);
    expect((await pdfText(documents[0]!.bytes)).text).toContain('T001-00000042');
  });

  it('shows them whole in the group marked for personal data', async () => {
    const text = textOf((await sentFor('guia T001-42', GROUP_ID)).map((s) => s.message));
    expect(text).toContain(
      `Chofer: HUAMAN TORRES CARLOS ALBERTO · DNI ${HUAMAN.dni} · licencia ${HUAMAN.licence}`,
    );
  });
});

describe('guia … enviar outside personal-data groups', () => {
  it('lists drivers without their document numbers; the PDF goes only to the registered driver', async () => {
    const sent = await sentFor('guia T001-42 enviar', CONTABILIDAD);
    const toGroup = sent.filter((s) => s.chatId === CONTABILIDAD).map((s) => s.message);
    const elsewhere = sent.filter((s) => s.chatId !== CONTABILIDAD);
    expect(elsewhere.map((s) => [s.chatId, s.message.kind])).toEqual([
      [`${HUAMAN.phone}@s.whatsapp.net`, 'document'],
    ]);
    const text = textOf(toGroup);
    expect(toGroup.every((m) => m.kind === 'text')).toBe(true);
    expect(text).toContain('FLORES CCAHUANA LUCÍA (documento •••••456)');
    expect(text).toContain('*chofer <documento> 9XXXXXXXX*');
    expect(text).toContain('*chofer <documento>*');
    expect(text).not.toContain(HUAMAN.dni);
    expect(text).not.toContain(FLORES.dni);
  });

  it('keeps the numbers, and the ready-to-use chofer line, in the personal-data group', async () => {
    const text = textOf((await sentFor('guia T001-42 enviar', GROUP_ID)).map((s) => s.message));
    expect(text).toContain(`FLORES CCAHUANA LUCÍA (documento ${FLORES.dni})`);
    expect(text).toContain(`*chofer ${FLORES.dni} 9XXXXXXXX*`);
  });
});
