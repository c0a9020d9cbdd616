import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { coerciveDebts, taxpayers } from '../../../src/sandbox/fixtures/index.js';
import type { DocumentMessage, OutgoingMessage } from '../../../src/transports/transport.js';
import { type BotHarness, createBotHarness } from '../../helpers/bot-harness.js';
import { loadSandboxPadron } from '../../helpers/padron.js';
import { readWorkbook, rucFrom } from './helpers.js';

/**
 * `lote` with the sandbox's padrón loaded in the data directory (issue 23): estado, condición and
 * address come from the mirror at no cost, the paid API only for coercive debt, agent flags when
 * asked, and RUCs the mirror lacks. Counted from the sandbox's request log and the usage log.
 */
const EDITION = '2026-11-20';
const IN_REGISTER = Object.keys(taxpayers);
const ANDINOS = '20123456786';
/** A RUC the API knows but the loaded edition does not list (set after the import). */
const ONLY_IN_API = rucFrom('2077777777');
let clock = new Date('2026-11-20T15:00:00Z');

function documentOf(replies: OutgoingMessage[]): DocumentMessage {
  const doc = replies.find((reply): reply is DocumentMessage => reply.kind === 'document');
  if (!doc) throw new Error(`no document in ${JSON.stringify(replies.map((r) => r.kind))}`);
  return doc;
}

