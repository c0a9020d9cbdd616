import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format';
import { afterEach, describe, expect, it } from 'vitest';
import { OPERATION_NAMES, parseConfig } from '../../src/config.js';
import type { ConsoleServer } from '../../src/console/server.js';
import { silentLogger } from '../../src/logger.js';
import { composeLookup, createLookupApi } from '../../src/lookup/call.js';
import { createOpsRuntime, type OpsRuntime } from '../../src/ops/runtime.js';
import { attachOps } from '../helpers/ops-attach.js';
import { openDatabase, type SqliteDatabase } from '../../src/app/database.js';
import { rawRequest } from '../console/harness.js';

/**
 * `/metrics` as Prometheus reads it, through a real text-format parser (parse-prometheus-text-format,
 * prom2json's shape), from the console that `chasqui start` wires: config → ops runtime → server.
 */

const PASSWORD = 'clave-larga-123';
const TOKEN = 'token-de-metricas-0123456789';

let open: { ops: OpsRuntime; db: SqliteDatabase; server: ConsoleServer | undefined }[] = [];

afterEach(async () => {
  for (const { ops, db, server } of open) {
    await server?.close();
    await ops.close();
    db.close();
  }
  open = [];
});

/** A runtime as `chasqui start` builds it, with its console on a free loopback port. */
async function started(env: Record<string, string> = {}) {
  const db = openDatabase({ dir: ':memory:' });
  const config = parseConfig(
    {},
    {
      CHASQUI_CONSOLE_PORT: '0',
      CHASQUI_CONSOLE_PASSWORD: PASSWORD,
      CHASQUI_METRICS_TOKEN: TOKEN,
      CHASQUI_INSTANCE: 'ventas',
      ...env,
    },
  );
  const ops = createOpsRuntime({ config, db, logger: silentLogger() });
  const server = await attachOps(ops, config);
  open.push({ ops, db, server });
  if (!server) throw new Error('console not started');
  return { ops, db, url: server.url };
}

async function scrape(url: string): Promise<Map<string, PrometheusFamily>> {
  const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const families = parsePrometheusTextFormat(await response.text());
  return new Map(families.map((family) => [family.name, family]));
}

/** The value of one series (`labels` exactly), as a number; undefined when there is none. */
function value(
  families: Map<string, PrometheusFamily>,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const sample = families
    .get(name)
    ?.metrics.find((m) => JSON.stringify(m.labels ?? {}) === JSON.stringify(labels));
  return sample?.value === undefined ? undefined : Number(sample.value);
}

