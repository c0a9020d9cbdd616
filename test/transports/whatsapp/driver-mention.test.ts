import type { GroupMetadata } from '@whiskeysockets/baileys';
import { afterEach, describe, expect, it } from 'vitest';
import { DRIVER_CONTACTS, DRIVERS } from '../../../src/bot/ports.js';
import { BOT_LID, BOT_PN, FakeWhatsApp, waitFor, waText } from '../../helpers/fake-socket.js';
import { startWhatsAppApp, WA_GROUP, type WhatsAppApp } from '../../helpers/whatsapp-app.js';

/**
 * Drivers registered by mention (issue 21, «Phone numbers disappear»), with Baileys-shaped
 * messages on a fake socket in a LID-addressed group: a mention WhatsApp pairs with a number is
 * registered by that number; a member WhatsApp shows only by LID is registered by LID, gets
 * `guia … enviar`'s PDF in the LID chat and is recognised when writing back from it; the bot's
 * own mention is never the driver; a mention of someone outside the group is refused in Spanish.
 */
const OWNER = { lid: '188888888888888@lid', pn: '51987654321@s.whatsapp.net' };
/** A driver whose number WhatsApp pairs with the LID (the roster lists both). */
const LUIS = { lid: '111111111111111@lid', pn: '51911111111@s.whatsapp.net', digits: '111111111111111' };
/** A driver WhatsApp shows only by LID: a username, no phone number anywhere. */
const ROSA = { lid: '122222222222222@lid', digits: '122222222222222' };
const STRANGER = { lid: '133333333333333@lid', digits: '133333333333333' };
const DNI = '41234567';
const GUIDE = 'guia 20123456786-09-T001-42 enviar';

let running: WhatsAppApp | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function start(): Promise<WhatsAppApp> {
  const server = new FakeWhatsApp();
  server.groups[WA_GROUP] = {
    id: WA_GROUP,
    subject: 'Despacho Lima',
    addressingMode: 'lid',
    participants: [
      { id: OWNER.lid, phoneNumber: OWNER.pn, admin: 'superadmin' },
      { id: BOT_LID, phoneNumber: BOT_PN, admin: 'admin' },
      { id: LUIS.lid, phoneNumber: LUIS.pn, admin: null },
      { id: ROSA.lid, admin: null },
    ],
  } as GroupMetadata;
  running = await startWhatsAppApp({}, { server });
  const transport = running.setup.transport;
  await waitFor(() => transport.isMember(WA_GROUP, ROSA.lid) !== undefined, 5000, 'the roster fetched');
  return running;
}

const textsTo = (wa: WhatsAppApp, jid: string) =>
  wa.fake.server.sent.flatMap((s) => (s.jid === jid && 'text' in s.content ? [s.content.text] : []));

/** The owner writes in the group (LID-addressed: participant LID, phone in participantAlt). */
async function ownerSays(wa: WhatsAppApp, text: string, mentions?: string[]): Promise<string> {
  const before = textsTo(wa, WA_GROUP).length;
  wa.fake
    .latest()
    .upsert([
      waText(text, { participant: OWNER.lid, participantAlt: OWNER.pn, ...(mentions ? { mentions } : {}) }),
    ]);
  await waitFor(() => textsTo(wa, WA_GROUP).length > before, 10_000, `the reply to «${text}»`);
  return textsTo(wa, WA_GROUP).at(-1) ?? '';
}

