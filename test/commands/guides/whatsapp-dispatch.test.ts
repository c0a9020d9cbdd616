import { WAMessageStatus } from '@whiskeysockets/baileys';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DRIVERS, DRIVER_CONTACTS } from '../../../src/bot/ports.js';
import type { App } from '../../../src/app/app.js';
import type { Config } from '../../../src/config.js';
import { createOpsRuntime } from '../../../src/ops/runtime.js';
import { deliveryStatesOf } from '../../../src/ops/delivery-states.js';
import { createDeliveryRepo } from '../../../src/store/delivery.js';
import type { SqliteDatabase } from '../../../src/app/database.js';
import { waitFor, waText } from '../../helpers/fake-socket.js';
import { startWhatsAppApp, type WhatsAppApp } from '../../helpers/whatsapp-app.js';

/**
 * `guia … enviar` over the production WhatsApp transport on a fake socket, with Baileys-shaped
 * delivery events: what WhatsApp confirms is recorded per message, and the group hears one
 * follow-up per dispatch.
 */
const GROUP = '120363000000000001@g.us';
const ADMIN_PN = '51987654321@s.whatsapp.net';
const HUAMAN = { dni: '41234567', phone: '51911111111', jid: '51911111111@s.whatsapp.net' };
const FLORES = { dni: '70123456', phone: '51922222222', jid: '51922222222@s.whatsapp.net' };

let wa: WhatsAppApp;
let db: SqliteDatabase;
let app: App;
let fake: WhatsAppApp['fake'];
let offsetMs: number;
let config: Config;
/** The ops alerts the app raised for drivers' guides ('delivery-failed'). */
let failures: Record<string, string | number>[];

beforeEach(async () => {
  offsetMs = 0;
  failures = [];
  wa = await startWhatsAppApp(
    {},
    {
      now: () => new Date(Date.now() + offsetMs),
      app: {
        alerts: {
          raise: (kind, details) => (kind === 'delivery-failed' ? failures.push(details) : undefined),
        },
      },
      beforeStart: (built) => {
        built.services.registry.get(DRIVERS)!.set(HUAMAN.dni, HUAMAN.phone, 'test');
        built.services.registry.get(DRIVERS)!.set(FLORES.dni, FLORES.phone, 'test');
      },
    },
  );
  ({ app, config, db, fake } = wa);
});

afterEach(() => wa.close());

const textsTo = (jid: string) =>
  fake.server.sent
    .filter((s) => s.jid === jid && 'text' in s.content)
    .map((s) => ('text' in s.content ? s.content.text : ''));
const documentsTo = (jid: string) => fake.server.sent.filter((s) => s.jid === jid && 'document' in s.content);
const idOf = (jid: string) => documentsTo(jid)[0]?.options?.messageId ?? '';
const followUps = () => textsTo(GROUP).filter((t) => t.includes('entrega a los choferes'));

async function dispatch(): Promise<void> {
  fake.latest().upsert([waText('guia 20123456786-09-T001-42 enviar', { participant: ADMIN_PN })]);
  await waitFor(
    () =>
      documentsTo(HUAMAN.jid).length === 1 &&
      documentsTo(FLORES.jid).length === 1 &&
      textsTo(GROUP).length === 1,
    10_000,
    'documents to both drivers and the group reply',
  );
}

/** Only Flores is registered: her guide is refused with 463 and the group gets the follow-up. */
async function floresRefused(): Promise<string> {
  app.services.registry.get(DRIVERS)!.remove(HUAMAN.dni);
  fake.latest().upsert([waText('guia 20123456786-09-T001-42 enviar', { participant: ADMIN_PN })]);
  await waitFor(() => documentsTo(FLORES.jid).length === 1, 10_000, 'the guide to Flores');
  const flores = idOf(FLORES.jid);
  const deliveries = createDeliveryRepo(db);
  await waitFor(() => deliveries.get(flores)?.state === 'sent', 2000, 'sent recorded');
  fake.latest().serverAck(flores, FLORES.jid);
  fake.latest().statusUpdate(flores, FLORES.jid, WAMessageStatus.ERROR, ['463']);
  await waitFor(() => followUps().length === 1, 5000, 'the follow-up');
  return flores;
}

