import { beforeEach, describe, expect, it } from 'vitest';
import { guia } from '../../../commands/guides/guia.js';
import { GUIDE_PDF } from '../../../commands/guides/port.js';
import type { CommandContext } from '../../../src/bot/command.js';
import { createServiceRegistry, provide } from '../../../src/bot/registry.js';
import { type BotServices, type Driver, DRIVERS, type DriversPort } from '../../../src/bot/ports.js';
import { silentLogger } from '../../../src/logger.js';
import type { LookupApi } from '../../../src/lookup/api.js';
import { createTemplates } from '../../../src/render/templates.js';
import { guides } from '../../../src/sandbox/fixtures/index.js';
import type { DocumentMessage, OutgoingMessage } from '../../../src/transports/transport.js';
import { type BotHarness, createBotHarness, useBotHarness } from '../../helpers/bot-harness.js';
import { GROUP_ID } from '../../helpers/messages.js';
import { pdfText } from '../../helpers/pdf-text.js';
import { runCommand } from '../fake-context.js';

/**
 * `guia <ref> enviar`: the guide PDF goes to each driver of the guide whose WhatsApp number is
 * registered (config file or `chofer`), in a direct chat; the group gets a report. Cancelled
 * guides never leave.
 */
const HUAMAN = { dni: '41234567', phone: '51911111111' };
const FLORES = { dni: '70123456', phone: '51922222222' };

const h = useBotHarness();

/** Only the drivers in `known` have a number. */
function registerOnly(...known: { dni: string; phone: string }[]) {
  const drivers = h.app.services.registry.get(DRIVERS)!;
  for (const { dni } of [HUAMAN, FLORES]) drivers.remove(dni);
  for (const { dni, phone } of known) drivers.set(dni, phone, 'test');
}

/** Sends `text` and splits what the bot sent into direct-chat documents and group texts. */
async function run(text: string, from: Parameters<BotHarness['send']>[1] = {}) {
  const start = h.outbox.length;
  await h.send(text, from);
  const sent = h.outbox.slice(start);
  const direct = sent.filter(
    (s): s is { chatId: string; message: DocumentMessage } =>
      s.chatId.endsWith('@s.whatsapp.net') && s.message.kind === 'document',
  );
  const group = sent.filter((s) => s.chatId === GROUP_ID).map((s) => s.message);
  return {
    direct,
    group,
    groupText: group.map((m: OutgoingMessage) => (m.kind === 'text' ? m.text : '')).join('\n'),
  };
}

beforeEach(() => {
  registerOnly(HUAMAN, FLORES);
  h.app.db.exec('DELETE FROM guide_sends'); // each case starts outside the resend cooldown
});

