import { type CommandContext, defineCommand } from '../src/bot/command.js';
import type { DocumentRef } from '../src/bot/ports.js';
import type { Guide } from '../src/lookup/schemas/guide.js';
import type { GuideClauses } from '../src/language/grammars/registry.js';
import { personalNumber } from '../src/bot/guards.js';
import { directChat } from '../src/transports/ids.js';
import { buildGuideView, type GuideView } from '../src/render/pdf/guide-view.js';
import { replyGuideXml } from './guiaxml.js';

const examples = ['guia 20123456786-09-T001-42', 'guia T001-42 enviar', 'guia 20123456786 09 T001 42'];

interface GuiaArgs {
  ref: DocumentRef;
  /** `enviar`: send the PDF to the guide's registered drivers instead of the group. */
  send: boolean;
  /** `reenviar`: an owner forces a send within the cooldown (the daily cap still applies). */
  force: boolean;
  /** `guia T001-42 en xml`: the guide's XML (as `guiaxml`) instead of the summary and PDF. */
  format?: 'xml';
}

/** `GRE-<ruc>-<serie>-<número>.pdf`, the file name the group and the drivers receive. */
export function guidePdfName(ref: DocumentRef): string {
  return `GRE-${ref.ruc}-${ref.series}-${ref.number}.pdf`;
}

/** A company's RUC (20…) is public; any other recipient document is a person's. */
const COMPANY_RUC = /\b20\d{9}$/u;

/**
 * Template data of the chat summary (Spanish keys: staff edit templates/guia.liquid). Outside
 * personal-data chats the drivers' and a person recipient's numbers show only their last digits.
 */
function summaryData(view: GuideView, personalData: boolean): Record<string, unknown> {
  const shown = (value: string | undefined) => personalNumber(value, personalData);
  const recipientDoc = view.recipient.document;
  return {
    titulo: view.title,
    serie_numero: view.shortId,
    emisor: view.issuerName,
    ruc: view.ruc,
    anulada: view.cancelled,
    estado: view.stateDescription,
    motivo_baja: view.cancellation?.reason,
    fecha_baja: view.cancellation?.date,
    emision: view.emittedAt,
    inicio_traslado: view.transferStart,
    entrega: view.deliveryAt,
    destinatario: view.recipient.name,
    destinatario_doc: recipientDoc && COMPANY_RUC.test(recipientDoc) ? recipientDoc : shown(recipientDoc),
    motivo: view.shipment.reason,
    modalidad: view.shipment.mode,
    peso: view.shipment.grossWeight,
    bultos: view.shipment.packages,
    partida: view.departure,
    llegada: view.arrival,
    placas: view.vehicles.map((v) => v.plate),
    conductores: view.drivers.map((d) => ({
      nombre: d.name,
      documento: shown(d.document),
      licencia: shown(d.licence),
    })),
    transportista: view.carrier,
    bienes: view.goods.length,
    observaciones: view.observations,
  };
}

/** `+51 9•• ••• 321`: enough for staff to recognise a number without posting it whole in a group. */
export function maskPhone(phone: string): string {
  const country = phone.startsWith('51') && phone.length === 11 ? '+51 ' : '+';
  const local = country === '+51 ' ? phone.slice(2) : phone;
  return `${country}${local.slice(0, 1)}${'•'.repeat(Math.max(local.length - 4, 0))}${local.slice(-3)}`;
}

async function renderPdf(ctx: CommandContext<GuiaArgs>, view: GuideView, guide: Guide) {
  try {
    return await ctx.services.guidePdf.render(guide);
  } catch (error) {
    ctx.log.error({ err: error, guide: view.shortId }, 'guide PDF rendering failed');
    return undefined;
  }
}

/**
 * `guia <ref> enviar`: the PDF to each registered driver in a direct chat, then a report in the group
 * that says the guide is on its way (queued), not that it arrived; a transport that throws is reported.
 */