/** Flores writes «hola» to the bot in her direct chat, as the follow-up asked, and is greeted. */
async function floresWritesHola(): Promise<void> {
  fake.latest().upsert([waText('hola', { chat: FLORES.jid })]);
  await waitFor(() => textsTo(FLORES.jid).length === 1, 5000, 'the greeting to Flores');
  const greeting = fake.server.sent.find((s) => s.jid === FLORES.jid && 'text' in s.content);
  const deliveries = createDeliveryRepo(db);
  await waitFor(
    () => deliveries.get(greeting?.options?.messageId ?? '')?.state === 'sent',
    2000,
    'the greeting recorded as sent',
  );
}

describe('delivery truth after guia … enviar', () => {
  it('records server ack → delivered → read, fails a 463 without resending, and posts one follow-up naming both', async () => {
    await dispatch();
    expect(textsTo(GROUP)[0]).toContain('Te aviso aquí cuando les llegue (a más tardar en 10 min)');
    expect(textsTo(GROUP)[0]).toContain('nunca le escribieron a este número');
    // "escribiendo…" in the group while the PDF was prepared, stopped afterwards.
    expect(fake.server.presences.filter((p) => p.jid === GROUP).map((p) => p.type)).toEqual([
      'composing',
      'paused',
    ]);
    const sock = fake.latest();
    const huaman = idOf(HUAMAN.jid);
    const flores = idOf(FLORES.jid);
    const deliveries = createDeliveryRepo(db);
    await waitFor(() => deliveries.get(huaman)?.state === 'sent', 2000, 'sent recorded');

    sock.serverAck(huaman, HUAMAN.jid);
    expect(deliveries.get(huaman)?.state).toBe('server_ack');
    sock.statusUpdate(huaman, HUAMAN.jid, WAMessageStatus.DELIVERY_ACK);
    // The read receipt may name the LID chat: matched on the message id alone.
    sock.statusUpdate(huaman, '111111111111111@lid', WAMessageStatus.READ);
    sock.statusUpdate(huaman, HUAMAN.jid, WAMessageStatus.DELIVERY_ACK); // late: never downgrades
    sock.serverAck(flores, FLORES.jid);
    sock.statusUpdate(flores, FLORES.jid, WAMessageStatus.ERROR, ['463']);

    await waitFor(() => followUps().length === 1, 5000, 'the follow-up');
    const h = deliveries.get(huaman);
    expect(h?.state).toBe('read');
    expect(h?.serverAckAt).toBeTypeOf('number');
    expect(h?.deliveredAt).toBeTypeOf('number');
    expect(h?.readAt).toBeTypeOf('number');
    expect(deliveries.get(flores)).toMatchObject({ state: 'failed', code: '463' });

    const report = followUps()[0] ?? '';
    expect(report).toContain('✓✓ HUAMAN TORRES CARLOS ALBERTO (+51 9•••••111): entregada y leída');
    expect(report).toContain(
      '❌ FLORES CCAHUANA LUCÍA (+51 9•••••222): WhatsApp no la dejó pasar porque el chofer nunca le escribió a este número',
    );
    expect(report).toContain('pide al chofer que escriba «hola» a este número de WhatsApp');
    expect(report).not.toContain(FLORES.phone);

    // More updates, a repeated error ack and the end of the wait: still one follow-up, no resend.
    sock.statusUpdate(flores, FLORES.jid, WAMessageStatus.ERROR, ['463']);
    sock.statusUpdate(huaman, HUAMAN.jid, WAMessageStatus.PLAYED);
    offsetMs = 11 * 60_000;
    await app.delivery?.tick();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(followUps()).toHaveLength(1);
    expect(documentsTo(FLORES.jid)).toHaveLength(1);
  });

  it('tells ops once about a driver whose guide failed, and the console and /metrics count driver deliveries', async () => {
    await dispatch();
    const sock = fake.latest();
    const huaman = idOf(HUAMAN.jid);
    const flores = idOf(FLORES.jid);
    const deliveries = createDeliveryRepo(db);
    await waitFor(() => deliveries.get(flores)?.state === 'sent', 2000, 'sent recorded');
    sock.statusUpdate(huaman, HUAMAN.jid, WAMessageStatus.DELIVERY_ACK);
    sock.statusUpdate(flores, FLORES.jid, WAMessageStatus.ERROR, ['463']);
    sock.statusUpdate(flores, FLORES.jid, WAMessageStatus.ERROR, ['463']); // repeated: not again
    expect(failures).toEqual([{ guide: 'T001-42', driver: '+51 9•••••222', code: '463' }]);

    const states = deliveryStatesOf(app.services.registry);
    // Only the two guides: the group's replies are not driver deliveries.
    expect(states.counts()).toMatchObject({ delivered: 1, failed: 1, sent: 0, queued: 0 });
    expect(states.latestByDriver?.()).toMatchObject({
      [HUAMAN.dni]: { state: 'delivered' },
      [FLORES.dni]: { state: 'failed' },
    });
    const ops = createOpsRuntime({ config, db, logger: pino({ level: 'silent' }), deliveries: states });
    const metrics = await ops.metrics.text();
    expect(metrics).toContain('chasqui_driver_deliveries{state="failed"} 1');
    expect(metrics).toContain('chasqui_driver_deliveries{state="delivered"} 1');
    await ops.close();
  });

  it('reports a send without server ack as doubtful once the wait is over', async () => {
    app.services.registry.get(DRIVERS)!.remove(FLORES.dni);
    fake.latest().upsert([waText('guia 20123456786-09-T001-42 enviar', { participant: ADMIN_PN })]);
    await waitFor(
      () => documentsTo(HUAMAN.jid).length === 1 && textsTo(GROUP).length === 1,
      10_000,
      'dispatch',
    );
    const huaman = idOf(HUAMAN.jid);
    const deliveries = createDeliveryRepo(db);
    await waitFor(() => deliveries.get(huaman)?.state === 'sent', 2000, 'sent recorded');

    offsetMs = 60_000; // under the 2-minute server-ack timeout and the 10-minute wait
    await app.delivery?.tick();
    expect(deliveries.get(huaman)?.state).toBe('sent');
    expect(followUps()).toHaveLength(0);

    offsetMs = 10 * 60_000 + 1000;
    await app.delivery?.tick();
    await waitFor(() => followUps().length === 1, 5000, 'the follow-up');
    expect(deliveries.get(huaman)?.state).toBe('doubtful');
    expect(followUps()[0]).toContain(
      '❌ HUAMAN TORRES CARLOS ALBERTO (+51 9•••••111): WhatsApp nunca confirmó que la recibió su servidor',
    );
  });

  it('records group receipts per participant and keeps the furthest state', async () => {
    fake.latest().upsert([waText('tc', { participant: ADMIN_PN, id: '3EB0GROUPTC' })]);
    await waitFor(() => textsTo(GROUP).length === 1, 10_000, 'reply');
    const id = fake.server.sent[0]?.options?.messageId ?? '';
    const deliveries = createDeliveryRepo(db);
    await waitFor(() => deliveries.get(id)?.state === 'sent', 2000, 'sent recorded');
    fake.latest().groupReceipt(id, GROUP, '51933333333@s.whatsapp.net', 'read');
    fake.latest().groupReceipt(id, GROUP, '51944444444@s.whatsapp.net', 'receipt');
    expect(deliveries.get(id)?.state).toBe('read');
    // The participant is kept as a keyed pseudonym, not as a phone number.
    expect(deliveries.get(id)?.recipient).toMatch(/^[0-9a-f]{16}$/);
    expect(deliveries.countsByState().read).toBe(1);
  });

  it('chofer checks the number on WhatsApp: refuses one without an account, stores the LID, and sends guides to the LID', async () => {
    const sock = fake.latest();
    fake.server.missing.add('51955555555');
    sock.upsert([waText('chofer 45678912 955555555', { participant: ADMIN_PN })]);
    await waitFor(() => textsTo(GROUP).length === 1, 5000, 'refusal');
    expect(textsTo(GROUP)[0]).toContain('WhatsApp dice que el número +51955555555 no tiene cuenta');
    expect(app.services.registry.get(DRIVERS)!.get('45678912')).toBeUndefined();

    fake.server.lidToPn.set('211111111111111@lid', HUAMAN.jid);
    sock.upsert([waText(`chofer ${HUAMAN.dni} 911111111`, { participant: ADMIN_PN })]);
    await waitFor(() => textsTo(GROUP).length === 2, 5000, 'registration');
    expect(textsTo(GROUP)[1]).toContain('✓ El número tiene WhatsApp.');
    expect(app.services.registry.get(DRIVER_CONTACTS)?.get(HUAMAN.dni)?.lid).toBe('211111111111111@lid');

    app.services.registry.get(DRIVERS)!.remove(FLORES.dni);
    sock.upsert([waText('guia 20123456786-09-T001-42 enviar', { participant: ADMIN_PN })]);
    await waitFor(() => documentsTo('211111111111111@lid').length === 1, 10_000, 'guide sent to the LID');
    expect(documentsTo(HUAMAN.jid)).toHaveLength(0);
  });

  it('resends a guide WhatsApp refused (463) once the driver wrote «hola», within the cooldown; a delivered one still waits', async () => {
    await floresRefused();
    await floresWritesHola();
    offsetMs = 5 * 60_000; // well inside the 30-minute resend cooldown
    fake.latest().upsert([waText('guia 20123456786-09-T001-42 enviar', { participant: ADMIN_PN })]);
    await waitFor(() => documentsTo(FLORES.jid).length === 2, 10_000, 'the guide sent again');
    const replies = textsTo(GROUP).filter((t) => t.startsWith('*Guía T001-42*'));
    expect(replies).toHaveLength(2);
    expect(replies[1]).toContain('Listo, enviando la guía por WhatsApp a:\n📤 FLORES CCAHUANA LUCÍA');
    expect(replies[1]).not.toContain('ya recibió esta guía hace poco');

    // The second one arrives: another resend a minute later is held by the cooldown again.
    const second = documentsTo(FLORES.jid)[1]?.options?.messageId ?? '';
    fake.latest().statusUpdate(second, FLORES.jid, WAMessageStatus.DELIVERY_ACK);
    offsetMs = 6 * 60_000;
    fake.latest().upsert([waText('guia 20123456786-09-T001-42 enviar', { participant: ADMIN_PN })]);
    await waitFor(
      () => textsTo(GROUP).filter((t) => t.startsWith('*Guía T001-42*')).length === 3,
      10_000,
      'the third reply',
    );
    expect(textsTo(GROUP).filter((t) => t.startsWith('*Guía T001-42*'))[2]).toContain(
      'FLORES CCAHUANA LUCÍA (+51 9•••••222): ya recibió esta guía hace poco.',
    );
    expect(documentsTo(FLORES.jid)).toHaveLength(2);
  });

  it('stores a driver’s LID from a message of her own phone chat carrying it, so a later LID-only message is recognised', async () => {
    const LID = '222222222222222@lid';
    expect(app.services.registry.get(DRIVER_CONTACTS)?.get(FLORES.dni)?.lid).toBeUndefined();
    const first = waText('hola', { chat: FLORES.jid });
    first.key.remoteJidAlt = LID;
    fake.latest().upsert([first]);
    await waitFor(() => textsTo(FLORES.jid).length === 1, 5000, 'the greeting');
    expect(app.services.registry.get(DRIVER_CONTACTS)?.get(FLORES.dni)?.lid).toBe(LID);
    // No phone number in the message and none Baileys can map: recognised by the stored LID.
    fake.latest().upsert([waText('guia 20123456786-09-T001-42', { chat: LID })]);
    await waitFor(() => documentsTo(LID).length === 1, 10_000, 'her own guide');
    expect(textsTo(LID).join('\n')).not.toContain('solo atiendo a los administradores');
  });

  it('a LID chat whose added phone (remoteJidAlt) is a driver’s is not her until that pair is known', async () => {
    const LID = '244444444444444@lid';
    const fromLid = (text: string) => {
      const message = waText(text, { chat: LID });
      message.key.remoteJidAlt = FLORES.jid;
      return message;
    };
    fake.latest().upsert([fromLid('hola')]);
    await waitFor(() => textsTo(LID).length === 1, 5000, 'the reply to the LID chat');
    expect(textsTo(LID)[0]).toContain('solo atiendo a los administradores');
    fake.latest().upsert([fromLid('guia 20123456786-09-T001-42')]);
    await waitFor(() => textsTo(LID).length === 2, 5000, 'the second reply');
    expect(documentsTo(LID)).toHaveLength(0);
    // Nothing learnt from it: neither the LID nor "she wrote to us".
    expect(app.services.registry.get(DRIVER_CONTACTS)?.get(FLORES.dni)?.lid).toBeUndefined();
    expect(app.services.registry.get(DRIVER_CONTACTS)?.get(FLORES.dni)?.reachedAt).toBeUndefined();
    // Once WhatsApp paired them on its own (as `chofer` stores it), the same chat is hers.
    app.services.registry
      .get(DRIVER_CONTACTS)
      ?.recordCheck(FLORES.dni, { hasWhatsApp: true, lid: LID }, false);
    fake.latest().upsert([fromLid('guia 20123456786-09-T001-42')]);
    await waitFor(() => documentsTo(LID).length === 1, 10_000, 'her own guide');
    expect(app.services.registry.get(DRIVER_CONTACTS)?.get(FLORES.dni)?.reachedAt).toBeTypeOf('number');
  });

  it('asks WhatsApp for the LID of a driver with none stored before sending a guide, and keeps it', async () => {
    const LID = '233333333333333@lid';
    app.services.registry.get(DRIVERS)!.remove(HUAMAN.dni);
    fake.server.lidToPn.set(LID, FLORES.jid);
    fake.latest().upsert([waText('guia 20123456786-09-T001-42 enviar', { participant: ADMIN_PN })]);
    await waitFor(() => documentsTo(LID).length === 1, 10_000, 'the guide sent to the LID');
    expect(documentsTo(FLORES.jid)).toHaveLength(0);
    expect(app.services.registry.get(DRIVER_CONTACTS)?.get(FLORES.dni)?.lid).toBe(LID);
  });

  it('choferes and the console show the last guide to a driver, not the greeting sent after it', async () => {
    await floresRefused();
    await floresWritesHola();
    const states = deliveryStatesOf(app.services.registry);
    expect(states.latestByDriver?.()).toMatchObject({ [FLORES.dni]: { state: 'failed' } });
    fake.latest().upsert([waText('choferes', { participant: ADMIN_PN })]);
    await waitFor(() => textsTo(GROUP).some((t) => t.includes('Choferes registrados')), 5000, 'choferes');
    const list = textsTo(GROUP).find((t) => t.includes('Choferes registrados')) ?? '';
    expect(list).toMatch(
      /• 70123456 → \+51922222222\n {2}✉️ escribió al bot el [^\n]* · última guía: ❌ no llegó \(código 463\)/,
    );
  });
});