describe('guia <ref> enviar', () => {
  it('sends the PDF to every registered driver with a caption, and reports in the group', async () => {
    const { direct, group, groupText } = await run('guia T001-42 enviar');
    expect(direct.map((d) => d.chatId).sort()).toEqual([
      `${HUAMAN.phone}@s.whatsapp.net`,
      `${FLORES.phone}@s.whatsapp.net`,
    ]);
    for (const { message } of direct) {
      expect(message.fileName).toBe('GRE-20123456786-T001-42.pdf');
      expect(message.mimetype).toBe('application/pdf');
      expect(message.caption).toContain('*Guía T001-42* · placa ABC123');
      expect(message.caption).toContain('LA VICTORIA → CERRO COLORADO');
      expect(message.caption).toContain('Inicio del traslado: 20/11/2026');
    }
    const pdf = await pdfText(direct[0]!.message.bytes);
    expect(pdf.text).toContain('T001-00000042');
    expect(group.every((m) => m.kind === 'text')).toBe(true);
    // Handed to the transport is not delivered (WhatsApp queues in its outbox): the report says
    // the guide is on its way and how to check a number that never receives it.
    expect(groupText).toContain(
      'Listo, enviando la guía por WhatsApp a:\n' +
        '📤 HUAMAN TORRES CARLOS ALBERTO (+51 9•••••111)\n' +
        '📤 FLORES CCAHUANA LUCÍA (+51 9•••••222)\n' +
        'Llegará en unos segundos. Si a alguno no le llega, revisa que el número registrado tenga WhatsApp: *chofer 41234567*',
    );
    expect(groupText).not.toMatch(/enviada a|recibió|entregad/i);
    expect(groupText).not.toContain(HUAMAN.phone);
    expect(groupText).not.toContain('Sin WhatsApp registrado');
  });

  it('uses a driver from the config file (phone normalised) when nobody registered one by chat', async () => {
    const fresh = await createBotHarness({ config: { drivers: { [HUAMAN.dni]: '+51 911 111 111' } } });
    try {
      expect(fresh.app.services.registry.get(DRIVERS)!.get(HUAMAN.dni)?.source).toBe('config');
      await fresh.send('guia T001-42 enviar');
      const direct = fresh.outbox.filter((s) => s.chatId.endsWith('@s.whatsapp.net'));
      expect(direct.map((s) => s.chatId)).toEqual([`${HUAMAN.phone}@s.whatsapp.net`]);
    } finally {
      await fresh.close();
    }
  });

  it('sends to the known driver and explains how to register the unknown one', async () => {
    registerOnly(HUAMAN);
    const { direct, groupText } = await run('guia T001-42 enviar');
    expect(direct.map((d) => d.chatId)).toEqual([`${HUAMAN.phone}@s.whatsapp.net`]);
    expect(groupText).toContain(
      '📤 HUAMAN TORRES CARLOS ALBERTO (+51 9•••••111)\nLlegará en unos segundos. Si no le llega',
    );
    expect(groupText).toContain('Sin WhatsApp registrado:\n• FLORES CCAHUANA LUCÍA (documento 70123456)');
    expect(groupText).toContain('*chofer 70123456 9XXXXXXXX*');
  });

  it('sends nothing when no driver is registered, and says so', async () => {
    registerOnly();
    const { direct, groupText } = await run('guia 20123456786 09 T001 42 enviar');
    expect(direct).toHaveLength(0);
    expect(groupText).toContain('HUAMAN TORRES CARLOS ALBERTO (documento 41234567)');
    expect(groupText).toContain('FLORES CCAHUANA LUCÍA (documento 70123456)');
    expect(groupText).not.toContain('enviando');
  });

  it('never sends a cancelled guide to a driver', async () => {
    const { direct, groupText } = await run('guia T001-43 enviar');
    expect(direct).toHaveLength(0);
    expect(groupText).toContain('La guía T001-43 está *ANULADA* (baja del 18/11/2026 16:42)');
    expect(groupText).toContain('Motivo de la baja: ERROR EN LOS DATOS DEL DESTINATARIO');
  });

  it('explains that a guide without drivers has nobody to send to', async () => {
    const { direct, groupText } = await run('guia T001-45 enviar');
    expect(direct).toHaveLength(0);
    expect(groupText).toContain('no tiene choferes registrados');
  });

  it('is open to non-admin dispatch staff', async () => {
    const { direct, groupText } = await run('guia T001-42 enviar', { admin: false });
    expect(direct).toHaveLength(2);
    expect(groupText).not.toContain('solo para administradores');
  });

  it('validates the reference before sending anything', async () => {
    const before = h.sandbox.requestCount();
    const { direct, groupText } = await run('guia T001-4x enviar');
    expect(direct).toHaveLength(0);
    expect(groupText).toContain('no es un número de comprobante válido');
    expect(h.sandbox.requestCount()).toBe(before);
  });
});

