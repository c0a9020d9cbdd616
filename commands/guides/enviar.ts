import type { CommandContext } from '../../src/bot/command.js';
import { maskPhone, personalNumber } from '../../src/bot/guards.js';
import { DRIVER_CONTACTS, DRIVERS, type DocumentRef, type DriverContactsPort } from '../../src/bot/ports.js';
import type { Guide } from '../../src/lookup/schemas/guide.js';
import { directChat } from '../../src/transports/ids.js';
import type { DispatchItem } from './dispatches.js';
import { guidePdfName, renderGuidePdf } from './guide-pdf.js';
import type { GuideView } from './pdf/guide-view.js';
import { DISPATCH, GUIDE_SENDS } from './port.js';

/**
 * `guia <ref> enviar`: the PDF to each registered driver in a direct chat, then a report in the group
 * that says the guide is on its way (queued), not that it arrived; a transport that throws is reported.
 */
export async function sendToDrivers(
  ctx: CommandContext<{ ref: DocumentRef; force: boolean }>,
  guide: Guide,
  view: GuideView,
): Promise<void> {
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
  // The drivers feature's registry (`chofer`, the config file); none when it is not wired.
  const registered = ctx.services.registry.get(DRIVERS);
  const contacts = ctx.services.registry.get(DRIVER_CONTACTS);
  const known = drivers.flatMap((d) => {
    const entry = registered?.get(d.documentNumber ?? '');
    return entry ? [{ driver: d, phone: entry.phone, contact: contacts?.get(entry.documentNumber) }] : [];
  });
  // Outside personal-data chats the group sees each document's last digits only.
  const personalData = ctx.personalData === true;
  const shownDocument = (d: GuideView['drivers'][number]) => personalNumber(d.documentNumber, personalData);
  const unknown = drivers
    .filter((d) => !known.some((k) => k.driver === d))
    .map((d) => ({ nombre: d.name, documento: shownDocument(d) }));
  // `sent` means handed to the transport: WhatsApp queues in a durable outbox and resolves before
  // delivery, so the report says "enviando"; with delivery tracking one follow-up says what arrived.
  const sent: {
    nombre?: string | undefined;
    telefono: string;
    documento?: string | undefined;
    nunca_escribio: boolean;
  }[] = [];
  const failed: { nombre?: string | undefined; telefono: string }[] = [];
  const tracked: DispatchItem[] = [];
  /** LIDs WhatsApp paired with a driver's number when the guide went out, kept for the driver. */
  const foundLids: { documentNumber: string; lid: string }[] = [];
  const delivery = ctx.services.registry.get(DISPATCH);
  // Anti-abuse: the same guide to the same driver once per cooldown (owners may force), and a
  // daily cap per driver; the group is told who was skipped and why.
  const skipped: { nombre?: string | undefined; telefono: string; motivo: string }[] = [];
  const guideRef = `${ctx.args.ref.ruc}-${ctx.args.ref.type}-${ctx.args.ref.series}-${ctx.args.ref.number}`;
  const force = ctx.args.force && ctx.sender.role === 'owner';
  // Each send is recorded with its WhatsApp id: one WhatsApp refused does not hold the cooldown
  // (sends.ts).
  const guideSends = ctx.services.registry.get(GUIDE_SENDS);
  const sendable = known.filter(({ driver, phone }) => {
    const reason = guideSends?.check(guideRef, phone, { force });
    if (reason) skipped.push({ nombre: driver.name, telefono: maskPhone(phone), motivo: reason });
    return reason === undefined;
  });
  const bytes =
    sendable.length > 0 ? await ctx.composing(() => renderGuidePdf(ctx, view.shortId, guide)) : undefined;
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
      // askedIn: should WhatsApp hold it (new chats restricted), this group is told (issue 21).
      const message = {
        kind: 'document',
        bytes,
        fileName,
        mimetype: 'application/pdf',
        caption,
        askedIn: ctx.message.chatId,
      } as const;
      try {
        let waId: string | undefined;
        if (delivery) {
          const sentTo = await delivery.sendTracked(chatId, message);
          waId = sentTo.messageId;
          const item = { waId, documentNumber: driver.documentNumber ?? '', phoneMasked: masked };
          tracked.push(driver.name === undefined ? item : { ...item, name: driver.name });
          if (sentTo.chatId !== chatId)
            foundLids.push({ documentNumber: item.documentNumber, lid: sentTo.chatId });
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
  keepLids(ctx, contacts, foundLids);
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
 * A guide for a driver with no known LID goes to the LID WhatsApp pairs with the number, when it
 * knows one (the delivery tracker asks): kept for the driver, so their later LID-only messages are
 * recognised.
 */
function keepLids(
  ctx: Pick<CommandContext<unknown>, 'log'>,
  contacts: Pick<DriverContactsPort, 'learnLid'> | undefined,
  found: readonly { documentNumber: string; lid: string }[],
): void {
  for (const { documentNumber, lid } of found) {
    try {
      if (contacts?.learnLid(documentNumber, lid)) ctx.log.info('driver LID learnt before sending a guide');
    } catch (error) {
      ctx.log.error({ err: error }, 'could not store a driver LID');
    }
  }
}
