import { defineCommand } from '../src/bot/command.js';
import type { UsageRow } from '../src/bot/services.js';
import { currentPeriod } from '../src/domain/dates.js';

interface Tally {
  consultas: number;
  ahorradas: number;
}

function tally(rows: readonly UsageRow[], key: (row: UsageRow) => string): Map<string, Tally> {
  const totals = new Map<string, Tally>();
  for (const row of rows) {
    const entry = totals.get(key(row)) ?? { consultas: 0, ahorradas: 0 };
    entry.consultas += row.calls;
    entry.ahorradas += row.saved;
    totals.set(key(row), entry);
  }
  return totals;
}

const byCallsDesc = (a: Tally, b: Tally) => b.consultas - a.consultas;

/** `uso` (admins): this month's lookups per operation and per chat, and how many the cache saved. */
export const uso = defineCommand({
  name: 'uso',
  aliases: ['consumo', 'creditos'],
  summary: 'Consultas del mes por tipo y por grupo, y cuántas ahorró la caché',
  usage: 'uso',
  examples: ['uso'],
  access: 'admin',
  argShape: 'none',
  parse: () => ({}),
  async run(ctx) {
    const now = ctx.now();
    const rows = ctx.services.usage.month(now);
    const names = new Map<string, string>();
    try {
      for (const group of await ctx.services.directory.list()) names.set(group.JID, group.Name);
    } catch (error) {
      ctx.log.warn({ err: error }, 'group names unavailable for uso');
    }
    const operaciones = [...tally(rows, (r) => r.operation)]
      .map(([operacion, t]) => ({ operacion, ...t }))
      .sort(byCallsDesc);
    const chats = [...tally(rows, (r) => r.chatId)]
      .map(([id, t]) => ({
        id,
        nombre: names.get(id),
        directo: !id.endsWith('@g.us'),
        numero: id.split('@')[0],
        ...t,
      }))
      .sort(byCallsDesc);
    const total = rows.reduce((sum, r) => sum + r.calls, 0);
    const ahorradas = rows.reduce((sum, r) => sum + r.saved, 0);
    await ctx.reply('uso', { mes: currentPeriod(now), total, ahorradas, operaciones, grupos: chats });
  },
});
