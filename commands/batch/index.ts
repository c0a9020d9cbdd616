import type { Feature } from '../../src/bot/feature.js';
import { provide } from '../../src/bot/registry.js';
import { lote } from './lote.js';
import { batchMigrations } from './migrations.js';
import { createBatchPort } from './pending.js';
import { BATCH } from './port.js';
import { si } from './si.js';

/**
 * `lote` (a pasted list or a CSV/XLSX file of RUCs and DNIs, checked into a workbook) and `sí`,
 * which confirms a large one; pending confirmations survive a restart.
 */
export const batch: Feature = {
  name: 'batch',
  commands: [lote, si],
  migrations: batchMigrations,
  services: (deps) => ({
    provides: [
      provide(
        BATCH,
        createBatchPort(deps.db, () => deps.config.batch),
      ),
    ],
  }),
};
