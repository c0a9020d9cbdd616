import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOfficialRates, OfficialRatesResting } from '../../src/official/rates.js';
import { officialExchangeRate } from '../../src/official/sunat-rate.js';
import { exchangeRateFor } from '../../src/sandbox/fixtures/index.js';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';

/**
 * SUNAT's rate of a day read from BCRP's SBS series (the sandbox's fake, dated by closing day):
 * the same fields and values the paid `exchangeRate` answers, the short memory in front of BCRP,
 * and no answer when BCRP has none. Requests counted in the sandbox's request log.
 */
const MINUTE = 60_000;
let clock = new Date('2026-12-11T15:00:00Z'); // Friday 11 December 2026, 10:00 in Lima
let sandbox: SandboxHandle;
const bcrpRequests = () => sandbox.requests.filter((r) => r.path.includes('/estadisticas/')).length;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, now: () => clock, ratePublishedAt: '09:00' });
});
afterAll(async () => {
  await sandbox.close();
});
afterEach(() => {
  sandbox.resetRequests();
  sandbox.clearFaults();
  clock = new Date('2026-12-11T15:00:00Z');
});

function rates() {
  return createOfficialRates({ origin: sandbox.messagingUrl, now: () => clock.getTime() });
}

describe('SUNAT’s rate from BCRP', () => {
  it.each([
    ['2026-12-07', 'Monday: Friday 4’s close, published Saturday 5'],
    ['2026-12-08', 'a holiday after a business day: Monday 7’s close, published on the holiday'],
    ['2026-12-09', 'a holiday after a holiday: still the 8th’s publication'],
    ['2026-12-10', 'the day after a holiday: no close on the 9th, the 8th’s publication'],
    ['2026-12-11', 'a Friday: Thursday 10’s close, published today at 09:00'],
    ['2026-11-22', 'a Sunday: Saturday 21’s (Friday 20’s close)'],
  ])('%s (%s) equals the paid answer, field by field', async (date) => {
    const official = await officialExchangeRate(rates(), date);
    expect(official?.rate).toEqual(exchangeRateFor(date, clock, 9 * 60));
  });

  it('says which close it is', async () => {
    expect((await officialExchangeRate(rates(), '2026-12-10'))?.close).toBe('2026-12-07');
    expect((await officialExchangeRate(rates(), '2026-12-08'))?.close).toBe('2026-12-07');
  });

  it('has nothing before the close is published (the paid API answers then)', async () => {
    clock = new Date('2026-12-11T13:59:00Z'); // 08:59, before the 09:00 publication
    expect(await officialExchangeRate(rates(), '2026-12-11')).toBeUndefined();
    // A weekday holiday is n.d. in BCRP's series: never read as a close.
    expect(await rates().sbsRates('2026-12-08', '2026-12-08')).toEqual([]);
  });
});

describe('the memory in front of BCRP', () => {
  it('asks once for the same close within 30 minutes, concurrent asks included', async () => {
    const official = rates();
    await Promise.all([
      officialExchangeRate(official, '2026-12-10'),
      officialExchangeRate(official, '2026-12-09'),
    ]);
    await officialExchangeRate(official, '2026-12-10');
    expect(bcrpRequests()).toBe(1);
    clock = new Date(clock.getTime() + 31 * MINUTE);
    await officialExchangeRate(official, '2026-12-10');
    expect(bcrpRequests()).toBe(2);
  });

  it('keeps an answer without the close only 5 minutes, so the publication is seen soon', async () => {
    clock = new Date('2026-12-11T13:58:00Z'); // 08:58
    const official = rates();
    expect(await officialExchangeRate(official, '2026-12-11')).toBeUndefined();
    clock = new Date('2026-12-11T14:01:00Z'); // 09:01: published, but the miss is still kept
    expect(await officialExchangeRate(official, '2026-12-11')).toBeUndefined();
    expect(bcrpRequests()).toBe(1);
    clock = new Date('2026-12-11T14:04:00Z'); // 09:04: the miss has expired
    expect((await officialExchangeRate(official, '2026-12-11'))?.close).toBe('2026-12-10');
    expect(bcrpRequests()).toBe(2);
  });

  it('after a failure, rests a minute without asking, then asks again', async () => {
    const official = rates();
    sandbox.injectFault({ path: '/estadisticas/*', kind: 'status', status: 503 });
    await expect(official.sbsRates('2026-12-10', '2026-12-10')).rejects.toThrow(/503/);
    const resting = await official.sbsRates('2026-12-10', '2026-12-10').catch((error: unknown) => error);
    expect(resting).toBeInstanceOf(OfficialRatesResting);
    // One error per failure, not one (and its stack) per ask.
    expect(await official.sbsRates('2026-12-10', '2026-12-10').catch((error: unknown) => error)).toBe(
      resting,
    );
    expect(bcrpRequests()).toBe(1);
    expect(official.resting?.()).toBe(true);
    clock = new Date(clock.getTime() + MINUTE);
    expect(official.resting?.()).toBe(false);
    expect(await official.sbsRates('2026-12-10', '2026-12-10')).toHaveLength(1);
    expect(bcrpRequests()).toBe(2);
  });
});
