import { DRIVERS } from '../../../../src/bot/ports.js';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../../src/logger.js';
import { createOpsRuntime, type OpsRuntime } from '../../../../src/ops/runtime.js';
import { createTemplates } from '../../../../src/render/templates.js';
import { createDeliveryRepo } from '../../../../src/store/delivery.js';
import { createNewChatsRepo } from '../../../../src/store/new-chats.js';
import type { WhatsAppStatus } from '../../../../src/transports/whatsapp/index.js';
import { FakeWhatsApp, TEST_WHATSAPP, waitFor, waText } from '../../../helpers/fake-socket.js';
import { startWhatsAppApp, WA_GROUP, type WhatsAppApp } from '../../../helpers/whatsapp-app.js';

/**
 * First messages to new chats (people who never wrote to the number nor got a message from it),
 * with Baileys-shaped events on a fake socket: WhatsApp's new-chat cap (`message-capping.update`),
 * Chasqui's daily cap counted in the store, a number WhatsApp says does not exist refused before
 * anything is sent, and chats that are already established never held.
 */
const ADMIN_PN = '51987654321@s.whatsapp.net';
const HUAMAN = { dni: '41234567', phone: '51911111111', jid: '51911111111@s.whatsapp.net' };
const FLORES = { dni: '70123456', phone: '51922222222', jid: '51922222222@s.whatsapp.net' };

let running: { wa: WhatsAppApp; ops: OpsRuntime }[] = [];

afterEach(async () => {
  for (const { wa, ops } of running) {
    await wa.close();
    await ops.close();
  }
  running = [];
});

async function start(
  options: { dailyCap?: number; server?: FakeWhatsApp; drivers?: (typeof HUAMAN)[] } = {},
) {
  const wired: { ops?: OpsRuntime } = {};
  const early: WhatsAppStatus[] = [];
  const wa = await startWhatsAppApp(
    {},
    {
      ...(options.server ? { server: options.server } : {}),
      setup: {
        onStatus: (status) => (wired.ops ? wired.ops.onStatus(status) : early.push(status)),
        templates: createTemplates(),
        whatsapp: { ...TEST_WHATSAPP, newChats: { dailyCap: options.dailyCap ?? 20 } },
        // As `chasqui start` wires it: what the outbox gives up on, or refuses, reaches ops.
        outboxOptions: { onFailed: (item, error) => wired.ops?.onOutboxFailed(item, error) },
      },
      beforeStart: (app) => {
        for (const driver of options.drivers ?? [HUAMAN])
          app.services.registry.get(DRIVERS)!.set(driver.dni, driver.phone, 'test');
      },
    },
  );
  const config = {
    ...wa.config,
    whatsapp: { ...wa.config.whatsapp, newChats: { dailyCap: options.dailyCap ?? 20 } },
  };
  const runtime = createOpsRuntime({ config, db: wa.db, logger: silentLogger() });
  for (const status of early) runtime.onStatus(status);
  wired.ops = runtime;
  running.push({ wa, ops: runtime });
  return { wa, ops: runtime };
}

const textsTo = (wa: WhatsAppApp, jid: string) =>
  wa.fake.server.sent.flatMap((s) => (s.jid === jid && 'text' in s.content ? [s.content.text] : []));
const documentsTo = (wa: WhatsAppApp, jid: string) =>
  wa.fake.server.sent.filter((s) => s.jid === jid && 'document' in s.content);

async function dispatch(wa: WhatsAppApp): Promise<void> {
  const replies = () => textsTo(wa, WA_GROUP).filter((t) => t.startsWith('*Guía T001-42*')).length;
  const before = replies();
  wa.fake.latest().upsert([waText('guia 20123456786-09-T001-42 enviar', { participant: ADMIN_PN })]);
  await waitFor(() => replies() === before + 1, 10_000, 'the reply to guia … enviar');
}

