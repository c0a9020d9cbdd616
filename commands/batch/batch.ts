import { type BatchCost, type BatchPlan, costOf, planBatch, tokensOf } from './entries.js';
import { documentTokens } from './document.js';
import { reasonText } from './labels.js';
import { BATCH, type BatchPort, type PendingBatch } from './port.js';
import { runBatch, summarizeBatch } from './run.js';
import { batchSources, type BatchSources } from './sources.js';
import { buildWorkbook, XLSX_MIMETYPE } from './workbook.js';
import type { CommandContext } from '../../src/bot/command.js';
import { BUDGET } from '../../src/bot/ports.js';
import { UserError } from '../../src/errors/user-error.js';
import { limaDate } from '../../src/time/lima.js';

/** Batches this long get a "verificando…" message first (one at the start, one at the end). */
const PROGRESS_FROM = 10;

export function batchPort(ctx: CommandContext<unknown>): BatchPort {
  const port = ctx.services.registry.get(BATCH);
  if (!port) throw new UserError('lote-no-disponible');
  return port;
}

/** The candidate numbers of a `lote` message: the pasted text plus the attached file, if any. */
async function batchTokens(ctx: CommandContext<unknown>, port: BatchPort): Promise<string[]> {
  const tokens = tokensOf(ctx.rawArgs);
  const document = ctx.message.document;
  if (!document) return tokens;
  return [...tokens, ...(await documentTokens(document, port.settings, ctx.log))];
}

function counts(plan: BatchPlan) {
  return {
    validos: plan.items.length,
    rucs: plan.items.filter((item) => item.kind === 'ruc').length,
    dnis: plan.items.filter((item) => item.kind === 'dni').length,
    invalidos: plan.invalid.length,
    repetidos: plan.duplicates,
  };
}

/**
 * Refuses (with a reply) a batch whose upper-bound cost exceeds what the budget has left today or
 * this month; true when it may go on. No budget configured = no cap.
 */
export async function withinBudget(ctx: CommandContext<unknown>, cost: number): Promise<boolean> {
  const status = ctx.services.registry.get(BUDGET)?.status(ctx.message.chatId);
  if (!status) return true;
  const limits = [
    { periodo: 'dia', restante: status.remainingToday },
    { periodo: 'mes', restante: status.remainingThisMonth },
  ].filter((limit): limit is { periodo: string; restante: number } => limit.restante !== null);
  const tightest = limits.sort((a, b) => a.restante - b.restante)[0];
  if (!tightest || cost <= tightest.restante) return true;
  await ctx.reply('lote-presupuesto', {
    costo: cost,
    restante: Math.max(0, tightest.restante),
    periodo: tightest.periodo,
  });
  return false;
}

/** What the cost messages say: the most it may spend, part by part, and what the mirror gives free. */
function costWords(cost: BatchCost, sources: BatchSources) {
  return {
    costo: cost.total,
    costo_ruc: cost.ruc,
    costo_deuda: cost.debt,
    costo_dni: cost.dni,
    gratis: cost.free,
    edicion: sources.edition?.edition,
    agentes: sources.agentFlags,
    deuda: sources.debt,
  };
}

/** The batch's upper-bound cost with the sources as they are now (the mirror may change before "sí"). */
export function pendingCost(ctx: CommandContext<unknown>, port: BatchPort, batch: PendingBatch): number {
  return costOf(batch.plan, batch.personalData, batchSources(ctx, port.settings)).total;
}

/** Validates a `lote`, then asks for confirmation, refuses it, or runs it. */
export async function startBatch(ctx: CommandContext<unknown>, senderKey: string): Promise<void> {
  const port = batchPort(ctx);
  const tokens = await batchTokens(ctx, port);
  if (tokens.length === 0) throw new UserError('lote-vacio');
  const plan = planBatch(tokens);
  const max = port.settings.maxEntries;
  if (plan.items.length > max)
    throw new UserError('lote-demasiados', { cantidad: plan.items.length, maximo: max });
  if (plan.items.length === 0) {
    const muestra = plan.invalid
      .slice(0, 5)
      .map((entry) => ({ entrada: entry.input, motivo: reasonText(entry.reason) }));
    await ctx.reply('lote-sin-validos', { invalidos: plan.invalid.length, muestra });
    return;
  }
  const personalData = ctx.personalData ?? false;
  const sources = batchSources(ctx, port.settings);
  const cost = costOf(plan, personalData, sources);
  if (!(await withinBudget(ctx, cost.total))) return;
  const batch: PendingBatch = { plan, personalData };
  if (ctx.message.document) batch.fileName = ctx.message.document.fileName;
  if (cost.total > port.settings.confirmAbove) {
    port.hold(ctx.message.chatId, senderKey, batch, ctx.now());
    await ctx.reply('lote-confirmar', {
      ...counts(plan),
      ...costWords(cost, sources),
      minutos: port.settings.confirmMinutes,
    });
    return;
  }
  await executeBatch(ctx, port, batch);
}

/** Runs a validated batch: progress message, lookups, workbook with the summary as its caption. */
export async function executeBatch(
  ctx: CommandContext<unknown>,
  port: BatchPort,
  batch: PendingBatch,
): Promise<void> {
  const { plan } = batch;
  if (plan.items.length >= PROGRESS_FROM) await ctx.reply('lote-inicio', counts(plan));
  const settings = port.settings;
  const sources = batchSources(ctx, settings);
  const rows = await runBatch(plan.items, {
    lookup: ctx.lookup,
    personalData: batch.personalData,
    concurrency: settings.concurrency,
    retries: settings.retries,
    retryDelayMs: settings.retryDelayMs,
    sources,
  });
  const edition = sources.edition?.edition;
  const bytes = await buildWorkbook({
    rows,
    invalid: plan.invalid,
    duplicates: plan.duplicates,
    ...(edition ? { edition } : {}),
  });
  const s = summarizeBatch(rows);
  const caption = ctx.render('lote-resultado', {
    rucs: s.rucs,
    dnis: s.dnis,
    activos_habidos: s.activeAndFound,
    no_habidos: s.notFoundCondition,
    no_activos: s.notActive,
    con_deuda: s.withDebt,
    no_encontrados: s.notFound,
    fallidos: s.failed,
    presupuesto: s.budget,
    ocultos: s.hidden,
    invalidos: plan.invalid.length,
    repetidos: plan.duplicates,
    del_padron: s.fromRegister,
    edicion: edition,
    sin_deuda: s.rucs > 0 && !sources.debt,
  });
  ctx.log.info({ numbers: plan.items.length, ...s }, 'batch checked');
  await ctx.replyDocument({
    bytes,
    fileName: `lote-${limaDate(ctx.now())}.xlsx`,
    mimetype: XLSX_MIMETYPE,
    caption,
  });
}