async function sendToDrivers(ctx: CommandContext<GuiaArgs>, guide: Guide) {
  const view = buildGuideView(guide);
  const base = { serie_numero: view.shortId, ruc: view.ruc };
  if (view.cancelled) {
    await ctx.reply('guia-anulada-no-enviada', {
      ...base,
      motivo_baja: view.cancellation?.reason,
      fecha_baja: view.cancellation?.date,
    });
    return;
  }
  const seen = new Set<string>();
  const drivers = view.drivers.filter((d) => {
    if (d.documentNumber === undefined || seen.has(d.documentNumber)) return false;
    seen.add(d.documentNumber);
    return true;
  });
  if (drivers.length === 0) {
    await ctx.reply('guia-sin-conductores', base);
    return;
  }
  const known = drivers.flatMap((d) => {
    const entry = ctx.services.drivers.get(d.documentNumber ?? '');
    return entry
      ? [{ driver: d, phone: entry.phone, contact: ctx.services.driverContacts?.get(entry.documentNumber) }]
      : [];
  });
  // Outside personal-data chats the group sees each document's last digits only.
  const personalData = ctx.personalData === true;
  const shownDocument = (d: GuideView['drivers'][number]) => personalNumber(d.documentNumber, personalData);
  const unknown = drivers
    .filter((d) => !known.some((k) => k.driver === d))
    .map((d) => ({ nombre: d.name, documento: shownDocument(d) }));
  // `sent` means handed to the transport: WhatsApp queues in a durable outbox and resolves before
  // delivery, so the report says "enviando"; with delivery tracking one follow-up says what arrived.
  const sent: { nombre?: string; telefono: string; documento?: string; nunca_escribio: boolean }[] = [];
  const failed: { nombre?: string; telefono: string }[] = [];
  const tracked: { waId: string; documentNumber: string; name?: string; phoneMasked: string }[] = [];
  const delivery = ctx.services.delivery;
  // Anti-abuse: the same guide to the same driver once per cooldown (owners may force), and a
  // daily cap per driver; the group is told who was skipped and why.
  const skipped: { nombre?: string; telefono: string; motivo: string }[] = [];
  const guideRef = `${ctx.args.ref.ruc}-${ctx.args.ref.type}-${ctx.args.ref.series}-${ctx.args.ref.number}`;
  const force = ctx.args.force && ctx.sender.role === 'owner';
  // Each send is recorded with its WhatsApp id: one WhatsApp refused does not hold the cooldown
  // (store/guide-sends.ts; the port in bot/ports.ts still declares the two-argument `record`).
  const guideSends = ctx.services.guideSends;
  const sendable = known.filter(({ driver, phone }) => {
    const reason = guideSends?.check(guideRef, phone, { force });
    if (reason) skipped.push({ nombre: driver.name, telefono: maskPhone(phone), motivo: reason });
    return reason === undefined;
  });
  const bytes = sendable.length > 0 ? await ctx.composing(() => renderPdf(ctx, view, guide)) : undefined;
  if (sendable.length > 0 && bytes === undefined) {
    await ctx.reply('guia-pdf-error', base);
    return;
  }
  if (bytes !== undefined) {
    const caption = ctx.render('guia-chofer', {
      ...base,
      placa: view.vehicles[0]?.plate,
      partida: view.departure?.district,
      llegada: view.arrival?.district,
      inicio_traslado: view.transferStart,
      destinatario: view.recipient.name,
    });
    const fileName = guidePdfName(ctx.args.ref);
    for (const { driver, phone, contact } of sendable) {
      const masked = maskPhone(phone);
      const row = { nombre: driver.name, telefono: masked, documento: shownDocument(driver) };
      // The LID WhatsApp gave for the number when it is known: v7 addresses 1:1 chats by LID, and
      // a PN-addressed first message is the one most often dropped (Baileys #1768).
      const chatId = contact?.lid ?? directChat(phone);
      const message = { kind: 'document', bytes, fileName, mimetype: 'application/pdf', caption } as const;
      try {
        let waId: string | undefined;
        if (delivery) {
          waId = await delivery.sendTracked(chatId, message);
          const item = { waId, documentNumber: driver.documentNumber ?? '', phoneMasked: masked };
          tracked.push(driver.name === undefined ? item : { ...item, name: driver.name });
        } else {
          await ctx.send(chatId, message);
        }
        guideSends?.record(guideRef, phone, waId);
        sent.push({ ...row, nunca_escribio: contact?.reachedAt === undefined });
      } catch (error) {
        ctx.log.warn({ err: error, guide: view.shortId }, 'sending the guide to a driver failed');
        failed.push(row);
      }
    }
  }
  if (delivery && tracked.length > 0) {
    delivery.track({
      chatId: ctx.message.chatId,
      quotedId: ctx.message.id,
      guide: view.shortId,
      items: tracked,
    });
  }
  await ctx.reply('guia-enviada', {
    ...base,
    enviados: sent,
    fallidos: failed,
    desconocidos: unknown,
    omitidos: skipped,
    datos_personales: personalData,
    puede_forzar: ctx.sender.role === 'owner',
    sin_contacto: sent.filter((e) => e.nunca_escribio),
    seguimiento_minutos: tracked.length > 0 ? delivery?.reportAfterMinutes() : undefined,
  });
}