describe('first messages to new chats', () => {
  it('message-capping.update: WhatsApp’s cap is shown and, used up, holds first messages until its cycle ends', async () => {
    const { wa, ops } = await start();
    const cycleEnd = Math.floor(Date.now() / 1000) + 3600;
    wa.fake.latest().messageCapping({
      total_quota: 30,
      used_quota: 30,
      cycle_end_timestamp: String(cycleEnd),
      capping_status: 'CAPPED',
    } as never);
    expect(ops.state.snapshot().newChatCap).toEqual({
      total: 30,
      used: 30,
      cycleEndsAt: new Date(cycleEnd * 1000),
      status: 'CAPPED',
    });
    expect(await ops.metrics.text()).toContain('chasqui_whatsapp_new_chat_quota{kind="used"} 30');

    await dispatch(wa);
    await waitFor(() => wa.setup.outbox.held(Date.now()).length === 1, 5000, 'the guide held');
    expect(wa.setup.outbox.held(Date.now())[0]).toMatchObject({
      reason: 'whatsapp-cap',
      heldUntil: cycleEnd * 1000,
    });
    await waitFor(
      () =>
        textsTo(wa, WA_GROUP).some((t) =>
          t.includes('llegó al tope de chats nuevos que WhatsApp le permite'),
        ),
      5000,
      'the group told',
    );
    expect(documentsTo(wa, HUAMAN.jid)).toHaveLength(0);

    wa.fake.latest().messageCapping({
      total_quota: 30,
      used_quota: 0,
      cycle_end_timestamp: String(cycleEnd + 86_400),
    } as never);
    await waitFor(() => documentsTo(wa, HUAMAN.jid).length === 1, 5000, 'sent in the new cycle');
  });

  it('Chasqui’s daily cap, counted in the store: the first message past it waits for the next Lima day', async () => {
    const { wa, ops } = await start({ dailyCap: 1, drivers: [HUAMAN, FLORES] });
    await dispatch(wa);
    await waitFor(
      () => documentsTo(wa, HUAMAN.jid).length + documentsTo(wa, FLORES.jid).length === 1,
      5000,
      'one first message sent',
    );
    await waitFor(() => wa.setup.outbox.held(Date.now()).length === 1, 5000, 'the other held');
    const held = wa.setup.outbox.held(Date.now())[0];
    expect(held?.reason).toBe('daily-cap');
    // Until the next midnight in Lima (UTC−5): 05:00 UTC, within a day.
    expect(new Date(held?.heldUntil ?? 0).getUTCHours()).toBe(5);
    expect((held?.heldUntil ?? 0) - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    expect(createNewChatsRepo(wa.db).firstSentSince(Date.now() - 3600_000)).toBe(1);
    expect(await ops.metrics.text()).toContain('chasqui_whatsapp_first_messages_today 1');
    expect(await ops.metrics.text()).toContain('chasqui_whatsapp_first_messages_daily_cap 1');
    await waitFor(
      () =>
        textsTo(wa, WA_GROUP).some((t) =>
          t.includes('todos los chats nuevos que permite el tope diario de Chasqui'),
        ),
      5000,
      'the group told',
    );
  });

  it('a number WhatsApp says has no account is refused here, never sent, and the follow-up says why', async () => {
    const server = new FakeWhatsApp();
    server.missing.add(HUAMAN.phone);
    const { wa, ops } = await start({ server });
    await dispatch(wa);
    await waitFor(
      () => textsTo(wa, WA_GROUP).some((t) => t.includes('entrega a los choferes')),
      5000,
      'the follow-up',
    );
    expect(documentsTo(wa, HUAMAN.jid)).toHaveLength(0);
    const followUp = textsTo(wa, WA_GROUP).find((t) => t.includes('entrega a los choferes')) ?? '';
    expect(followUp).toContain('no se envió: WhatsApp dice que ese número no tiene cuenta');
    const row = wa.db
      .prepare('SELECT wa_id, status, last_error FROM outbox WHERE chat_id = ?')
      .get(HUAMAN.jid) as { wa_id: string; status: string; last_error: string };
    expect(row).toMatchObject({ status: 'failed', last_error: 'refused before sending: no-whatsapp' });
    expect(createDeliveryRepo(wa.db).get(row.wa_id)).toMatchObject({ state: 'failed', code: 'no-whatsapp' });
    expect(await ops.metrics.text()).toContain('chasqui_messages_out_total{outcome="refused"} 1');
    expect(ops.alerts.recent().some((a) => a.kind === 'outbox-failed')).toBe(false);
  });

  it('an established chat is never held; a held one goes as soon as the driver writes', async () => {
    const { wa } = await start({ drivers: [HUAMAN, FLORES] });
    // Flores wrote to the bot before: her chat is established.
    wa.fake.latest().upsert([waText('hola', { chat: FLORES.jid })]);
    await waitFor(() => textsTo(wa, FLORES.jid).length === 1, 5000, 'the greeting');
    wa.fake
      .latest()
      .reachoutTimeLock({ isActive: true, timeEnforcementEnds: new Date(Date.now() + 3600_000) } as never);
    await dispatch(wa);
    await waitFor(() => documentsTo(wa, FLORES.jid).length === 1, 5000, 'Flores gets hers');
    await waitFor(() => wa.setup.outbox.held(Date.now()).length === 1, 5000, 'Huamán’s held');
    expect(documentsTo(wa, HUAMAN.jid)).toHaveLength(0);

    wa.fake.latest().upsert([waText('hola', { chat: HUAMAN.jid })]);
    await waitFor(() => documentsTo(wa, HUAMAN.jid).length === 1, 5000, 'Huamán’s released');
  });
});
