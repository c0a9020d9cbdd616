import { type CommandContext, defineCommand } from '../../src/bot/command.js';
import { personalNumber } from '../../src/bot/guards.js';
import type { DocumentRef } from '../../src/bot/ports.js';
import type { GuideClauses } from '../../src/language/index.js';
import { sendToDrivers } from './enviar.js';
import { guidePdfName, renderGuidePdf } from './guide-pdf.js';
import { replyGuideXml } from './guide-xml.js';
import { buildGuideView, type GuideView } from './pdf/guide-view.js';

const examples = ['guia 20123456786-09-T001-42', 'guia T001-42 enviar', 'guia 20123456786 09 T001 42'];

export interface GuiaArgs {
  ref: DocumentRef;
  /** `enviar`: send the PDF to the guide's registered drivers instead of the group. */
  send: boolean;
  /** `reenviar`: an owner forces a send within the cooldown (the daily cap still applies). */
  force: boolean;
  /** `guia T001-42 en xml`: the guide's XML (as `guiaxml`) instead of the summary and PDF. */
  format?: 'xml';
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
      await sendToDrivers(ctx, guide, view);
      return;
    }
    await ctx.reply('guia', summaryData(view, ctx.personalData === true));
    await ctx.composing(async () => {
      const bytes = await renderGuidePdf(ctx, view.shortId, guide);
      if (bytes === undefined) {
        await ctx.reply('guia-pdf-error', { serie_numero: view.shortId, ruc: view.ruc });
        return;
      }
      await ctx.replyDocument({ bytes, fileName: guidePdfName(ctx.args.ref), mimetype: 'application/pdf' });
    });
  },
});