/**
 * A driver in a direct chat may only see guides where they are a driver (compared by document
 * number against `traslado.conductor[].numDocIdentidad`); owners and group admins are not limited.
 */
function driverMayNotSee(ctx: CommandContext<GuiaArgs>, view: GuideView): boolean {
  const own = ctx.sender.driverDocument;
  if (own === undefined || ctx.sender.isAdmin || ctx.message.isGroup) return false;
  return !view.drivers.some((d) => d.documentNumber?.toUpperCase() === own);
}

/**
 * `guia <ref>` (operation 19): a summary of the delivery guide plus its printable PDF.
 * `guia <ref> enviar`: the PDF goes to the guide's drivers registered with `chofer`; open to everyone
 * in an allowed group (dispatch staff are rarely admins) because it can only reach numbers an admin
 * registered, and a cancelled guide is never sent.
 */
export const guia = defineCommand<GuiaArgs>({
  name: 'guia',
  triggers: [
    { parts: ['c:guide'], keepsWords: true },
    { parts: ['c:guide-carrier'], keepsWords: true },
    { parts: ['v:send', 'c:guide'], keepsWords: true },
    { parts: ['v:send', 'c:driver', 'c:guide'], keepsWords: true },
    { parts: ['v:send', 'c:drivers', 'c:guide'], keepsWords: true },
    { parts: ['k:format=pdf', 'c:guide'], keepsWords: true },
  ],
  slots: {
    ref: { grammar: 'guide-ref', missing: 'ref-missing' },
    clauses: { grammar: 'guide-clauses', optional: true },
  },
  build: (slots) => {
    const clauses = slots['clauses'] as GuideClauses | undefined;
    return {
      ref: slots['ref'] as DocumentRef,
      send: clauses?.send ?? false,
      force: clauses?.force ?? false,
      ...(clauses?.format === 'xml' ? { format: 'xml' as const } : {}),
    };
  },
  summary: 'Guía de remisión: resumen y PDF; con «enviar», el PDF a sus choferes',
  usage: 'guia <ruc>-09-<serie>-<número> [enviar]',
  examples,
  access: 'everyone',
  driversInDirectChat: true,
  argShape: 'required',
  async run(ctx) {
    if (ctx.args.format === 'xml') {
      // A driver in a direct chat gets only their own guides, in any format.
      if (ctx.sender.driverDocument !== undefined) {
        const view = buildGuideView(await ctx.lookup.guide(ctx.args.ref));
        if (driverMayNotSee(ctx, view)) {
          await ctx.reply('guia-no-es-tuya', { serie_numero: view.shortId });
          return;
        }
      }
      await replyGuideXml(ctx, ctx.args.ref);
      return;
    }
    const guide = await ctx.lookup.guide(ctx.args.ref);
    const view = buildGuideView(guide);
    if (driverMayNotSee(ctx, view)) {
      await ctx.reply('guia-no-es-tuya', { serie_numero: view.shortId });
      return;
    }
    if (ctx.args.send && ctx.sender.driverDocument === undefined) {
      await sendToDrivers(ctx, guide);
      return;
    }
    await ctx.reply('guia', summaryData(view, ctx.personalData === true));
    await ctx.composing(async () => {
      const bytes = await renderPdf(ctx, view, guide);
      if (bytes === undefined) {
        await ctx.reply('guia-pdf-error', { serie_numero: view.shortId, ruc: view.ruc });
        return;
      }
      await ctx.replyDocument({ bytes, fileName: guidePdfName(ctx.args.ref), mimetype: 'application/pdf' });
    });
  },
});
