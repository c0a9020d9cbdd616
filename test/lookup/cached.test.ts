import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { UsageEvent, UsagePort } from '../../src/bot/ports.js';
import type { DocumentRef } from '../../src/lookup/api.js';
import { createStoredLookup } from '../../src/app/stored-lookup.js';
import { LookupHttpError, LookupNotFoundError, LookupTimeoutError } from '../../src/lookup/errors.js';
import type { Person } from '../../src/lookup/schemas/index.js';
import { openDatabase } from '../../src/app/database.js';
import { createUsageRepo } from '../../src/store/usage.js';
import { createFakeLookup, deferred } from './cached-fake.js';

const CHAT = '120363000000000001@g.us';
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'chasqui-cached-'));
  dirs.push(dir);
  return dir;
}

function memoryUsage(): UsagePort & { events: UsageEvent[] } {
  const events: UsageEvent[] = [];
  return { events, record: (e) => void events.push(e), month: () => [] };
}

const person: Person = {
  numero: '45678912',
  nombre_completo: 'QUISPE MAMANI, ROSA ELENA',
  nombres: 'ROSA ELENA',
  apellido_paterno: 'QUISPE',
  apellido_materno: 'MAMANI',
  codigo_verificacion: 7,
  direccion: 'AV. SIEMPRE VIVA 123',
  direccion_completa: 'AV. SIEMPRE VIVA 123 - LIMA',
  ubigeo_civil: '150101',
  ubigeo_taxauth: '150101',
  ubigeo: ['15', '1501', '150101'],
};

describe('cached lookup: coalescing', () => {
  it('shares one upstream call among 100 concurrent identical lookups', async () => {
    const db = openDatabase({ dir: ':memory:' });
    const fake = createFakeLookup();
    const pending = deferred<Person>();
    fake.on('dni', () => pending.promise);
    const usage = memoryUsage();
    const cached = createStoredLookup(fake.api, { db, ttlSeconds: {}, usage });
    const api = cached.forChat(CHAT);

    const all = Promise.all(Array.from({ length: 100 }, () => api.dni('45678912')));
    await Promise.resolve();
    pending.resolve(person);
    const results = await all;

    expect(fake.count('dni')).toBe(1);
    expect(results.every((r) => r === results[0])).toBe(true);
    expect(results[0]).toEqual(person);
    expect(usage.events).toHaveLength(100);
    expect(usage.events.filter((e) => !e.saved)).toHaveLength(1);
    expect(usage.events.every((e) => e.outcome === 'ok' && e.operation === 'dni' && e.chatId === CHAT)).toBe(
      true,
    );
    expect(cached.stats()).toMatchObject({ upstream: 1, shared: 99, hits: 0 });
    db.close();
  });

  it('shares a failure among waiters without caching it', async () => {
    const db = openDatabase({ dir: ':memory:' });
    const fake = createFakeLookup();
    const pending = deferred<never>();
    fake.on('ruc', () => pending.promise);
    const usage = memoryUsage();
    const api = createStoredLookup(fake.api, { db, ttlSeconds: {}, usage }).forChat(CHAT);

    const all = Promise.allSettled([api.ruc('20123456786'), api.ruc('20123456786')]);
    pending.reject(new LookupTimeoutError('ruc', 5000));
    const settled = await all;
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected']);
    expect(usage.events.map((e) => [e.saved, e.outcome])).toEqual([
      [false, 'failed'],
      [true, 'failed'],
    ]);

    fake.on('ruc', async () => ({ ruc: '20123456786' }));
    await expect(api.ruc('20123456786')).resolves.toEqual({ ruc: '20123456786' });
    expect(fake.count('ruc')).toBe(2);
    db.close();
  });

  it('lets one waiter give up without cancelling the shared call', async () => {
    const db = openDatabase({ dir: ':memory:' });
    const fake = createFakeLookup();
    const pending = deferred<Person>();
    fake.on('dni', () => pending.promise);
    const api = createStoredLookup(fake.api, { db, ttlSeconds: {}, usage: memoryUsage() }).forChat(CHAT);
    const controller = new AbortController();
    const impatient = api.dni('45678912', { signal: controller.signal });
    const patient = api.dni('45678912');
    controller.abort(new Error('gave up'));
    await expect(impatient).rejects.toThrow('gave up');
    pending.resolve(person);
    await expect(patient).resolves.toEqual(person);
    expect(fake.count()).toBe(1);
    db.close();
  });
});

