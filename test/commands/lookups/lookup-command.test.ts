import { describe, expect, it } from 'vitest';
import { ce } from '../../../commands/lookups/ce.js';
import { deuda } from '../../../commands/lookups/deuda.js';
import { locales } from '../../../commands/lookups/locales.js';
import { ruc } from '../../../commands/lookups/ruc.js';
import { LookupRejectedError } from '../../../src/lookup/errors.js';
import { establishments } from '../../../src/sandbox/fixtures/index.js';
import { runCommand } from '../fake-context.js';

/** What the lookup command factory decides for every command it builds (lookup-command.ts). */
describe('lookupCommand', () => {
  const rejected = (operation: 'ruc' | 'coerciveDebt' | 'ce') =>
    Promise.reject(new LookupRejectedError(operation, 'Bad Request', 400));

  it('asks its one operation once, with the value its slot read', async () => {
    const list = establishments['20123456786'] ?? [];
    const run = await runCommand(locales, 'RUC 20123456786', {
      lookup: { establishments: async () => list },
    });
    expect(run.calls).toEqual([['establishments', '20123456786']]);
    expect(run.replies.map((reply) => reply.template)).toEqual(['locales']);
  });

  it('tells a rejection as "not found" only where the operation declares it', async () => {
    await expect(
      runCommand(ruc, '20123456786', { lookup: { ruc: () => rejected('ruc') } }),
    ).rejects.toBeInstanceOf(LookupRejectedError);
    const debt = await runCommand(deuda, '20123456786', {
      lookup: { coerciveDebt: () => rejected('coerciveDebt') },
    });
    expect(debt.error?.template).toBe('errors/ruc-not-found');
    expect(debt.error?.data).toEqual({ ruc: '20123456786' });
    const card = await runCommand(ce, '001234567', { lookup: { ce: () => rejected('ce') } });
    expect(card.error?.template).toBe('errors/foreign-doc-not-found');
    expect(card.error?.data).toEqual({ tipo: 'CE', numero: '001234567' });
  });

  it('cuts a list reply at settings.maxListItems, and only a list reply', async () => {
    const list = establishments['20123456786'] ?? [];
    expect(list.length).toBeGreaterThan(1);
    const run = await runCommand(locales, '20123456786', {
      lookup: { establishments: async () => list },
      maxListItems: 1,
    });
    expect(run.replies[0]?.data).toMatchObject({ ruc: '20123456786', locales: list, maximo_lista: 1 });
    expect(run.replies[0]?.text).toContain(`… y ${list.length - 1} más`);
    const taxpayer = await runCommand(ruc, '20123456786', {
      lookup: { ruc: async () => ({ ruc: '20123456786' }) as never },
    });
    expect(taxpayer.replies[0]?.data).toEqual({ ruc: '20123456786' });
  });
});
