import { defineCommand } from '../../src/bot/command.js';
import type { CommandContext } from '../../src/bot/command.js';
import { BUDGET, type UsagePort, type UsageRow } from '../../src/bot/ports.js';
import { serviceKey } from '../../src/bot/registry.js';
import { currentPeriod } from '../../src/time/lima.js';
import { OPERATIONS, type OperationName } from '../../src/lookup/operations.js';
import { LookupConfigError } from '../../src/lookup/options.js';
import { WATCH_ACCOUNT } from '../../src/store/usage.js';
import { isGroupChat } from '../../src/transports/ids.js';

/** The usage log's month totals in the registry (the budget feature provides the app's). */
export const USAGE = serviceKey<UsagePort>('usage');

interface Tally {
  /** Answered lookups (ok or not found). */
  consultas: number;
  /** Of those, answered by the cache (no credit spent). */
  ahorradas: number;
  /** Of those, answered by a free official source instead of the paid API (padrón, BCRP). */
  gratis: number;
  /** Failed lookups: no answer, not counted as credits. */
  fallidas: number;
}

function tally(rows: readonly UsageRow[], key: (row: UsageRow) => string): Map<string, Tally> {
  const totals = new Map<string, Tally>();
  for (const row of rows) {
    const entry = totals.get(key(row)) ?? { consultas: 0, ahorradas: 0, gratis: 0, fallidas: 0 };
    entry.consultas += row.calls;
    entry.ahorradas += row.saved;
    entry.gratis += row.free ?? 0;
    entry.fallidas += row.failed ?? 0;
    totals.set(key(row), entry);
  }
  return totals;
}

/** The operation's name in the report, from the operation table (an unknown name as it is). */
function label(operation: string): string {
  return Object.hasOwn(OPERATIONS, operation) ? OPERATIONS[operation as OperationName].label : operation;
}

const byCallsDesc = (a: Tally, b: Tally) => b.consultas - a.consultas || b.fallidas - a.fallidas;

/** Group names by id; without a group source (no MESSAGING_BASE_URL) the ids are shown instead. */
async function groupNames(ctx: CommandContext<unknown>): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  try {
    for (const group of await ctx.services.directory.list()) names.set(group.JID, group.Name);
  } catch (error) {
    if (error instanceof LookupConfigError) ctx.log.debug('no group source; uso shows group ids');
    else ctx.log.warn({ error: (error as Error).message }, 'group names unavailable for uso');
  }
  return names;
}

/**
 * `uso` (admins): this month's lookups per operation and per chat. Credits spent are answered
 * lookups not served by the cache nor by a free official source (the padrón mirror, BCRP's
 * rate: credits saved, shown apart); failed calls are shown apart. Direct chats appear numbered,
 * never by phone number (the usage log only holds a pseudonym of them).
 */
export const uso = defineCommand({
  name: 'uso',
  triggers: [
    { parts: ['c:usage'] },
    { parts: ['v*:spend', 'c:usage'] },
    { parts: ['k:question-word', 'k:usage-unit', 'k:auxiliary?', 'v*:spend'] },
    // `cuántas consultas van`, `cuánto llevamos de consultas`: the count so far.
    { parts: ['k:question-word', 'k:usage-unit', 'k:auxiliary'] },
    { parts: ['k:question-word', 'k:auxiliary', 'k:usage-unit'] },
    { parts: ['k:question-word', 'k:auxiliary?', 'v*:spend'], needs: 'k:usage-unit' },
    { parts: ['k:question-word', 'k:auxiliary?', 'v*:spend'], needs: 'bot' },
  ],
  ignores: [
    'k:bot-name',
    'k:unit-modifier',
    'k:date-unit',
    'k:asking-noun',
    'k:clitic',
    'k:auxiliary',
    'v*:spend',
    'k:usage-unit',
    'k:relative-day',
  ],
  summary: 'Consultas del mes por tipo y por grupo, y cuántas ahorraron la caché y el padrón de SUNAT',
  usage: 'uso',
  examples: ['uso'],
  access: 'owner',
  argShape: 'none',
  async run(ctx) {
    const now = ctx.now();
    const rows = ctx.services.registry.get(USAGE)?.month(now) ?? [];
    const names = rows.some((row) => isGroupChat(row.chatId)) ? await groupNames(ctx) : new Map();
    const operaciones = [...tally(rows, (r) => r.operation)]
      .map(([operacion, t]) => ({ operacion, etiqueta: label(operacion), ...t }))
      .sort(byCallsDesc);
    let directos = 0;
    const chats = [...tally(rows, (r) => r.chatId)]
      .sort(([, a], [, b]) => byCallsDesc(a, b))
      .map(([id, t]) => {
        const vigilados = id === WATCH_ACCOUNT;
        const directo = !isGroupChat(id) && !vigilados;
        if (directo) directos += 1;
        return {
          id: directo ? undefined : id,
          nombre: directo ? undefined : names.get(id),
          directo,
          vigilados,
          numero: directo ? directos : undefined,
          ...t,
        };
      });
    const total = rows.reduce((sum, r) => sum + r.calls, 0);
    const ahorradas = rows.reduce((sum, r) => sum + r.saved, 0);
    const gratis = rows.reduce((sum, r) => sum + (r.free ?? 0), 0);
    const fallidas = rows.reduce((sum, r) => sum + (r.failed ?? 0), 0);
    const budget = ctx.services.registry.get(BUDGET)?.overall?.();
    await ctx.reply('uso', {
      presupuesto: budget && {
        hoy: budget.spentToday,
        mes: budget.spentThisMonth,
        tope_diario: budget.dailyCap,
        tope_mensual: budget.monthlyCap,
      },
      mes: currentPeriod(now),
      total,
      ahorradas,
      gratis,
      creditos: total - ahorradas - gratis,
      fallidas,
      operaciones,
      grupos: chats,
    });
  },
});
