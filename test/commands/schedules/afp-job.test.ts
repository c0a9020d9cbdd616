import { describe, expect, it } from 'vitest';
import { LookupNotFoundError, LookupRejectedError } from '../../../src/lookup/errors.js';
import type { PensionRate } from '../../../src/lookup/schemas/index.js';
import { afpJob } from '../../../commands/schedules/jobs/afp.js';
import { previousPeriod } from '../../../src/time/lima.js';
import { fakeLookup } from '../../helpers/fakes.js';
import { realTemplates } from '../../scheduler/helpers.js';

const rate = (periodo: string, afp: string): PensionRate => ({
  periodo,
  afp,
  comision_fija: 0,
  comision_flujo: 1.47,
  comision_mixta_flujo: 0,
  comision_mixta_saldo: 1.25,
  prima_de_seguro: 1.37,
  aporte_obligatorio: 10,
  remunaracion_maxima: 12_234.56,
});

function lookupWith(
  published: Record<string, PensionRate[]>,
  missing: 'not-found' | 'rejected' = 'not-found',
) {
  const calls: string[] = [];
  const lookup = fakeLookup({
    async pensionRates(periodo) {
      calls.push(periodo);
      const rates = published[periodo];
      if (rates) return rates;
      if (missing === 'rejected') throw new LookupRejectedError('pensionRates', 'Bad Request', 400);
      throw new LookupNotFoundError('pensionRates', 'No se encontraron resultados');
    },
  });
  return { lookup, calls };
}

describe('afp job', () => {
  it('posts the month of the run', async () => {
    const { lookup } = lookupWith({ '2026-12': [rate('2026-12', 'HABITAT'), rate('2026-12', 'PRIMA')] });
    const result = await afpJob.run({
      chatId: 'g',
      date: '2026-12-01',
      lookup,
      templates: realTemplates(),
      finalAttempt: false,
    });
    expect(result.kind).toBe('post');
    const text = result.kind === 'post' && result.message.kind === 'text' ? result.message.text : '';
    expect(text).toContain('*Comisiones AFP* · 12/2026');
    expect(text).toContain('*HABITAT*');
    expect(text).toContain('1.47%');
    expect(text).not.toContain('Aún no se publica');
  });

  it('waits while the month is not published, then posts the previous month saying so', async () => {
    for (const missing of ['not-found', 'rejected'] as const) {
      const { lookup, calls } = lookupWith({ '2026-11': [rate('2026-11', 'INTEGRA')] }, missing);
      const input = { chatId: 'g', date: '2026-12-01', lookup, templates: realTemplates() };
      expect(await afpJob.run({ ...input, finalAttempt: false })).toMatchObject({ kind: 'not-ready' });
      const last = await afpJob.run({ ...input, finalAttempt: true });
      const text = last.kind === 'post' && last.message.kind === 'text' ? last.message.text : '';
      expect(text).toContain('*Comisiones AFP* · 11/2026');
      expect(text).toContain('Aún no se publica 12/2026');
      expect(calls).toEqual(['2026-12', '2026-12', '2026-11']);
    }
  });

  it('fails (for the admins) when neither month is published', async () => {
    const { lookup } = lookupWith({});
    await expect(
      afpJob.run({ chatId: 'g', date: '2026-12-01', lookup, templates: realTemplates(), finalAttempt: true }),
    ).rejects.toThrow(/not published/);
  });

  it('knows the month before January', () => {
    expect(previousPeriod('2027-01')).toBe('2026-12');
    expect(previousPeriod('2026-10')).toBe('2026-09');
  });
});