describe('cached lookup: cache', () => {
  it('answers from the cache after a restart of the store', async () => {
    const dir = tempDir();
    const first = openDatabase({ dir });
    const fake1 = createFakeLookup();
    fake1.on('ruc', async () => ({ ruc: '20123456786', razon_social: 'TRANSPORTES ANDINOS DEL SUR S.A.C.' }));
    const api1 = createStoredLookup(fake1.api, { db: first, ttlSeconds: {}, usage: createUsageRepo(first) });
    await api1.forChat(CHAT).ruc('20123456786');
    first.close();

    const second = openDatabase({ dir });
    const fake2 = createFakeLookup();
    const usage = createUsageRepo(second);
    const api2 = createStoredLookup(fake2.api, { db: second, ttlSeconds: {}, usage }).forChat(CHAT);
    await expect(api2.ruc('20123456786')).resolves.toEqual({
      ruc: '20123456786',
      razon_social: 'TRANSPORTES ANDINOS DEL SUR S.A.C.',
    });
    expect(fake2.count()).toBe(0);
    expect(usage.month(new Date())).toEqual([{ operation: 'ruc', chatId: CHAT, calls: 2, saved: 1 }]);
    second.close();
  });

  it('does not cache failures', async () => {
    const db = openDatabase({ dir: ':memory:' });
    const fake = createFakeLookup();
    let attempt = 0;
    fake.on('vehicle', async () => {
      attempt += 1;
      if (attempt === 1) throw new LookupHttpError('vehicle', 503);
      return { placa: 'ABC123' };
    });
    const api = createStoredLookup(fake.api, { db, ttlSeconds: {}, usage: memoryUsage() }).forChat(CHAT);
    await expect(api.vehicle('ABC123')).rejects.toBeInstanceOf(LookupHttpError);
    await expect(api.vehicle('ABC123')).resolves.toEqual({ placa: 'ABC123' });
    await expect(api.vehicle('ABC123')).resolves.toEqual({ placa: 'ABC123' });
    expect(fake.count('vehicle')).toBe(2);
    db.close();
  });

  it('caches a not-found briefly, re-throws it with the upstream message, then asks again', async () => {
    const db = openDatabase({ dir: ':memory:' });
    let now = new Date('2026-11-20T15:00:00Z');
    const fake = createFakeLookup();
    fake.on('dni', async () => {
      throw new LookupNotFoundError('dni', 'No se encontró DNI');
    });
    const usage = memoryUsage();
    const api = createStoredLookup(fake.api, {
      db,
      ttlSeconds: { notFound: 120 },
      usage,
      now: () => now,
    }).forChat(CHAT);

    await expect(api.dni('87654321')).rejects.toBeInstanceOf(LookupNotFoundError);
    now = new Date(now.getTime() + 119_000);
    const cachedError = await api.dni('87654321').catch((e: unknown) => e);
    expect(cachedError).toBeInstanceOf(LookupNotFoundError);
    expect((cachedError as LookupNotFoundError).upstreamMessage).toBe('No se encontró DNI');
    expect((cachedError as LookupNotFoundError).operation).toBe('dni');
    expect(fake.count('dni')).toBe(1);

    now = new Date(now.getTime() + 2_000);
    await expect(api.dni('87654321')).rejects.toBeInstanceOf(LookupNotFoundError);
    expect(fake.count('dni')).toBe(2);
    expect(usage.events.map((e) => [e.saved, e.outcome])).toEqual([
      [false, 'not_found'],
      [true, 'not_found'],
      [false, 'not_found'],
    ]);
    db.close();
  });

  it('caches a DNI without RUC as a normal answer', async () => {
    const db = openDatabase({ dir: ':memory:' });
    let now = new Date('2026-11-20T15:00:00Z');
    const fake = createFakeLookup();
    fake.on('dniRuc', async () => ({ hasRuc: false, message: 'El DNI no cuenta con RUC' }));
    const api = createStoredLookup(fake.api, {
      db,
      ttlSeconds: { notFound: 60 },
      usage: memoryUsage(),
      now: () => now,
    }).forChat(CHAT);
    await api.dniRuc('41234567');
    now = new Date(now.getTime() + 500_000); // past notFound, within dniRuc's 600 s
    await expect(api.dniRuc('41234567')).resolves.toEqual({
      hasRuc: false,
      message: 'El DNI no cuenta con RUC',
    });
    expect(fake.count()).toBe(1);
    db.close();
  });

  it('never caches personal data when its TTL is 0, but still coalesces', async () => {
    const db = openDatabase({ dir: ':memory:' });
    const fake = createFakeLookup();
    const api = createStoredLookup(fake.api, {
      db,
      ttlSeconds: { licence: 0 },
      usage: memoryUsage(),
    }).forChat(CHAT);
    await Promise.all([api.licence('41234567'), api.licence('41234567')]);
    await api.licence('41234567');
    expect(fake.count('licence')).toBe(2);
    expect(db.prepare("SELECT COUNT(*) AS n FROM lookup_cache WHERE operation = 'licence'").get()).toEqual({
      n: 0,
    });
    db.close();
  });

  it('never caches invoice files, even when a TTL is passed', async () => {
    const db = openDatabase({ dir: ':memory:' });
    const fake = createFakeLookup();
    const api = createStoredLookup(fake.api, {
      db,
      ttlSeconds: { invoiceXml: 3600, invoicePdf: 3600 },
      usage: memoryUsage(),
    }).forChat(CHAT);
    const credentials = { ruc: '20123456786', user: 'CHASQUI1', password: 'sandbox-clave' };
    const doc: DocumentRef = { ruc: '20123456786', type: '01', series: 'F001', number: '123' };
    await api.invoiceXml(credentials, doc);
    await api.invoiceXml(credentials, doc);
    await api.invoicePdf(credentials, doc);
    expect(fake.count()).toBe(3);
    expect(db.prepare('SELECT COUNT(*) AS n FROM lookup_cache').get()).toEqual({ n: 0 });
    db.close();
  });

  it('drops a corrupt row and fetches again', async () => {
    const db = openDatabase({ dir: ':memory:' });
    const fake = createFakeLookup();
    const cached = createStoredLookup(fake.api, { db, ttlSeconds: {}, usage: memoryUsage() });
    const api = cached.forChat(CHAT);
    await api.workers('20123456786');
    db.prepare("UPDATE lookup_cache SET value = 'not sealed' WHERE operation = 'workers'").run();
    await expect(api.workers('20123456786')).resolves.toEqual({ method: 'workers', args: ['20123456786'] });
    expect(fake.count('workers')).toBe(2);
    await api.workers('20123456786');
    expect(fake.count('workers')).toBe(2);
    db.close();
  });

  it('keeps identifiers and names out of the database file', async () => {
    const dir = tempDir();
    const db = openDatabase({ dir });
    const fake = createFakeLookup();
    fake.on('dni', async () => person);
    fake.on('vehicle', async () => ({ placa: 'ABC123', marca: 'VOLVO' }));
    const api = createStoredLookup(fake.api, { db, ttlSeconds: {}, usage: createUsageRepo(db) }).forChat(
      CHAT,
    );
    await api.dni('45678912');
    await api.vehicle('ABC123');
    await api.ruc('10456789124');
    fake.on('dni', async () => {
      throw new LookupNotFoundError('dni', 'No se encontró DNI');
    });
    await api.dni('87654321').catch(() => undefined);
    expect(db.prepare('SELECT COUNT(*) AS n FROM lookup_cache').get()).toEqual({ n: 4 });
    const beforeClose = readdirSync(dir)
      .map((f) => readFileSync(path.join(dir, f)).toString('latin1'))
      .join('');
    db.close();
    const afterClose = readdirSync(dir)
      .map((f) => readFileSync(path.join(dir, f)).toString('latin1'))
      .join('');
    for (const bytes of [beforeClose, afterClose]) {
      for (const secret of ['45678912', '87654321', 'QUISPE', 'ABC123', 'VOLVO', '10456789124']) {
        expect(bytes).not.toContain(secret);
      }
    }
  });
});