describe('guia <ref> enviar limits', () => {
  it('three enviar in a row send each registered driver one PDF; the group is told why', async () => {
    const first = await run('guia T001-42 enviar');
    const second = await run('guia T001-42 enviar');
    const third = await run('guia T001-42 enviar', { admin: false });
    expect(first.direct.map((d) => d.chatId).sort()).toEqual(
      [`${HUAMAN.phone}@s.whatsapp.net`, `${FLORES.phone}@s.whatsapp.net`].sort(),
    );
    expect(second.direct).toEqual([]);
    expect(third.direct).toEqual([]);
    expect(second.groupText).toContain('ya recibió esta guía hace poco');
    expect(second.groupText).toContain('guia T001-42 reenviar');
    expect(third.groupText).toContain('Solo un administrador de Chasqui puede forzar el reenvío');
  });

  it('lets an owner force a resend with reenviar, but not a member', async () => {
    await run('guia T001-42 enviar');
    expect((await run('guia T001-42 reenviar', { admin: false })).direct).toEqual([]);
    expect((await run('guia T001-42 reenviar')).direct).toHaveLength(2);
  });

  it('caps the documents a driver receives per day, whatever the guide', async () => {
    h.config.guides = { resendCooldownMinutes: 30, maxDocumentsPerDriverPerDay: 2 };
    try {
      await run('guia T001-42 enviar');
      await run('guia T001-42 reenviar');
      const capped = await run('guia T001-42 reenviar');
      expect(capped.direct).toEqual([]);
      expect(capped.groupText).toContain('ya recibió hoy el máximo de documentos por día');
    } finally {
      h.config.guides = { resendCooldownMinutes: 30, maxDocumentsPerDriverPerDay: 20 };
    }
  });
});

describe('guia enviar when delivery or rendering fails', () => {
  const known: DriversPort = {
    get: (documentNumber): Driver | undefined =>
      documentNumber === HUAMAN.dni ? { documentNumber, phone: HUAMAN.phone, source: 'chat' } : undefined,
    set: () => {},
    setLid: () => {},
    remove: () => false,
    list: () => [],
  };
  const lookup = { guide: async () => structuredClone(guides['20123456786-09-T001-42']!) };
  /** The drivers above and a PDF renderer that throws. */
  const failingPdf = () =>
    createServiceRegistry([
      provide(DRIVERS, known),
      provide(GUIDE_PDF, {
        render: async () => {
          throw new Error('font missing');
        },
      }),
    ]);
  const settings = {
    maxListItems: 10,
    maxZipBytes: 1_000_000,
    taxPortal: { ruc: '20123456786', user: 'U', password: 'P' },
  };

  it('reports a driver whose chat could not be reached instead of claiming success', async () => {
    const templates = createTemplates();
    const replies: string[] = [];
    const services = {
      settings,
      registry: createServiceRegistry([
        provide(DRIVERS, known),
        provide(GUIDE_PDF, { render: async () => new Uint8Array([37, 80, 68, 70]) }),
      ]),
    } as unknown as BotServices;
    const args = {
      ref: { ruc: '20123456786', type: '09', series: 'T001', number: '42' },
      send: true,
      force: false,
    };
    const ctx = {
      args,
      services,
      sender: { ids: [], isAdmin: true, role: 'owner' },
      lookup: lookup as unknown as LookupApi,
      log: silentLogger(),
      render: (name: string, data?: Record<string, unknown>) => templates.render(name, data),
      reply: async (name: string, data?: Record<string, unknown>) => {
        replies.push(templates.render(name, data));
      },
      send: async () => {
        throw new Error('socket closed');
      },
      message: { id: 'm1', chatId: GROUP_ID, isGroup: true },
      composing: (work: () => Promise<unknown>) => work(),
    } as unknown as CommandContext<typeof args>;
    await guia.run(ctx);
    expect(replies.at(-1)).toContain('No se pudo enviar a:\n❌ HUAMAN TORRES CARLOS ALBERTO (+51 9•••••111)');
    expect(replies.at(-1)).not.toContain('enviando');
    expect(replies.at(-1)).not.toContain('📤');
  });

  it('replies that the PDF could not be made, and sends nothing, when rendering throws', async () => {
    const result = await runCommand(guia, 'T001-42 enviar', {
      lookup,
      services: { settings, registry: failingPdf() },
    });
    expect(result.sent).toHaveLength(0);
    expect(result.replies.map((r) => r.template)).toEqual(['guia-pdf-error']);
    expect(result.replies[0]?.text).toContain('No pude generar el PDF de la guía T001-42');
  });

  it('still gives the summary when only the PDF fails (guia without enviar)', async () => {
    const result = await runCommand(guia, 'T001-42', {
      lookup,
      services: { settings, registry: failingPdf() },
    });
    expect(result.replies.map((r) => r.template)).toEqual(['guia', 'guia-pdf-error']);
    expect(result.sent).toHaveLength(0);
  });
});
