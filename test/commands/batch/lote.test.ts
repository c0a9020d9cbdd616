import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BUDGET } from '../../../src/bot/ports.js';
import { BudgetExceededError } from '../../../src/budget/errors.js';
import type { BudgetReader, BudgetStatus } from '../../../src/budget/types.js';
import { coerciveDebts, taxpayers } from '../../../src/sandbox/fixtures/index.js';
import type { DocumentMessage, IncomingMessage, OutgoingMessage } from '../../../src/transports/transport.js';
import { DocumentTooLargeError } from '../../../src/transports/transport.js';
import { badCheck, readWorkbook, xlsxOf } from './helpers.js';
import { type BotHarness, createBotHarness } from '../../helpers/bot-harness.js';
import { groupMessage, MEMBER_PHONE } from '../../helpers/messages.js';

/**
 * `lote` through the real app against the sandbox: the workbook read back with exceljs, the
 * requests the sandbox saw, the confirmation step, the budget and the personal-data rules.
 */
const RUC_A = '20123456786';
const RUC_B = '20601234565';
const RUC_NOT_HABIDO = '20543210987';
const UNKNOWN_RUC = '20609876540';
const OTHER_GROUP = '120363000000000002@g.us';
let clock = new Date('2026-11-20T15:00:00Z');

function documentOf(replies: OutgoingMessage[]): DocumentMessage {
  const doc = replies.find((reply): reply is DocumentMessage => reply.kind === 'document');
  if (!doc) throw new Error(`no document in ${JSON.stringify(replies.map((r) => r.kind))}`);
  return doc;
}

function attach(
  text: string,
  fileName: string,
  bytes: Uint8Array,
  mimetype = 'application/octet-stream',
): IncomingMessage {
  return groupMessage(text, {
    timestamp: clock.getTime(),
    document: { fileName, mimetype, size: bytes.byteLength, download: async () => bytes },
  });
}

function budget(remainingThisMonth: number | null, remainingToday: number | null = null): BudgetReader {
  return {
    status: (): BudgetStatus => ({
      day: '2026-11-20',
      month: '2026-11',
      spentToday: 0,
      spentThisMonth: 0,
      dailyCap: remainingToday,
      monthlyCap: remainingThisMonth,
      remainingToday,
      remainingThisMonth,
    }),
  };
}

const requests = (h: BotHarness) => ({
  ruc: h.sandbox.requestCount('/ruc'),
  debt: h.sandbox.requestCount('/ruc/deuda-coactiva'),
  dni: h.sandbox.requestCount('/dni'),
});

