import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WAMessageStatus } from '@whiskeysockets/baileys';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { DRIVERS } from '../../../../src/bot/ports.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../../src/logger.js';
import { createDbStats } from '../../../../src/ops/db-stats.js';
import { checkReadiness } from '../../../../src/ops/health.js';
import { createOpsRuntime, type OpsRuntime } from '../../../../src/ops/runtime.js';
import { createTemplates } from '../../../../src/render/templates.js';
import { createDeliveryRepo } from '../../../../src/store/delivery.js';
import type { WhatsAppStatus } from '../../../../src/transports/whatsapp/index.js';
import { FakeWhatsApp, waitFor, waText } from '../../../helpers/fake-socket.js';
import { startWhatsAppApp, WA_GROUP, type WhatsAppApp } from '../../../helpers/whatsapp-app.js';

/**
 * WhatsApp's reach-out time lock, as rc14 reports it (`connection.update { reachoutTimeLock }`),
 * over the production app and transport on a fake socket with the ops runtime `chasqui start`
 * wires: the state, /readyz, the metrics and the alert follow it; a driver's first message is held
 * (not burnt), the group that asked is told once (also across a restart), and it goes when the
 * lock lifts.
 */
const ADMIN_PN = '51987654321@s.whatsapp.net';
const HUAMAN = { dni: '41234567', phone: '51911111111', jid: '51911111111@s.whatsapp.net' };
const FLORES = { dni: '70123456', phone: '51922222222', jid: '51922222222@s.whatsapp.net' };
const ENDS = new Date(Date.now() + 2 * 3600_000);

let dir: string;
let server: FakeWhatsApp;
let running: { wa: WhatsAppApp; ops: OpsRuntime }[] = [];
let offsetMs: number;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-restriction-'));
  server = new FakeWhatsApp();
  offsetMs = 0;
});

afterEach(async () => {
  for (const { wa, ops } of running) {
    await wa.close();
    await ops.close();
  }
  running = [];
  rmSync(dir, { recursive: true, force: true });
});

/** The app with the ops runtime fed by the transport's statuses, and the notice renderer. */
async function start() {
  const wired: { ops?: OpsRuntime } = {};
  const early: WhatsAppStatus[] = [];
  const wa = await startWhatsAppApp(
    {},
    {
      dir,
      server,
      now: () => new Date(Date.now() + offsetMs),
      setup: {
        onStatus: (status) => (wired.ops ? wired.ops.onStatus(status) : early.push(status)),
        templates: createTemplates(),
      },
      beforeStart: (app) => app.services.registry.get(DRIVERS)!.set(HUAMAN.dni, HUAMAN.phone, 'test'),
    },
  );
  const runtime = createOpsRuntime({ config: wa.config, db: wa.db, logger: silentLogger() });
  for (const status of early) runtime.onStatus(status); // sent while the runtime was being built
  wired.ops = runtime;
  running.push({ wa, ops: runtime });
  return { wa, ops: runtime };
}

const sent = (wa: WhatsAppApp) => wa.fake.server.sent;
const textsTo = (wa: WhatsAppApp, jid: string) =>
  sent(wa).flatMap((s) => (s.jid === jid && 'text' in s.content ? [s.content.text] : []));
const documentsTo = (wa: WhatsAppApp, jid: string) =>
  sent(wa).filter((s) => s.jid === jid && 'document' in s.content);
const notices = (wa: WhatsAppApp) =>
  textsTo(wa, WA_GROUP).filter((t) => t.includes('Guías a choferes en pausa'));

async function metric(ops: OpsRuntime, name: string, labels: Record<string, string> = {}) {
  const family = parsePrometheusTextFormat(await ops.metrics.text()).find((f) => f.name === name);
  const sample = family?.metrics.find((m) => JSON.stringify(m.labels ?? {}) === JSON.stringify(labels));
  return sample?.value === undefined ? undefined : Number(sample.value);
}

const readiness = (wa: WhatsAppApp, ops: OpsRuntime) =>
  checkReadiness({
    pairing: ops.state,
    stats: createDbStats(wa.db),
    dataDir: dir,
    freeBytes: async () => 1e12,
  });

async function dispatch(wa: WhatsAppApp, replies: number): Promise<void> {
  wa.fake.latest().upsert([waText('guia 20123456786-09-T001-42 enviar', { participant: ADMIN_PN })]);
  await waitFor(
    () => textsTo(wa, WA_GROUP).filter((t) => t.startsWith('*Guía T001-42*')).length === replies,
    10_000,
    'the reply to guia … enviar',
  );
}

