import { describe, expect, it } from 'vitest';
import { afp } from '../../../commands/lookups/afp.js';
import { licencia } from '../../../commands/lookups/licencia.js';
import { trabajadores } from '../../../commands/lookups/trabajadores.js';
import { LookupHttpError, LookupRejectedError } from '../../../src/lookup/errors.js';
import { fixedPensionRates, licences, workers } from '../../../src/sandbox/fixtures/index.js';
import { runCommand } from '../fake-context.js';

/** Command logic that the sandbox cannot provoke, through the fake context. */
describe('afp', () => {
  const october = fixedPensionRates['2026-10'] ?? [];

  it('falls back to the previous month when the current one is not published yet', async () => {
    const run = await runCommand(afp, '', {
      lookup: {
        pensionRates: async (periodo) => {
          if (periodo === '2026-11') throw new LookupRejectedError('pensionRates', 'Bad Request', 400);
          return october;
        },
      },
    });
    expect(run.calls).toEqual([
      ['pensionRates', '2026-11'],
      ['pensionRates', '2026-10'],
    ]);
    expect(run.replies[0]?.text).toContain('*Comisiones AFP* · 10/2026');
    expect(run.replies[0]?.text).toContain('_Aún no se publica 11/2026; se muestra el último periodo._');
  });

  it('also falls back when the current month comes back empty', async () => {
    const run = await runCommand(afp, '', {
      lookup: { pensionRates: async (periodo) => (periodo === '2026-11' ? [] : october) },
    });
    expect(run.replies[0]?.text).toContain('· 10/2026');
  });

  it('does not fall back for a period the user asked for: it says that period has no rates', async () => {
    const rejected = new LookupRejectedError('pensionRates', 'Bad Request', 400);
    const run = await runCommand(afp, '11/2026', {
      lookup: { pensionRates: async () => Promise.reject(rejected) },
    });
    expect(run.error?.template).toBe('errors/afp-not-found');
    expect(run.replies).toHaveLength(0);
  });

  it('lets an outage through to the router instead of guessing', async () => {
    const down = new LookupHttpError('pensionRates', 503);
    await expect(runCommand(afp, '', { lookup: { pensionRates: () => Promise.reject(down) } })).rejects.toBe(
      down,
    );
  });

  it('cuts managers at settings.maxListItems', async () => {
    const run = await runCommand(afp, '10/2026', {
      lookup: { pensionRates: async () => october },
      maxListItems: 2,
    });
    expect(run.replies[0]?.text).toContain('… y 2 más');
    expect(run.replies[0]?.text).not.toContain('*PRIMA*');
  });
});

describe('trabajadores', () => {
  it('shows the latest period first and cuts at settings.maxListItems', async () => {
    const list = workers['20123456786'] ?? [];
    const run = await runCommand(trabajadores, '20123456786', {
      lookup: { workers: async () => list },
      maxListItems: 2,
    });
    const text = run.replies[0]?.text ?? '';
    expect(text.indexOf('*09/2026*')).toBeLessThan(text.indexOf('*08/2026*'));
    expect(text).not.toContain('*07/2026*');
    expect(text).toContain(`… y ${list.length - 2} más`);
  });
});

describe('licencia', () => {
  it('flags a licence that expired before today in Lima', async () => {
    const base = licences['41234567'];
    if (!base) throw new Error('fixture missing');
    const expired = { ...base, licencia: { ...base.licencia, fecha_vencimiento: '21/11/2026' } };
    const run = await runCommand(licencia, '41234567', { lookup: { licence: async () => expired } });
    expect(run.replies[0]?.text).toContain('Vence: 21/11/2026 ⚠️ *vencida*');
    const valid = await runCommand(licencia, '41234567', {
      lookup: {
        licence: async () => ({ ...base, licencia: { ...base.licencia, fecha_vencimiento: '22/11/2026' } }),
      },
    });
    expect(valid.replies[0]?.text).not.toContain('vencida');
  });
});
