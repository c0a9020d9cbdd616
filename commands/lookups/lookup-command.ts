import { type CommandContext, type CommandDefinition, defineCommand } from '../../src/bot/command.js';
import { listData } from '../../src/bot/list-data.js';
import { rejectedAsNotFound } from '../../src/bot/not-found.js';
import type { ErrorId } from '../../src/errors/user-error.js';
import type { SlotSpec } from '../../src/language/understand/declare.js';
import type { OperationArgs, OperationName, OperationResult } from '../../src/lookup/operations.js';
import { type Answered, freeFirst } from './free-first.js';

/** The operations that answer one value read from the chat (a RUC, a DNI, a plate, a date…). */
export type OneValueOperation = {
  [N in OperationName]: OperationArgs<N> extends [string] ? N : never;
}[OperationName];

/** What `ayuda` shows of the command and how the language layer finds it, as `defineCommand` takes them. */
type Declared = Pick<
  CommandDefinition,
  'name' | 'triggers' | 'ignores' | 'build' | 'summary' | 'usage' | 'examples' | 'personalData' | 'argShape'
>;

/** The arguments of a lookup command: its one value, under the slot's key. */
type LookupArgs<K extends string> = Record<K, string>;

/** The reply's data from the answer, the value asked about and the context. */
type Shape<K extends string, N extends OneValueOperation> = (
  answer: OperationResult<N>,
  value: string,
  ctx: CommandContext<LookupArgs<K>>,
) => Record<string, unknown>;

export interface LookupCommandSpec<K extends string, N extends OneValueOperation> extends Declared {
  /** The key of the one value in `ctx.args` (`ruc`, `dni`, `placa`…). */
  readonly arg: K;
  /** The grammar that fills it, and the error when it is missing. */
  readonly slot: SlotSpec;
  /** The lookup operation that answers it. */
  readonly operation: N;
  /**
   * For this operation the API answers a well-formed value it has no record of with a bare "Bad
   * Request": that rejection is told with this error, its data the value (plus `notFoundData`).
   */
  readonly notFound?: ErrorId;
  readonly notFoundData?: Readonly<Record<string, string>>;
  /** The reply's data; by default the answer's own fields (an answer that is a list needs one). */
  readonly data?: Shape<K, N>;
  /** The reply is a list, cut at settings.maxListItems. */
  readonly list?: boolean;
}

/**
 * The one way the lookup commands get their answer: the free official sources where they can
 * answer (`free-first.ts`: the padrón mirror for `buscar` first and for `ruc`/`domicilio` when the
 * API fails, the official rate for `tc`), else the paid API as the app gives it (cached, coalesced,
 * usage-logged, behind the budget: `ctx.lookup`), its "Bad Request" told as `notFound`.
 */
function answer<N extends OneValueOperation>(
  ctx: CommandContext<unknown>,
  operation: N,
  value: string,
  notFound?: { id: ErrorId; data: Record<string, unknown> },
): Promise<Answered<N>> {
  const paid = () => {
    // Every OneValueOperation's method takes the value first (its type says so); TypeScript cannot
    // see it through the generic `N`.
    const method = ctx.lookup[operation] as unknown as (value: string) => Promise<OperationResult<N>>;
    const asked = method.call(ctx.lookup, value);
    return notFound ? rejectedAsNotFound(asked, notFound.id, notFound.data) : asked;
  };
  return freeFirst(ctx, operation, value, paid);
}

/**
 * A command that reads one value, asks one lookup operation and replies with the template of its
 * own name: the RUC commands (`rucCommand`), the foreign documents (`foreignDocCommand`), dni,
 * licencia, placa, buscar and tc. Everyone may run it (personal data still needs a marked group).
 */
export function lookupCommand<K extends string, N extends OneValueOperation>(
  spec: LookupCommandSpec<K, N>,
): CommandDefinition<LookupArgs<K>> {
  const { arg, slot, operation, notFound, notFoundData, data, list, ...declared } = spec;
  return defineCommand<LookupArgs<K>>({
    ...declared,
    slots: { [arg]: slot },
    access: 'everyone',
    async run(ctx) {
      const value = ctx.args[arg];
      const told = notFound && { id: notFound, data: { ...notFoundData, [arg]: value } };
      const { found, note } = await answer(ctx, operation, value, told);
      const shaped = { ...(data ? data(found, value, ctx) : (found as object)), ...note };
      await ctx.reply(declared.name, list ? listData(ctx, shaped) : shaped);
    },
  });
}
