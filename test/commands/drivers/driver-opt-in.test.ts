import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, DRIVER_CONTACTS } from '../../../src/bot/ports.js';
import { type BotHarness, createBotHarness } from '../../helpers/bot-harness.js';
import { documentsOf, textOf } from '../../helpers/messages.js';

/**
 * Drivers opt in by writing to the bot in a direct chat: recognised by their registered number
 * (phone, or the LID WhatsApp gave for it), recorded as reachable, greeted with what the bot will
 * send them; `guia <ref>` there shows only guides where they are a driver.
 */
const HUAMAN = { dni: '41234567', phone: '51911111111', lid: '211111111111111@lid' };
const OTHER = { dni: '45678912', phone: '51933333333' };

let h: BotHarness;

beforeAll(async () => {
  h = await createBotHarness();
  h.app.services.registry.get(DRIVERS)!.set(HUAMAN.dni, HUAMAN.phone, 'test');
  h.app.services.registry.get(DRIVERS)!.set(OTHER.dni, OTHER.phone, 'test');
});
afterAll(async () => {
  await h.close();
});

const contacts = () => {
  const port = h.app.services.registry.get(DRIVER_CONTACTS);
  if (!port) throw new Error('driver contacts not wired');
  return port;
};

describe('a driver writing to the bot', () => {
  it('by phone number: is marked reachable and gets the help once, not on every message', async () => {
    expect(contacts().get(HUAMAN.dni)?.reachedAt).toBeUndefined();
    const first = textOf(await h.send('hola', { isGroup: false, sender: HUAMAN.phone, admin: false }));
    expect(contacts().get(HUAMAN.dni)?.reachedAt).toBeTypeOf('number');
    expect(first).toContain('Ya te tengo registrado como chofer');
    expect(first).toContain('*guia T001-42*');
    expect(first).not.toContain('solo atiendo a los administradores');
    const again = await h.send('gracias', { isGroup: false, sender: HUAMAN.phone, admin: false });
    expect(again).toHaveLength(0);
  });

  it('by LID only (no phone number in the message): recognised through the stored LID', async () => {
    contacts().recordCheck(OTHER.dni, { hasWhatsApp: true, lid: '233333333333333@lid' }, false);
    const { replies, result } = await h.deliver({
      id: 'lid-only-1',
      chatId: '233333333333333@lid',
      isGroup: false,
      senderIds: ['233333333333333@lid'],
      text: 'buenas',
      timestamp: Date.now(),
    });
    expect(result).toMatchObject({ outcome: 'ok', reason: 'driver-help' });
    expect(contacts().get(OTHER.dni)?.reachedAt).toBeTypeOf('number');
    expect(textOf(replies)).toContain('Ya te tengo registrado como chofer');
  });

  it('by a LID chat carrying the driver’s phone beside it: not recognised until that pair is stored', async () => {
    const ROJAS = { dni: '40000016', phone: '51966666666', lid: '266666666666666@lid' };
    h.app.services.registry.get(DRIVERS)!.set(ROJAS.dni, ROJAS.phone, 'test');
    const fromLid = (id: string) => ({
      id,
      chatId: ROJAS.lid,
      isGroup: false,
      senderIds: [`${ROJAS.phone}@s.whatsapp.net`, ROJAS.lid],
      text: 'hola',
      timestamp: Date.now(),
    });
    const first = await h.deliver(fromLid('alt-only-1'));
    expect(first.result).toMatchObject({ outcome: 'denied', reason: 'direct' });
    expect(contacts().get(ROJAS.dni)).toBeUndefined(); // no LID learnt, not marked as having written
    contacts().recordCheck(ROJAS.dni, { hasWhatsApp: true, lid: ROJAS.lid }, false);
    const second = await h.deliver(fromLid('alt-only-2'));
    expect(second.result).toMatchObject({ outcome: 'ok', reason: 'driver-help' });
    expect(contacts().get(ROJAS.dni)?.reachedAt).toBeTypeOf('number');
  });

  it('a sticker or voice note with no text is an opt-in too, greeted once; a stranger’s sticker gets nothing', async () => {
    const THIRD = { dni: '40000008', phone: '51944444444' };
    h.app.services.registry.get(DRIVERS)!.set(THIRD.dni, THIRD.phone, 'test');
    const sticker = (id: string, sender: string) => ({
      id,
      chatId: `${sender}@s.whatsapp.net`,
      isGroup: false,
      senderIds: [`${sender}@s.whatsapp.net`],
      text: '',
      timestamp: Date.now(),
    });
    const first = await h.deliver(sticker('sticker-1', THIRD.phone));
    expect(first.result).toMatchObject({ outcome: 'ok', reason: 'driver-help' });
    expect(textOf(first.replies)).toContain('Ya te tengo registrado como chofer');
    expect(contacts().get(THIRD.dni)?.reachedAt).toBeTypeOf('number');
    const second = await h.deliver(sticker('sticker-2', THIRD.phone));
    expect(second).toMatchObject({ replies: [], result: { outcome: 'ignored', reason: 'empty' } });
    const stranger = await h.deliver(sticker('sticker-3', '51955555556'));
    expect(stranger).toMatchObject({ replies: [], result: { outcome: 'ignored', reason: 'empty' } });
  });

  it('after the greeting: help again on ayuda or hola, "only your guides" on another command, silence on thanks', async () => {
    const as = { isGroup: false, sender: HUAMAN.phone, admin: false };
    await h.send('hola', as); // greeted already, or now
    expect(textOf(await h.send('ayuda', as))).toContain('Ya te tengo registrado como chofer');
    expect(textOf(await h.send('buenas tardes', as))).toContain('Ya te tengo registrado como chofer');
    const other = textOf(await h.send('ruc 20123456786', as));
    expect(other).toContain('solo te envío tus guías');
    expect(other).not.toContain('TRANSPORTES');
    expect(await h.send('ok gracias 👍', as)).toHaveLength(0);
  });

  it('a stranger in a direct chat is still refused', async () => {
    const text = textOf(await h.send('hola', { isGroup: false, sender: '51955555555', admin: false }));
    expect(text).toContain('solo atiendo a los administradores');
  });

  it('gets their own guide with its PDF, and a polite refusal for a guide that is not theirs', async () => {
    const own = await h.send('guia T001-42', { isGroup: false, sender: HUAMAN.phone, admin: false });
    expect(textOf(own)).toContain('T001-42');
    expect(documentsOf(own).map((d) => d.fileName)).toEqual(['GRE-20123456786-T001-42.pdf']);

    const notTheirs = await h.send('guia T001-42', { isGroup: false, sender: OTHER.phone, admin: false });
    expect(textOf(notTheirs)).toContain('Disculpa, la guía *T001-42* no figura a tu nombre');
    expect(documentsOf(notTheirs)).toHaveLength(0);
  });

  it('cannot make the bot send guides to drivers from a direct chat', async () => {
    const start = h.outbox.length;
    await h.send('guia T001-42 enviar', { isGroup: false, sender: HUAMAN.phone, admin: false });
    const sent = h.outbox.slice(start);
    expect(sent.every((s) => s.chatId === `${HUAMAN.phone}@s.whatsapp.net`)).toBe(true);
  });

  it('choferes shows a driver whose number WhatsApp said has no account', async () => {
    const FIFTH = { dni: '40000009', phone: '51944444449' };
    h.app.services.registry.get(DRIVERS)!.set(FIFTH.dni, FIFTH.phone, 'test');
    contacts().recordCheck(FIFTH.dni, { hasWhatsApp: false }, false);
    const text = textOf(await h.send('choferes'));
    expect(text).toMatch(
      /• 40000009 → \+51944444449\n {2}🚫 WhatsApp dice que este número no tiene cuenta · ⚠️ nunca escribió al bot/,
    );
    expect(text).not.toMatch(/• 41234567[^\n]*\n[^\n]*🚫/);
  });

  it('choferes shows who wrote to the bot', async () => {
    const text = textOf(await h.send('choferes'));
    expect(text).toMatch(/• 41234567 → \+51911111111\n {2}✉️ escribió al bot el \d\d\/\d\d\/\d{4} \d\d:\d\d/);
  });
});