describe('/metrics through a Prometheus text parser', () => {
  it('parses whole: every family typed, every Chasqui family described, every value a number', async () => {
    const { url } = await started();
    const families = await scrape(url);
    expect(families.size).toBeGreaterThan(20);
    for (const family of families.values()) {
      expect(['COUNTER', 'GAUGE', 'HISTOGRAM', 'SUMMARY'], family.name).toContain(family.type);
      if (family.name.startsWith('chasqui_')) expect(family.help, family.name).not.toBe('');
      for (const sample of family.metrics) {
        const numbers = [sample.value, sample.count, sample.sum, ...Object.values(sample.buckets ?? {})];
        for (const text of numbers.filter((n) => n !== undefined)) {
          expect(Number.isNaN(Number(text)) && text !== 'NaN', `${family.name} ${text}`).toBe(false);
        }
      }
    }
    // prom-client's default process and Node.js metrics.
    for (const name of [
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'process_start_time_seconds',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(families.has(name), name).toBe(true);
    }
    expect(value(families, 'process_resident_memory_bytes')).toBeGreaterThan(10 * 1024 * 1024);
  });

  it('has every counter at 0 before the first message, lookup or close', async () => {
    const { url } = await started();
    const families = await scrape(url);
    for (const outcome of ['ok', 'ignored', 'denied', 'invalid', 'unknown', 'failed']) {
      expect(value(families, 'chasqui_messages_in_total', { outcome }), outcome).toBe(0);
    }
    expect(value(families, 'chasqui_messages_out_total', { outcome: 'queued' })).toBe(0);
    expect(value(families, 'chasqui_messages_out_total', { outcome: 'failed' })).toBe(0);
    for (const operation of OPERATION_NAMES) {
      for (const result of ['spent', 'cached', 'failed']) {
        expect(value(families, 'chasqui_lookups_total', { operation, result }), operation).toBe(0);
      }
    }
    expect(value(families, 'chasqui_cache_hits_total')).toBe(0);
    expect(value(families, 'chasqui_credits_spent_total')).toBe(0);
    for (const code of ['401', '403', '408', '440', '515']) {
      expect(value(families, 'chasqui_whatsapp_closes_total', { code }), code).toBe(0);
    }
    for (const status of ['pending', 'sent', 'failed']) {
      expect(value(families, 'chasqui_outbox_depth', { status })).toBe(0);
    }
  });

  it('names the instance in chasqui_info as chasqui_instance (Prometheus owns `instance`)', async () => {
    const { url } = await started();
    const info = (await scrape(url)).get('chasqui_info');
    expect(info?.type).toBe('GAUGE');
    expect(info?.metrics).toEqual([{ value: '1', labels: { chasqui_instance: 'ventas' } }]);
  });

  it('counts messages, lookups, closes and the connection as they happen', async () => {
    const { ops, db, url } = await started();
    const usage = db.prepare(
      'INSERT INTO usage_log (at, chat_id, operation, saved, outcome) VALUES (?, ?, ?, ?, ?)',
    );
    usage.run(Date.now(), 'g@g.us', 'ruc', 0, 'ok');
    usage.run(Date.now(), 'g@g.us', 'ruc', 1, 'ok');
    ops.metrics.messageIn({ outcome: 'ok', command: 'ruc' });
    await createLookupApi(composeLookup(async () => ({}), [ops.metrics.timeLookup])).ruc('20123456786');
    expect(value(await scrape(url), 'chasqui_whatsapp_connected')).toBe(0);

    ops.onStatus({ kind: 'open', selfIds: ['51900000001@s.whatsapp.net'] });
    let families = await scrape(url);
    expect(value(families, 'chasqui_whatsapp_connected')).toBe(1);
    expect(value(families, 'chasqui_messages_in_total', { outcome: 'ok' })).toBe(1);
    expect(value(families, 'chasqui_lookups_total', { operation: 'ruc', result: 'spent' })).toBe(1);
    expect(value(families, 'chasqui_cache_hits_total')).toBe(1);
    // One timed call. (This parser, like prom2json, folds a histogram's label sets into one
    // bucket map: with a single series the +Inf bucket is its count.)
    const latency = families.get('chasqui_lookup_duration_seconds');
    expect(latency?.type).toBe('HISTOGRAM');
    expect(latency?.metrics[0]?.buckets?.['+Inf']).toBe('1');

    ops.onStatus({
      kind: 'reconnecting',
      reason: 'connection',
      code: 408,
      delayMs: 1000,
      attempt: 1,
      alert: false,
    });
    families = await scrape(url);
    expect(value(families, 'chasqui_whatsapp_connected')).toBe(0);
    expect(value(families, 'chasqui_whatsapp_closes_total', { code: '408' })).toBe(1);
  });

  it('opens /metrics to the metrics token from any Host, and opens nothing else with it', async () => {
    const { url } = await started();
    const podAddress = { host: `10.244.1.7:${new URL(url).port}` }; // what Prometheus sends in a cluster
    const bearer = (token: string) => ({ ...podAddress, authorization: `Bearer ${token}` });
    expect((await rawRequest(url, '/metrics', { headers: bearer(TOKEN) })).status).toBe(200);
    expect((await rawRequest(url, '/metrics', { headers: bearer(PASSWORD) })).status).toBe(200);
    expect((await rawRequest(url, '/metrics', { headers: bearer('otro-token-cualquiera') })).status).toBe(
      401,
    );
    // No credential: the Host check refuses the foreign name, as for any page.
    expect((await rawRequest(url, '/metrics', { headers: podAddress })).status).toBe(403);
    // The token is no console password.
    const loopback = { authorization: `Bearer ${TOKEN}` };
    expect((await rawRequest(url, '/api/status', { headers: loopback })).status).toBe(401);
    const page = await rawRequest(url, '/', { headers: loopback });
    expect(page.status).toBe(303);
    expect(page.headers.location).toBe('/login');
  });
});
