import { batch } from '../../commands/batch/index.js';
import { budget } from '../../commands/budget/index.js';
import { drivers } from '../../commands/drivers/index.js';
import { groups } from '../../commands/groups/index.js';
import { guides } from '../../commands/guides/index.js';
import { help } from '../../commands/help/index.js';
import { invoices } from '../../commands/invoices/index.js';
import { lookups } from '../../commands/lookups/index.js';
import { schedules } from '../../commands/schedules/index.js';
import { watch } from '../../commands/watch/index.js';
import type { CommandDefinition } from '../bot/command.js';
import type { Feature } from '../bot/feature.js';
import { coreMigrations, type Migration } from '../store/migrations.js';

/**
 * The explicit, ordered list of features (no folder scanning): `createApp` folds it, `ayuda` lists
 * their commands in this order. Adding a feature = its folder under `commands/` and one line here.
 */
export const FEATURES: readonly Feature[] = [
  help,
  lookups,
  guides,
  invoices,
  drivers,
  groups,
  budget,
  schedules,
  watch,
  batch,
];

/**
 * Every chat command, in list order. Typed `<never>`: each keeps its own argument type, which only
 * the router threads from the reading to `run` (a list of mixed `A` is only assignable to `unknown`).
 */
export const commands = FEATURES.flatMap(
  (feature) => feature.commands,
) as readonly CommandDefinition<never>[];

/** Every post a schedule can run (`programar tc …`), from the features' `jobs`. */
export const jobs = FEATURES.flatMap((feature) => feature.jobs ?? []);

/** The platform's migrations and every feature's parts; the store applies them by version. */
export const migrations: readonly Migration[] = [
  ...coreMigrations,
  ...FEATURES.flatMap((feature) => feature.migrations ?? []),
];
