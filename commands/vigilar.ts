import { watchPort } from './lib/watch-args.js';
import { type CommandContext, defineCommand } from '../src/bot/command.js';
import { UserError } from '../src/errors/user-error.js';
import { LookupNotFoundError } from '../src/lookup/errors.js';
import { limaDate } from '../src/time/lima.js';
import { monthlyWatchCost } from '../src/watch/cost.js';
import { WATCH_ACCOUNT, type WatchPort } from '../src/watch/port.js';
import { stateOf } from '../src/watch/state.js';

/** The first snapshot: the shared one when another group watches it, else two lookups now. */
async function firstSnapshot(ctx: CommandContext<unknown>, port: WatchPort, ruc: string): Promise<void> {
  if (port.snapshot(ruc)) return;
  const taxpayer = await ctx.lookup.ruc(ruc);
  const debts = await ctx.lookup.coerciveDebt(ruc).catch((error: unknown) => {
    if (error instanceof LookupNotFoundError) return [];
    throw error;
  });
  port.observe(ruc, stateOf(taxpayer, debts), limaDate(ctx.now()), true, ctx.now());
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
    const distinct = port.distinctCount() + (port.snapshot(ruc) ? 0 : 1);
    const monthlyCap = ctx.services.budget?.status(WATCH_ACCOUNT).monthlyCap ?? null;
    if (monthlyCap !== null && monthlyWatchCost(distinct, settings.debtCheck) > monthlyCap) {
      await ctx.reply('vigilar-presupuesto', { ruc, presupuesto: monthlyCap });
      return;
    }
    await firstSnapshot(ctx, port, ruc);
    port.add({ chatId, ruc, ...(note ? { note } : {}), by: ctx.sender.ids[0] ?? chatId, now: ctx.now() });
    const added = port.get(chatId, ruc);
    await ctx.reply('vigilar-agregado', {
      ...added,
      costo: monthlyWatchCost(count + 1, settings.debtCheck),
      presupuesto: monthlyCap,
      deuda: settings.debtCheck,
      vigilados: count + 1,
      maximo: settings.maxPerGroup,
      hora: settings.time,
    });
  },
});
