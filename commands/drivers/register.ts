import type { CommandContext } from '../../src/bot/command.js';
import { maskPhone } from '../../src/bot/guards.js';
import type { Driver } from '../../src/bot/ports.js';
import { idUser } from '../../src/transports/ids.js';
import { driversOf, NUMBER_CHECK } from './port.js';

/**
 * What `chofer` saves: a driver's number (typed, or the number WhatsApp pairs with a mention), or
 * the LID of a driver mentioned with no number known (issue 21). Both tell the owners when an
 * existing driver's WhatsApp changes: a redirected driver would receive the company's guides.
 */

type Ctx = CommandContext<unknown>;

/** `chofer <dni> <número>`, or a mention WhatsApp pairs with a number (`lid` then kept for it). */
export async function registerPhone(ctx: Ctx, document: string, phone: string, lid?: string): Promise<void> {
  const { drivers, contacts } = driversOf(ctx);
  const previous = drivers.get(document);
  // Asked before saving: a number WhatsApp says has no account would never get a guide.
  const check = (await ctx.services.registry.get(NUMBER_CHECK)?.(phone)) ?? { status: 'unknown' as const };
  if (check.status === 'missing') {
    await ctx.reply('chofer-sin-whatsapp', { documento: document, telefono: `+${phone}` });
    return;
  }
  drivers.set(document, phone, ctx.sender.ids[0] ?? 'chat');
  const changed = previous?.phone !== phone;
  const knownLid = (check.status === 'exists' ? check.lid : undefined) ?? lid;
  contacts?.recordCheck(
    document,
    {
      ...(check.status === 'exists' ? { hasWhatsApp: true } : {}),
      ...(knownLid ? { lid: knownLid } : {}),
    },
    changed,
  );
  if (previous && changed) await noticeChange(ctx, document, previous, { phone });
  await ctx.reply('chofer-guardado', {
    documento: document,
    telefono: `+${phone}`,
    anterior: previous && changed ? shown(previous) : undefined,
    whatsapp: check.status,
    escribio: !changed && contacts?.get(document)?.reachedAt !== undefined,
  });
}

/** `chofer <dni> @Fulano` for someone WhatsApp shows only by LID: guides go to the LID's chat. */
export async function registerLid(ctx: Ctx, document: string, lid: string): Promise<void> {
  const { drivers, contacts } = driversOf(ctx);
  const previous = drivers.get(document);
  drivers.setLid(document, lid, ctx.sender.ids[0] ?? 'chat');
  const changed = previous?.lid !== lid || previous.phone !== undefined;
  // A mentioned member has WhatsApp; a new contact forgets the old one's opt-in.
  contacts?.recordCheck(document, { hasWhatsApp: true, lid }, changed);
  if (previous && changed) await noticeChange(ctx, document, previous, {});
  await replyMentioning(ctx, 'chofer-guardado', lid, {
    documento: document,
    telefono: '',
    mencion: idUser(lid),
    anterior: previous && changed ? shown(previous) : undefined,
    escribio: !changed && contacts?.get(document)?.reachedAt !== undefined,
  });
}

/** Replies quoting the command and mentioning `lid`, so WhatsApp shows the driver's name. */
export async function replyMentioning(
  ctx: Ctx,
  template: string,
  lid: string,
  data: Record<string, unknown>,
): Promise<void> {
  await ctx.send(ctx.message.chatId, {
    kind: 'text',
    text: ctx.render(template, data),
    quotedId: ctx.message.id,
    mentions: [lid],
  });
}

/** A driver's number with `+`, or '' for a LID-only driver (partials/contacto words it). */
export function shown(driver: Pick<Driver, 'phone'>): string {
  return driver.phone === undefined ? '' : `+${driver.phone}`;
}

async function noticeChange(
  ctx: Ctx,
  document: string,
  previous: Driver,
  next: Pick<Driver, 'phone'>,
): Promise<void> {
  await ctx.services.owners?.notify('chofer-cambio-aviso', {
    documento: document,
    anterior: previous.phone === undefined ? '' : maskPhone(previous.phone),
    nuevo: next.phone === undefined ? '' : maskPhone(next.phone),
    grupo: ctx.message.isGroup ? (ctx.message.chatName ?? ctx.message.chatId) : undefined,
    por: ctx.sender.displayName,
  });
}