describe('a reach-out time lock set and lifted', () => {
  it('holds the driver guide, tells the group once, degrades /readyz, alerts and counts; releases it when lifted', async () => {
    const { wa, ops } = await start();
    // rc14 never asks by itself: Chasqui asked at open.
    await waitFor(
      () => server.asked.includes('reachout') && server.asked.includes('cap'),
      2000,
      'asked at open',
    );
    expect(ops.state.snapshot().restriction).toEqual({ active: false });

    wa.fake
      .latest()
      .reachoutTimeLock({ isActive: true, timeEnforcementEnds: ENDS, enforcementType: 'DEFAULT' } as never);
    expect(ops.state.snapshot().restriction).toMatchObject({ active: true, until: ENDS });
    expect(ops.alerts.recent()[0]).toMatchObject({
      kind: 'whatsapp-restricted',
      details: { phase: 'started' },
    });
    expect(await metric(ops, 'chasqui_whatsapp_restricted')).toBe(1);
    expect(await metric(ops, 'chasqui_whatsapp_restriction_end_seconds')).toBe(
      Math.round(ENDS.getTime() / 1000),
    );

    await dispatch(wa, 1);
    await waitFor(() => notices(wa).length === 1, 5000, 'the group told');
    const notice = notices(wa)[0] ?? '';
    expect(notice).toContain('WhatsApp restringió por ahora los chats nuevos de este número hasta el');
    expect(notice).toContain('salen solas cuando se pueda');
    expect(documentsTo(wa, HUAMAN.jid)).toHaveLength(0); // held, not burnt: never sent to WhatsApp
    const held = wa.setup.outbox.held(Date.now());
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ chatId: HUAMAN.jid, reason: 'restriction', heldUntil: ENDS.getTime() });
    expect(createDeliveryRepo(wa.db).get(held[0]?.waId ?? '')).toMatchObject({
      state: 'queued',
      heldUntil: ENDS.getTime(),
      heldReason: 'restriction',
    });

    // Degraded, not down; the held guide is not a stuck outbox, however long it waits.
    offsetMs = 0;
    const degraded = await readiness(wa, ops);
    expect(degraded).toMatchObject({ ready: true, status: 'degraded' });
    expect(degraded.checks.restriction).toMatchObject({ ok: true, degraded: true });
    expect(degraded.checks.outbox.ok).toBe(true);
    expect(degraded.checks.outbox.detail).toContain('1 held');
    expect(await metric(ops, 'chasqui_outbox_depth', { status: 'held' })).toBe(1);

    // A second dispatch in the same restriction (to another driver): held too, no second notice.
    wa.app.services.registry.get(DRIVERS)!.set(FLORES.dni, FLORES.phone, 'test');
    await dispatch(wa, 2);
    await waitFor(() => wa.setup.outbox.held(Date.now()).length === 2, 5000, 'the second guide held');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(notices(wa)).toHaveLength(1);

    wa.fake.latest().reachoutTimeLock({ isActive: false } as never);
    await waitFor(
      () => documentsTo(wa, HUAMAN.jid).length === 1 && documentsTo(wa, FLORES.jid).length === 1,
      5000,
      'the held guides sent',
    );
    expect(ops.alerts.recent()[0]).toMatchObject({
      kind: 'whatsapp-restricted',
      details: { phase: 'ended' },
    });
    expect(await metric(ops, 'chasqui_whatsapp_restricted')).toBe(0);
    expect((await readiness(wa, ops)).status).toBe('ready');
    expect(wa.setup.outbox.held(Date.now())).toHaveLength(0);
    expect(ops.alerts.recent().filter((a) => a.kind === 'whatsapp-restricted')).toHaveLength(2);
  });

  it('a restart during the restriction keeps holding and does not tell the group, nor alert, again', async () => {
    const first = await start();
    first.wa.fake.latest().reachoutTimeLock({ isActive: true, timeEnforcementEnds: ENDS } as never);
    await dispatch(first.wa, 1);
    await waitFor(() => notices(first.wa).length === 1, 5000, 'the group told');
    await first.wa.close();
    await first.ops.close();
    running = [];
    const sentBefore = server.sent.length;

    const { wa, ops } = await start();
    await waitFor(
      () => server.asked.filter((q) => q === 'reachout').length === 2,
      2000,
      'asked at the new open',
    );
    await waitFor(() => wa.setup.outbox.held(Date.now()).length === 1, 5000, 'held again after the restart');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(server.sent.slice(sentBefore)).toEqual([]);
    expect(ops.state.snapshot().restriction).toMatchObject({ active: true, until: ENDS });
    expect(ops.alerts.recent().filter((a) => a.kind === 'whatsapp-restricted')).toEqual([]);

    wa.fake.latest().reachoutTimeLock({ isActive: false } as never);
    await waitFor(() => documentsTo(wa, HUAMAN.jid).length === 1, 5000, 'sent once lifted');
  });

  it('asks WhatsApp again after a 463, at most once a minute (rc14 does not)', async () => {
    const { wa } = await start();
    await waitFor(() => server.asked.includes('reachout'), 2000, 'asked at open');
    await dispatch(wa, 1);
    await waitFor(() => documentsTo(wa, HUAMAN.jid).length === 1, 5000, 'the guide sent');
    const id = documentsTo(wa, HUAMAN.jid)[0]?.options?.messageId ?? '';
    const asked = () => server.asked.filter((q) => q === 'reachout').length;
    const refuse = () =>
      wa.fake
        .latest()
        .statusUpdate(id, HUAMAN.jid, WAMessageStatus.ERROR, ['463', 'Your account has been restricted']);

    refuse(); // within a minute of the question at open: not asked again
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(asked()).toBe(1);
    offsetMs = 61_000;
    refuse();
    await waitFor(() => asked() === 2, 2000, 'asked after the 463');
    refuse();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(asked()).toBe(2);
  });
});
