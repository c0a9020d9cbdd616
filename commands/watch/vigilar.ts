import { watchPort } from './watch-args.js';
import { type CommandContext, defineCommand } from '../../src/bot/command.js';
import { BUDGET, FREE_SOURCES } from '../../src/bot/ports.js';
import { UserError } from '../../src/errors/user-error.js';
import { limaDate } from '../../src/time/lima.js';
import { monthlyWatchCost } from './cost.js';
import { WATCH_ACCOUNT } from '../../src/store/usage.js';
import { observe, watchSources, type WatchSources } from './observe.js';
import type { WatchPort } from './port.js';

/** The watch list's sources for a command: the mirror as the daily check reads it, this chat's lookups. */
export function commandSources(ctx: CommandContext<unknown>, port: WatchPort): WatchSources {
  const free = ctx.services.registry.get(FREE_SOURCES);
  return watchSources(free, () => port.settings, ctx.lookup, ctx.message.chatId, ctx.log);
}

/** How many of these RUCs the mirror lists (the cost estimate's free part). */
export function inRegister(sources: WatchSources, rucs: readonly string[]): number {
  return rucs.filter((ruc) => sources.register(ruc) !== undefined).length;
}

/**
 * The first snapshot: the shared one when another group watches it, else one observation now
 * (estado and condición from the mirror when it lists the RUC; flags and debt paid).
 */
async function firstSnapshot(ctx: CommandContext<unknown>, port: WatchPort, ruc: string): Promise<void> {
  if (port.snapshot(ruc)) return;
  const date = limaDate(ctx.now());
  const seen = await observe(ruc, {
    date,
    debtDue: true,
    flagsCheck: port.settings.flagsCheck,
    sources: commandSources(ctx, port),
    strictDebt: true,
  });
  port.observe(ruc, seen.state, date, seen.debtChecked, ctx.now());
}

/**
 * `vigilar <ruc> [nota]`: adds a RUC to the group's watch list (first snapshot at once), within
 * `watch.maxPerGroup` and the monthly budget; on a RUC already watched, shows its history.
 * Owners and the group's admins only: every watched RUC spends credits every day.
 */
export const vigilar = defineCommand<{ ruc: string; note?: string }>({
  name: 'vigilar',
  triggers: [
    { parts: ['v:watch'] },
    { parts: ['v:notify!them'] },
    { parts: ['v:register'], needs: 'k:list-word' },
  ],
  slots: {
    ruc: { grammar: 'ruc', missing: 'ruc-missing' },
    note: { grammar: 'watch-note', optional: true, after: true },
  },
  ignores: ['c:ruc', 'k:condition', 'k:list-word', 'k:day-set'],
  build: (slots) => {
    const note = slots['note'] as string | undefined;
    return note ? { ruc: slots['ruc'] as string, note } : { ruc: slots['ruc'] as string };
  },
  summary: 'Vigila un RUC: aviso en el grupo cuando cambie su estado, condición o deuda coactiva',
  usage: 'vigilar <RUC> [nota]',
  examples: ['vigilar 20601234565 proveedor de cemento', 'vigila el ruc 20123456786'],
  access: 'groupAdmin',
  argShape: 'required',
  async run(ctx) {
    if (!ctx.message.isGroup) throw new UserError('only-groups');
    const port = watchPort(ctx);
    const { ruc, note } = ctx.args;
    const chatId = ctx.message.chatId;
    const existing = port.get(chatId, ruc);
    if (existing) {
      await ctx.reply('vigilar-historial', { ...existing, historial: port.history(ruc).reverse() });
      return;
    }
    const settings = port.settings;
    const count = port.list(chatId).length;
    if (count >= settings.maxPerGroup)
      throw new UserError('vigilar-limite', { maximo: settings.maxPerGroup, ruc });
    // The budget covers the shared check (every group's RUCs); the reply shows only this group's.
    const sources = commandSources(ctx, port);
    const watched = port.rucs().map((item) => item.ruc);
    if (!watched.includes(ruc)) watched.push(ruc);
    const distinct = watched.length;
    const distinctFree = inRegister(sources, watched);
    const monthlyCap = ctx.services.registry.get(BUDGET)?.status(WATCH_ACCOUNT).monthlyCap ?? null;
    const sharedCost = monthlyWatchCost(distinct, settings.debtCheck, distinctFree, settings.flagsCheck);
    if (monthlyCap !== null && sharedCost > monthlyCap) {
      await ctx.reply('vigilar-presupuesto', { ruc, presupuesto: monthlyCap });
      return;
    }
    await firstSnapshot(ctx, port, ruc);
    port.add({ chatId, ruc, ...(note ? { note } : {}), by: ctx.sender.ids[0] ?? chatId, now: ctx.now() });
    const added = port.get(chatId, ruc);
    const free = inRegister(
      sources,
      port.list(chatId).map((item) => item.ruc),
    );
    await ctx.reply('vigilar-agregado', {
      ...added,
      costo: monthlyWatchCost(count + 1, settings.debtCheck, free, settings.flagsCheck),
      presupuesto: monthlyCap,
      deuda: settings.debtCheck,
      agentes: settings.flagsCheck,
      del_padron: free,
      vigilados: count + 1,
      maximo: settings.maxPerGroup,
      hora: settings.time,
    });
  },
});