describe('lote', () => {
  let h: BotHarness;
  beforeAll(async () => {
    h = await createBotHarness({
      now: () => clock,
      config: {
        groups: [
          { id: '120363000000000001@g.us', name: 'Despacho Lima', personalData: true, schedules: [] },
          { id: OTHER_GROUP, name: 'Contabilidad', personalData: false, schedules: [] },
        ],
      },
    });
    h.config.batch = { ...h.config.batch, confirmAbove: 1000, retryDelayMs: 0, retries: 1 };
  });
  afterEach(() => {
    h.sandbox.resetRequests();
    h.sandbox.clearFaults();
    h.app.services.registry.delete(BUDGET);
    h.app.db.exec('DELETE FROM lookup_cache');
  });
  afterAll(async () => {
    await h.close();
  });

  it('answers a pasted list with a workbook; invalid and duplicate entries cost no request', async () => {
    const text = `lote\n${RUC_A}\n${RUC_NOT_HABIDO}, ${RUC_A}; 45678912\n${badCheck(RUC_B)} 123 ${UNKNOWN_RUC}`;
    const replies = await h.send(text);
    expect(replies).toHaveLength(1);
    const doc = documentOf(replies);
    expect(doc.fileName).toBe('lote-2026-11-20.xlsx');
    expect(doc.caption).toContain('*1* activos y habidos');
    expect(doc.caption).toContain('*1* con deuda coactiva');
    expect(doc.caption).toContain('No encontrados: 1');
    expect(doc.caption).toContain('Inválidos: 2; repetidos: 1');
    // 3 RUCs (one unknown: no debt request after it), 1 DNI; the invalid and the duplicate: none.
    expect(requests(h)).toEqual({ ruc: 3, debt: 2, dni: 1 });

    const { sheets } = await readWorkbook(doc.bytes);
    const results = sheets.Resultado ?? [];
    expect(results[0]?.[0]).toBe('Número');
    expect(results.map((row) => row[0])).toEqual(['Número', RUC_A, RUC_NOT_HABIDO, '45678912', UNKNOWN_RUC]);
    const andinos = taxpayers[RUC_A]!;
    const debt = coerciveDebts[RUC_A]!.reduce((sum, d) => sum + Number(d.monto), 0);
    expect(results[1]).toEqual([
      RUC_A,
      'RUC',
      andinos.nombre_o_razon_social,
      'ACTIVO',
      'HABIDO',
      andinos.es_agente_de_retencion,
      andinos.es_agente_de_percepcion,
      andinos.es_agente_de_percepcion_combustible,
      andinos.es_buen_contribuyente,
      andinos.direccion_completa,
      debt,
      coerciveDebts[RUC_A]!.length,
      undefined,
      'Consulta RUC (API)',
    ]);
    expect(results[2]?.slice(3, 5)).toEqual(['BAJA DE OFICIO', 'NO HALLADO']);
    expect(results[3]?.[2]).toMatch(/\S/);
    expect(results[4]?.[12]).toBe('No se encontró el RUC');
    const issues = sheets.Observaciones ?? [];
    expect(issues).toContainEqual([badCheck(RUC_B), 'RUC con dígito verificador incorrecto']);
    expect(issues).toContainEqual(['123', 'No tiene 8 dígitos (DNI) ni 11 (RUC)']);
    expect(issues).toContainEqual([UNKNOWN_RUC, 'No se encontró el RUC']);
    expect(issues).toContainEqual(['1', 'Números repetidos (consultados una vez)']);
  });

  it('highlights not ACTIVO, not HABIDO and debt with conditional formatting', async () => {
    const doc = documentOf(await h.send(`verificar estos ruc: ${RUC_A}, ${RUC_NOT_HABIDO}`));
    const { workbook } = await readWorkbook(doc.bytes);
    const sheet = workbook.getWorksheet('Resultado')!;
    const rules = (
      sheet as unknown as { conditionalFormattings: { ref: string; rules: { formulae?: string[] }[] }[] }
    ).conditionalFormattings;
    expect(rules.map((cf) => [cf.ref, cf.rules[0]?.formulae?.[0]])).toEqual([
      ['D2:D3', 'AND($D2<>"",$D2<>"ACTIVO")'],
      ['E2:E3', 'AND($E2<>"",$E2<>"HABIDO")'],
      ['K2:K3', '$K2>0'],
    ]);
  });

  it.each([
    [
      'proveedores.txt',
      'text/plain',
      new TextEncoder().encode(`Proveedores\n${RUC_A}\n${RUC_B}\n${RUC_A}\n`),
    ],
    [
      'proveedores.csv',
      'text/csv',
      new TextEncoder().encode(`razon social;ruc;monto\nAndinos;${RUC_A};10\nAlamos;${RUC_B};20\n`),
    ],
  ])('reads an attached %s', async (fileName, mimetype, bytes) => {
    const { replies } = await h.deliver(attach('lote', fileName, bytes, mimetype));
    const { sheets } = await readWorkbook(documentOf(replies).bytes);
    expect(sheets.Resultado?.slice(1).map((row) => [row[0], row[3]])).toEqual([
      [RUC_A, 'ACTIVO'],
      [RUC_B, 'ACTIVO'],
    ]);
    expect(requests(h).ruc).toBe(2);
  });

  it('reads an attached .xlsx, finding the column by content', async () => {
    const bytes = await xlsxOf([
      ['Andinos', 1200, Number(RUC_A)],
      ['Cerrada', 50, Number(RUC_NOT_HABIDO)],
    ]);
    const { replies } = await h.deliver(attach('lote', 'clientes.xlsx', bytes));
    const { sheets } = await readWorkbook(documentOf(replies).bytes);
    expect(sheets.Resultado?.slice(1).map((row) => [row[0], row[4]])).toEqual([
      [RUC_A, 'HABIDO'],
      [RUC_NOT_HABIDO, 'NO HALLADO'],
    ]);
  });

  it('refuses unsupported and too large files without downloading or spending', async () => {
    const jpg = attach('lote', 'foto.jpg', new Uint8Array(10), 'image/jpeg');
    expect(h.texts((await h.deliver(jpg)).replies)[0]).toContain('.txt, .csv o .xlsx');
    let downloads = 0;
    const big = groupMessage('lote', {
      document: {
        fileName: 'grande.csv',
        mimetype: 'text/csv',
        download: async (max) => {
          downloads += 1;
          throw new DocumentTooLargeError(max);
        },
      },
    });
    expect(h.texts((await h.deliver(big)).replies)[0]).toContain('demasiado grande');
    expect(downloads).toBe(1);
    const announced = attach('lote', 'x.csv', new Uint8Array(10));
    announced.document!.size = h.config.batch.maxFileBytes + 1;
    expect(h.texts((await h.deliver(announced)).replies)[0]).toContain('demasiado grande');
    expect(requests(h)).toEqual({ ruc: 0, debt: 0, dni: 0 });
  });

  it('asks for confirmation above the threshold; only the same sender in the same chat confirms', async () => {
    h.config.batch = { ...h.config.batch, confirmAbove: 3 };
    try {
      const [question] = h.texts(await h.send(`lote ${RUC_A} ${RUC_B} 1234`));
      expect(question).toContain('2 números válidos (2 RUC), 1 inválido; costará hasta *4 consultas*');
      expect(question).toContain('Responde *sí*');
      expect(requests(h).ruc).toBe(0);
      expect(await h.send('sí', { sender: MEMBER_PHONE, admin: false })).toEqual([]);
      expect(await h.send('si', { chatId: OTHER_GROUP })).toEqual([]);
      const done = await h.send('Sí');
      expect(documentOf(done).caption).toContain('*2* activos y habidos');
      expect(requests(h)).toEqual({ ruc: 2, debt: 2, dni: 0 });
      expect(await h.send('sí')).toEqual([]); // used once
    } finally {
      h.config.batch = { ...h.config.batch, confirmAbove: 1000 };
    }
  });

  it('lets a confirmation expire', async () => {
    h.config.batch = { ...h.config.batch, confirmAbove: 0 };
    try {
      await h.send(`lote ${RUC_A}`);
      clock = new Date(clock.getTime() + (h.config.batch.confirmMinutes * 60 + 1) * 1000);
      expect(await h.send('sí')).toEqual([]);
      expect(requests(h).ruc).toBe(0);
    } finally {
      h.config.batch = { ...h.config.batch, confirmAbove: 1000 };
    }
  });

  it('refuses a batch that would exceed the budget, before any request', async () => {
    h.app.services.registry.set(BUDGET, budget(10, 3));
    const [reply] = h.texts(await h.send(`lote ${RUC_A} ${RUC_B}`));
    expect(reply).toContain('costaría hasta *4 consultas*');
    expect(reply).toContain('*3* hoy');
    expect(requests(h).ruc).toBe(0);
    h.app.services.registry.set(BUDGET, budget(4));
    expect(documentOf(await h.send(`lote ${RUC_A} ${RUC_B}`)).caption).toContain('*2* activos');
  });

  it('reads the configured credit budget of the app (no injected reader)', async () => {
    const own = await createBotHarness({ now: () => clock, config: { credits: { daily: 3 } } });
    try {
      const [reply] = own.texts(await own.send(`lote ${RUC_A} ${RUC_B}`));
      expect(reply).toContain('costaría hasta *4 consultas*');
      expect(reply).toContain('*3* hoy');
      expect(requests(own).ruc).toBe(0);
    } finally {
      await own.close();
    }
  });

  it('leaves DNI names empty in a group without personal data, and does not look them up', async () => {
    const doc = documentOf(await h.send(`lote ${RUC_A} 45678912`, { chatId: OTHER_GROUP }));
    const { sheets } = await readWorkbook(doc.bytes);
    const dniRow = sheets.Resultado?.[2] ?? [];
    expect(dniRow[0]).toBe('45678912');
    expect(dniRow[2]).toBeUndefined();
    expect(dniRow[12]).toContain('datos personales');
    expect(doc.caption).toContain('DNI sin nombre (grupo sin datos personales): 1');
    expect(requests(h).dni).toBe(0);
  });

  it('sends one message at the start of a long batch and one at the end', async () => {
    const list = Object.keys(taxpayers).slice(0, 6).concat(['45678912', '41234567', '70123456', '10117410']);
    const replies = await h.send(`lote ${list.join(' ')}`);
    expect(replies.map((r) => r.kind)).toEqual(['text', 'document']);
    expect(h.texts(replies)[0]).toContain('Verificando 10 números');
  });

  it('retries a transient failure and records a lasting one without failing the batch', async () => {
    h.sandbox.injectFault({ path: '/ruc', kind: 'status', status: 503, times: 1 });
    const doc = documentOf(await h.send(`lote ${RUC_A}`));
    expect(doc.caption).toContain('*1* activos y habidos');
    h.app.db.exec('DELETE FROM lookup_cache');
    h.sandbox.injectFault({ path: '/ruc', kind: 'status', status: 503, times: 2 });
    const failed = documentOf(await h.send(`lote ${RUC_B}`));
    expect(failed.caption).toContain('Sin respuesta del servicio: 1');
    const { sheets } = await readWorkbook(failed.bytes);
    expect(sheets.Observaciones).toContainEqual([RUC_B, 'Servicio de consultas no disponible']);
  });
});