describe('chofer by mention', () => {
  it('registers a mention WhatsApp pairs with a number by that number, and keeps the LID', async () => {
    const wa = await start();
    const reply = await ownerSays(wa, `chofer ${DNI} @${LUIS.digits}`, [LUIS.lid]);
    expect(reply).toContain('se enviarán al WhatsApp +51911111111');
    expect(reply).toContain('✓ El número tiene WhatsApp.');
    expect(wa.app.services.registry.get(DRIVERS)?.get(DNI)).toEqual({
      documentNumber: DNI,
      phone: '51911111111',
      source: 'chat',
    });
    expect(wa.app.services.registry.get(DRIVER_CONTACTS)?.get(DNI)?.lid).toBe(LUIS.lid);
  });

  it('registers a LID-only member by LID, sends the guide to the LID chat and recognises the driver there', async () => {
    const wa = await start();
    const registry = wa.app.services.registry;
    const reply = await ownerSays(wa, `registra al chofer ${DNI} @${ROSA.digits}`, [ROSA.lid]);
    expect(reply).toContain(`se enviarán al WhatsApp de @${ROSA.digits} (sin número, solo WhatsApp)`);
    expect(reply).not.toMatch(/\+\d/u);
    // The reply mentions her, so WhatsApp shows her name instead of the digits.
    const sent = wa.fake.server.sent.at(-1);
    expect(sent?.content).toMatchObject({ mentions: [ROSA.lid] });
    expect(registry.get(DRIVERS)?.get(DNI)).toEqual({ documentNumber: DNI, lid: ROSA.lid, source: 'chat' });

    const shown = await ownerSays(wa, 'choferes');
    expect(shown).toContain(`${DNI} → @${ROSA.digits} (sin número, solo WhatsApp)`);
    expect(shown).not.toContain('+undefined');

    const report = await ownerSays(wa, GUIDE);
    expect(report).toContain('(sin número, solo WhatsApp)');
    expect(report).not.toContain('+undefined');
    await waitFor(
      () => wa.fake.server.sent.some((s) => s.jid === ROSA.lid && 'document' in s.content),
      10_000,
      'the guide PDF in her LID chat',
    );

    // She writes back from her LID chat (no phone in the message, none WhatsApp can map).
    wa.fake.latest().upsert([waText('hola', { chat: ROSA.lid, pushName: 'Rosa' })]);
    await waitFor(() => textsTo(wa, ROSA.lid).length > 0, 10_000, 'the welcome in her chat');
    expect(textsTo(wa, ROSA.lid)[0]).toContain('Ya te tengo registrado como chofer');
    expect(registry.get(DRIVER_CONTACTS)?.get(DNI)?.reachedAt).toBeGreaterThan(0);
  });

  it('tells the owners when a driver moves from a number to a LID, with the number masked', async () => {
    const wa = await start();
    await ownerSays(wa, `chofer ${DNI} 911111111`);
    // Told, not asked: addressed to the bot (as with a number, a remark to the group stays silent).
    const bot = BOT_LID.split('@')[0] ?? '';
    await ownerSays(wa, `@${bot} el chofer con DNI ${DNI} es @${ROSA.digits}`, [BOT_LID, ROSA.lid]);
    await waitFor(() => textsTo(wa, OWNER.pn).length + textsTo(wa, OWNER.lid).length > 0, 5000, 'the notice');
    const notice = [...textsTo(wa, OWNER.pn), ...textsTo(wa, OWNER.lid)].join('\n');
    expect(notice).toContain(
      `cambió el WhatsApp del chofer ${DNI}: +51 9•••••111 → sin número, solo WhatsApp`,
    );
    expect(notice).not.toContain('51911111111');
  });

  it('never takes the bot’s own mention for the driver', async () => {
    const wa = await start();
    const botDigits = BOT_LID.split('@')[0] ?? '';
    const reply = await ownerSays(wa, `@${botDigits} chofer ${DNI} @${LUIS.digits}`, [BOT_LID, LUIS.lid]);
    expect(reply).toContain('+51911111111');
    // Only the bot mentioned: `chofer <dni>` shows the driver (none yet), registers nobody.
    wa.app.services.registry.get(DRIVERS)?.remove(DNI);
    const alone = await ownerSays(wa, `@${botDigits} chofer ${DNI}`, [BOT_LID]);
    expect(alone).toContain('no tiene WhatsApp registrado');
    expect(wa.app.services.registry.get(DRIVERS)?.get(DNI)).toBeUndefined();
  });

  it('refuses a mention of someone outside the group, in Spanish, and registers nothing', async () => {
    const wa = await start();
    const reply = await ownerSays(wa, `chofer ${DNI} @${STRANGER.digits}`, [STRANGER.lid]);
    expect(reply).toContain('No reconozco a la persona que mencionaste');
    expect(wa.app.services.registry.get(DRIVERS)?.get(DNI)).toBeUndefined();
    expect(wa.fake.server.sent.some((s) => s.jid === STRANGER.lid)).toBe(false);
  });
});
