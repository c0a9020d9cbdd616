import type { CommandContext } from '../../src/bot/command.js';
import { FREE_SOURCES } from '../../src/bot/ports.js';
import type { BatchConfig } from '../../src/config/types.js';
import type { PadronEdition, PadronTaxpayer } from '../../src/padron/port.js';
import type { CostRules } from './entries.js';

/**
 * Where a batch's answers come from: the padrón mirror (free: estado, condición, name, address)
 * for the RUCs it lists when its edition is recent enough (`padron.maxAgeDays`) and `batch.padron`
 * is on; the paid API for the rest and for what the mirror lacks (coercive debt with
 * `batch.debt`, agent flags with `batch.agentFlags`).
 */
export interface BatchSources extends CostRules {
  /** The edition read, or undefined when the mirror is off, absent or stale (everything paid). */
  edition?: PadronEdition;
  /** The mirror's row of a RUC, when it is used and lists it. */
  register(ruc: string): PadronTaxpayer | undefined;
  /** Counts one `ruc` lookup the mirror answered instead of the paid API (usage log, `uso`). */
  saved(): void;
  agentFlags: boolean;
  debt: boolean;
}

export function batchSources(ctx: CommandContext<unknown>, settings: BatchConfig): BatchSources {
  const free = ctx.services.registry.get(FREE_SOURCES);
  const edition = settings.padron ? free?.freshEdition() : undefined;
  const register = (ruc: string) => (edition ? free?.padron.lookupRuc(ruc) : undefined);
  return {
    ...(edition ? { edition } : {}),
    register,
    inRegister: (ruc) => register(ruc) !== undefined,
    saved: () => free?.saved(ctx.message.chatId, 'ruc'),
    agentFlags: settings.agentFlags,
    debt: settings.debt,
  };
}