describe('lote when the budget refuses mid-batch', () => {
  let h: BotHarness;
  beforeAll(async () => {
    h = await createBotHarness({
      lookup: (sandbox) => {
        // the real refusal of the credit budget (src/budget), as its lookup middleware throws it
        const budgetError = new BudgetExceededError('ruc', 'overall', 'day', 2);
        let calls = 0;
        return new Proxy({} as never, {
          get(_target, property: string) {
            return async (...args: unknown[]) => {
              const { createLookupClient } = await import('../../../src/lookup/index.js');
              client ??= createLookupClient({
                baseUrl: sandbox.baseUrl,
                token: sandbox.token,
                retries: 0,
              });
              if (property === 'ruc' && ++calls > 2) throw budgetError;
              return (client as unknown as Record<string, (...a: unknown[]) => unknown>)[property]!(...args);
            };
          },
        });
      },
    });
    h.config.batch = { ...h.config.batch, confirmAbove: 1000, concurrency: 1 };
  });
  let client: unknown;
  afterAll(async () => {
    await h.close();
    await (client as { close?: () => Promise<void> } | undefined)?.close?.();
  });

  it('stops cleanly and records "presupuesto agotado" for every remaining number', async () => {
    const list = ['20123456786', '20601234565', '20612345679', '20487654320'];
    const doc = documentOf(await h.send(`lote ${list.join(' ')}`));
    expect(doc.caption).toContain('Presupuesto agotado: 2 sin consultar');
    const { sheets } = await readWorkbook(doc.bytes);
    expect(sheets.Observaciones).toEqual([
      ['Entrada', 'Motivo'],
      ['20612345679', 'Presupuesto agotado: no se consultó'],
      ['20487654320', 'Presupuesto agotado: no se consultó'],
    ]);
    expect(h.sandbox.requestCount('/ruc')).toBe(2);
  });
});
