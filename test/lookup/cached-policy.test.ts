import { describe, expect, it } from 'vitest';
import type { UsageEvent } from '../../src/bot/ports.js';
import { OPERATION_NAMES } from '../../src/config.js';
import type { DocumentRef, LookupApi } from '../../src/lookup/api.js';
import { createStoredLookup } from '../../src/app/stored-lookup.js';
import { openDatabase } from '../../src/app/database.js';
import { createFakeLookup } from './cached-fake.js';

const CHAT = '120363000000000002@g.us';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function setup(start: string, ttlSeconds = {}) {
  const db = openDatabase({ dir: ':memory:' });
  const fake = createFakeLookup();
  const clock = { now: new Date(start) };
  const events: UsageEvent[] = [];
  const cached = createStoredLookup(fake.api, {
    db,
    ttlSeconds,
    usage: { record: (e) => void events.push(e), month: () => [] },
    now: () => clock.now,
  });
  const advance = (ms: number) => {
    clock.now = new Date(clock.now.getTime() + ms);
  };
  return { db, fake, api: cached.forChat(CHAT), advance, events };
}

function rate(fecha: string, fechaTaxauth = fecha) {
  return { moneda: 'USD', fecha_busqueda: fecha, fecha_taxauth: fechaTaxauth, venta: 3.75, compra: 3.74 };
}

describe('cached lookup: rate lifetimes', () => {
  // 2026-11-20T03:00Z is still 19 November in Lima (UTC-5): "today" must follow Lima, not UTC.
  const START = '2026-11-20T03:00:00Z';

  it('keeps a past date for the long pastRates lifetime', async () => {
    const { fake, api, advance, db } = setup(START);
    fake.on('exchangeRate', async ([fecha]) => rate(String(fecha)));
    await api.exchangeRate('2026-11-18');
    advance(29 * DAY);
    await api.exchangeRate('2026-11-18');
    expect(fake.count()).toBe(1);
    advance(2 * DAY);
    await api.exchangeRate('2026-11-18');
    expect(fake.count()).toBe(2);
    db.close();
  });

  it("keeps today's published rate for an hour, judged by the Lima calendar", async () => {
    const { fake, api, advance, db } = setup(START);
    fake.on('exchangeRate', async ([fecha]) => rate(String(fecha)));
    await api.exchangeRate('2026-11-19'); // today in Lima, though UTC says the 20th
    advance(HOUR - 1000);
    await api.exchangeRate('2026-11-19');
    expect(fake.count()).toBe(1);
    advance(2000);
    await api.exchangeRate('2026-11-19');
    expect(fake.count()).toBe(2);
    db.close();
  });

  it("keeps today's fallback to an earlier day only for the not-found lifetime", async () => {
    const { fake, api, advance, db } = setup(START, { notFound: 300 });
    fake.on('exchangeRate', async ([fecha]) => rate(String(fecha), '2026-11-18'));
    await api.exchangeRate('2026-11-19');
    advance(299_000);
    await api.exchangeRate('2026-11-19');
    expect(fake.count()).toBe(1);
    advance(2_000);
    await api.exchangeRate('2026-11-19');
    expect(fake.count()).toBe(2);
    db.close();
  });

  it('keeps a past pension period long and the current one short', async () => {
    const { fake, api, advance, db } = setup('2026-11-01T04:00:00Z'); // Lima: 31 October
    await api.pensionRates('2026-09');
    await api.pensionRates('2026-10'); // current period in Lima
    await api.pensionRates('2026-11'); // next period (UTC's month): not past
    advance(HOUR + 1000);
    await api.pensionRates('2026-09');
    await api.pensionRates('2026-10');
    await api.pensionRates('2026-11');
    expect(fake.calls.map((c) => c.args[0])).toEqual(['2026-09', '2026-10', '2026-11', '2026-10', '2026-11']);
    db.close();
  });

  it('honours a lowered TTL for rows stored under a longer one', async () => {
    const dir = ':memory:';
    const db = openDatabase({ dir });
    const fake = createFakeLookup();
    let now = new Date(START);
    const usage = { record: () => {}, month: () => [] };
    await createStoredLookup(fake.api, { db, ttlSeconds: { ruc: 3600 }, usage, now: () => now })
      .forChat(CHAT)
      .ruc('20123456786');
    now = new Date(now.getTime() + 120_000);
    await createStoredLookup(fake.api, { db, ttlSeconds: { ruc: 60 }, usage, now: () => now })
      .forChat(CHAT)
      .ruc('20123456786');
    expect(fake.count('ruc')).toBe(2);
    db.close();
  });
});

describe('cached lookup: every operation', () => {
  const doc: DocumentRef = { ruc: '20123456786', type: '09', series: 'T001', number: '42' };
  const credentials = { ruc: '20123456786', user: 'CHASQUI1', password: 'sandbox-clave' };
  const calls: Record<keyof LookupApi, (api: LookupApi) => Promise<unknown>> = {
    dni: (a) => a.dni('45678912'),
    dniRuc: (a) => a.dniRuc('45678912'),
    ce: (a) => a.ce('001234567'),
    cee: (a) => a.cee('000765432'),
    ci: (a) => a.ci('12345678901'),
    ruc: (a) => a.ruc('20123456786'),
    fiscalAddress: (a) => a.fiscalAddress('20123456786'),
    establishments: (a) => a.establishments('20123456786'),
    workers: (a) => a.workers('20123456786'),
    coerciveDebt: (a) => a.coerciveDebt('20123456786'),
    searchCompany: (a) => a.searchCompany('ANDINOS'),
    licence: (a) => a.licence('41234567'),
    vehicle: (a) => a.vehicle('ABC123'),
    exchangeRate: (a) => a.exchangeRate('2026-11-18'),
    pensionRates: (a) => a.pensionRates('2026-09'),
    invoiceXml: (a) => a.invoiceXml(credentials, { ...doc, type: '01', series: 'F001', number: '123' }),
    invoicePdf: (a) => a.invoicePdf(credentials, { ...doc, type: '01', series: 'F001', number: '123' }),
    guideXml: (a) => a.guideXml(doc),
    guide: (a) => a.guide(doc),
    groups: (a) => a.groups(),
  };

  it.each(OPERATION_NAMES.map((op) => [op]))(
    '%s passes its arguments through, is accounted, and is cached unless an invoice',
    async (operation) => {
      const { fake, api, events, db } = setup('2026-11-20T15:00:00Z');
      const call = calls[operation];
      const first = await call(api);
      expect(fake.calls).toHaveLength(1);
      expect(fake.calls[0]?.method).toBe(operation);
      expect(first).toEqual({ method: operation, args: fake.calls[0]?.args });
      const second = await call(api);
      expect(second).toEqual(first);
      const invoice = operation === 'invoiceXml' || operation === 'invoicePdf';
      expect(fake.calls).toHaveLength(invoice ? 2 : 1);
      expect(events.map((e) => [e.operation, e.chatId, e.saved, e.outcome])).toEqual([
        [operation, CHAT, false, 'ok'],
        [operation, CHAT, !invoice, 'ok'],
      ]);
      db.close();
    },
  );

  it('keys by every part of a document reference', async () => {
    const { fake, api, db } = setup('2026-11-20T15:00:00Z');
    await api.guide(doc);
    await api.guide({ ...doc, number: '43' });
    await api.guide({ ...doc, series: 'T002' });
    await api.guideXml(doc);
    await api.guide(doc);
    expect(fake.count()).toBe(4);
    db.close();
  });
});