describe('lote with the padrón mirror', () => {
  let h: BotHarness;
  const requests = () => ({
    ruc: h.sandbox.requestCount('/ruc'),
    debt: h.sandbox.requestCount('/ruc/deuda-coactiva'),
  });
  const freeRows = () =>
    h.app.db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM usage_log WHERE saved = 2').get()?.n;

  let base: BotHarness['config']['batch'];
  beforeAll(async () => {
    h = await createBotHarness({ now: () => clock });
    base = { ...h.config.batch };
    await loadSandboxPadron(h, EDITION);
    h.sandbox.setTaxpayer(ONLY_IN_API, { nombre_o_razon_social: 'SOLO EN LA API S.A.C.' });
  });
  const defaults = () => ({ ...base, confirmAbove: 1000, retryDelayMs: 0, retries: 1 });
  afterEach(() => {
    h.config.batch = defaults();
    h.sandbox.resetRequests();
    h.app.db.exec('DELETE FROM lookup_cache');
    clock = new Date('2026-11-20T15:00:00Z');
  });
  afterAll(async () => {
    await h.close();
  });

  it('makes no paid ruc call for RUCs the mirror lists; debt is still paid; uso shows the saving', async () => {
    h.config.batch = defaults();
    const doc = documentOf(await h.send(`lote\n${IN_REGISTER.join('\n')}`));
    expect(requests()).toEqual({ ruc: 0, debt: IN_REGISTER.length });
    expect(doc.caption).toContain(
      `Estado, condición y domicilio de ${IN_REGISTER.length} RUC: padrón de SUNAT del 20/11/2026 (sin costo).`,
    );
    expect(doc.caption).toContain('*1* con deuda coactiva');

    const results = (await readWorkbook(doc.bytes)).sheets.Resultado ?? [];
    const andinos = taxpayers[ANDINOS]!;
    const debt = coerciveDebts[ANDINOS]!.reduce((sum, d) => sum + Number(d.monto), 0);
    expect(results[1]).toEqual([
      ANDINOS,
      'RUC',
      andinos.nombre_o_razon_social,
      'ACTIVO',
      'HABIDO',
      undefined,
      undefined,
      undefined,
      undefined,
      andinos.direccion,
      debt,
      3,
      undefined,
      'Padrón reducido de SUNAT del 20/11/2026',
    ]);
    const byRuc = new Map(results.slice(1).map((row) => [row[0], row]));
    for (const ruc of IN_REGISTER) {
      expect(byRuc.get(ruc)?.slice(3, 5)).toEqual([taxpayers[ruc]!.estado, taxpayers[ruc]!.condicion]);
    }

    const [uso] = h.texts(await h.send('uso'));
    expect(uso).toContain(
      `Créditos ahorrados por fuentes oficiales gratuitas (padrón de SUNAT, tipo de cambio del BCRP): *${IN_REGISTER.length}*`,
    );
    expect(uso).toContain(`• RUC: ${IN_REGISTER.length} (${IN_REGISTER.length} gratis)`);
    expect(uso).toContain(`créditos usados: *${IN_REGISTER.length}*`);
    // The usage log's own rows: one free answer per RUC, none of them a credit.
    expect(freeRows()).toBe(IN_REGISTER.length);
  });

  it('says before the lote what is free and what costs, and pays only for RUCs the mirror lacks', async () => {
    h.config.batch = { ...defaults(), confirmAbove: 0 };
    const list = [ANDINOS, '20601234565', ONLY_IN_API];
    const [question] = h.texts(await h.send(`lote ${list.join(' ')}`));
    expect(question).toContain('costará hasta *4 consultas*:');
    expect(question).toContain('• 1 de RUC que no están en el padrón');
    expect(question).toContain('• 3 de deuda coactiva');
    expect(question).toContain(
      'Gratis: estado, condición y domicilio de 2 RUC, del padrón de SUNAT del 20/11/2026 (sin agentes de retención ni buen contribuyente).',
    );
    expect(requests()).toEqual({ ruc: 0, debt: 0 });
    const doc = documentOf(await h.send('sí'));
    expect(requests()).toEqual({ ruc: 1, debt: 3 });
    const rows = (await readWorkbook(doc.bytes)).sheets.Resultado ?? [];
    expect(rows[3]?.[2]).toBe('SOLO EN LA API S.A.C.');
    expect(rows[3]?.[13]).toBe('Consulta RUC (API)');
  });

  it('with batch.agentFlags pays a ruc lookup for every RUC and shows the flags', async () => {
    h.config.batch = { ...defaults(), agentFlags: true };
    const doc = documentOf(await h.send(`lote ${ANDINOS} 20601234565`));
    expect(requests()).toEqual({ ruc: 2, debt: 2 });
    const rows = (await readWorkbook(doc.bytes)).sheets.Resultado ?? [];
    expect(rows[1]?.slice(5, 9)).toEqual(['SI', 'NO', 'NO', 'SI']);
    expect(rows[1]?.[13]).toBe('Consulta RUC (API)');
  });

  it('with agent flags asked and the API down, still answers from the mirror and says what is missing', async () => {
    h.config.batch = { ...defaults(), agentFlags: true, retries: 0 };
    h.sandbox.injectFault({ path: '/ruc', kind: 'status', status: 503, times: 10 });
    try {
      const doc = documentOf(await h.send(`lote ${ANDINOS}`));
      const { sheets } = await readWorkbook(doc.bytes);
      expect(sheets.Resultado?.[1]?.slice(3, 5)).toEqual(['ACTIVO', 'HABIDO']);
      expect(String(sheets.Resultado?.[1]?.[12])).toContain('Agentes y buen contribuyente no disponibles');
    } finally {
      h.sandbox.clearFaults();
    }
  });

  it('with batch.debt off, a lote of RUCs the mirror lists costs nothing', async () => {
    h.config.batch = { ...defaults(), debt: false, confirmAbove: 0 };
    const doc = documentOf(await h.send(`lote ${IN_REGISTER.slice(0, 3).join(' ')}`));
    expect(requests()).toEqual({ ruc: 0, debt: 0 });
    expect(doc.caption).toContain('deuda coactiva no consultada');
  });

  it('pays as before when the edition is older than padron.maxAgeDays, or the mirror is off', async () => {
    clock = new Date('2026-11-30T15:00:00Z'); // 10 days after the edition; maxAgeDays 3
    documentOf(await h.send(`lote ${ANDINOS} 20601234565`));
    expect(requests()).toEqual({ ruc: 2, debt: 2 });
    clock = new Date('2026-11-20T15:00:00Z');
    h.sandbox.resetRequests();
    h.app.db.exec('DELETE FROM lookup_cache');
    h.config.batch = { ...defaults(), padron: false };
    documentOf(await h.send(`lote ${ANDINOS} 20601234565`));
    expect(requests()).toEqual({ ruc: 2, debt: 2 });
  });
});
