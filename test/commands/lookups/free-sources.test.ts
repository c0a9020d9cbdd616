import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { exchangeRateFor, sbsCloseOf, taxpayers } from '../../../src/sandbox/fixtures/index.js';
import { padronLine } from '../../../src/sandbox/padron/rows.js';
import { type BotHarness, createBotHarness } from '../../helpers/bot-harness.js';
import { captureLogger } from '../../helpers/fakes.js';
import { loadSandboxPadron } from '../../helpers/padron.js';

/**
 * `buscar`, `ruc`, `domicilio` and `tc` with the free official sources (issue 23), through the real
 * app against the sandbox: its padrón loaded as an edition, its BCRP fake for the SBS close, faults
 * injected in the sandbox. What was paid is read from the sandbox's request log, what was free from
 * `uso` (the usage log).
 */
const EDITION = '2026-11-20';
const FRIDAY_10AM = new Date('2026-11-20T15:00:00Z');
const ANDINOS = '20123456786';
const UNAVAILABLE = 'El servicio de consultas no responde, intenta en unos minutos.';
/** A RUC of the generated register that the API does not know. */
const ONLY_IN_REGISTER = (padronLine(7).split('|')[0] ?? '').trim();

let clock = FRIDAY_10AM;
let h: BotHarness;
const capture = captureLogger();

beforeAll(async () => {
  h = await createBotHarness({ now: () => clock, logger: capture.logger, ratePublishedAt: '09:00' });
  await loadSandboxPadron(h, EDITION);
});
afterAll(async () => {
  await h.close();
});
afterEach(() => {
  h.sandbox.clearFaults();
  h.sandbox.resetRequests();
  h.app.db.exec('DELETE FROM lookup_cache');
  clock = FRIDAY_10AM;
});

async function say(text: string): Promise<string> {
  const replies = h.texts(await h.send(text));
  expect(replies).toHaveLength(1);
  return replies[0] ?? '';
}
const paid = (path: string) => h.sandbox.requestCount(path);
const bcrp = () => h.sandbox.requests.filter((r) => r.path.includes('/estadisticas/')).length;

describe('buscar reads the padrón first', () => {
  it('answers from a fresh edition without a paid search, saying so', async () => {
    const reply = await say('buscar "transportes andinos"');
    expect(reply).toContain('*Resultados para «TRANSPORTES ANDINOS»*');
    expect(reply).toContain(`*TRANSPORTES ANDINOS DEL SUR S.A.C.*\n  RUC ${ANDINOS} · ACTIVO`);
    expect(reply).toContain('_Según el padrón de SUNAT del 20/11/2026_');
    expect(paid('/ruc/razon_social')).toBe(0);
  });

  it('folds accents and case, and finds the last word as a prefix', async () => {
    expect(await say('buscar "transportes ÁNDIN"')).toContain('TRANSPORTES ANDINOS DEL SUR S.A.C.');
    expect(paid('/ruc/razon_social')).toBe(0);
  });

  it('shows at most the list cut and says there are more, without counting them', async () => {
    const reply = await say('buscar "sac"');
    expect(reply).toMatch(/^\*Resultados para «SAC»\*\n/u);
    expect(reply.match(/^• /gmu)).toHaveLength(h.config.maxListItems);
    expect(reply).toContain('… y más: agrega otra palabra del nombre para acotar');
    expect(paid('/ruc/razon_social')).toBe(0);
  });

  it('pays the search when the padrón has no hit', async () => {
    // The register is searched by whole words (the last one as a prefix); the API by any part.
    const reply = await say('buscar "ndinos del sur"');
    expect(reply).toContain('TRANSPORTES ANDINOS DEL SUR S.A.C.');
    expect(reply).not.toContain('padrón');
    expect(paid('/ruc/razon_social')).toBe(1);
  });

  it('pays the search when the edition is older than padron.maxAgeDays', async () => {
    clock = new Date('2026-11-25T15:00:00Z');
    const reply = await say('buscar "transportes andinos"');
    expect(reply).not.toContain('padrón');
    expect(paid('/ruc/razon_social')).toBe(1);
  });
});

describe('ruc and domicilio fall back on the padrón', () => {
  it('pay as before while the API answers', async () => {
    const reply = await say(`ruc ${ANDINOS}`);
    expect(reply).toContain('• Agente de retención');
    expect(reply).not.toContain('padrón');
    expect(paid('/ruc')).toBe(1);
  });

  it('answer from the padrón when the API is down, marked with the edition’s date, and log the failure', async () => {
    h.sandbox.injectFault({ path: '/ruc', kind: 'status', status: 503 });
    const reply = await say(`ruc ${ANDINOS}`);
    const andinos = taxpayers[ANDINOS];
    expect(reply).toBe(
      [
        `*${andinos?.nombre_o_razon_social}*`,
        `RUC: ${ANDINOS}`,
        'Estado: ACTIVO',
        'Condición: HABIDO',
        `Dirección: ${andinos?.direccion}`,
        '_Según el padrón de SUNAT del 20/11/2026 (la consulta en línea no respondió; sin datos de agentes de retención ni buen contribuyente)._',
      ].join('\n'),
    );
    expect(paid('/ruc')).toBe(1);
    const logged = capture.lines().filter((line) => line.answeredFrom === 'padron');
    expect(logged.at(-1)).toMatchObject({
      msg: 'lookup failed',
      operation: 'ruc',
      kind: 'http',
      command: 'ruc',
    });
  });

  it('still raise the credits ALERT when the plan ran out, and answer from the padrón', async () => {
    h.sandbox.injectFault({ path: '/ruc', kind: 'credits' });
    const reply = await say(`ruc ${ANDINOS}`);
    expect(reply).toContain('_Según el padrón de SUNAT del 20/11/2026');
    const alert = capture.lines().filter((line) => line.alert === 'lookup-credits');
    expect(alert.at(-1)).toMatchObject({ level: 50, operation: 'ruc', answeredFrom: 'padron' });
  });

  it('use any edition, however old, and quote its date', async () => {
    clock = new Date('2026-12-20T15:00:00Z');
    h.sandbox.injectFault({ path: '/ruc', kind: 'reset' });
    expect(await say(`ruc ${ANDINOS}`)).toContain('_Según el padrón de SUNAT del 20/11/2026');
  });

  it('give the usual error when the padrón does not list the RUC', async () => {
    h.sandbox.injectFault({ path: '/ruc', kind: 'status', status: 503 });
    expect(await say('ruc 20609876540')).toBe(UNAVAILABLE);
  });

  it('never override an answer of the API: a RUC it does not know is not found, listed or not', async () => {
    expect(h.app.padron?.lookupRuc(ONLY_IN_REGISTER)).toBeDefined();
    expect(await say(`ruc ${ONLY_IN_REGISTER}`)).toContain('No se encontró RUC');
  });

  it('domicilio: the address and ubigeo of the register, marked', async () => {
    h.sandbox.injectFault({ path: '/ruc/domicilio-fiscal', kind: 'status', status: 502 });
    const reply = await say(`domicilio ${ANDINOS}`);
    const row = h.app.padron?.lookupRuc(ANDINOS);
    expect(reply).toBe(
      [
        `*Domicilio fiscal* · RUC ${ANDINOS}`,
        row?.address,
        `Ubigeo: ${row?.ubigeo}`,
        '_Según el padrón de SUNAT del 20/11/2026 (la consulta en línea no respondió)._',
      ].join('\n'),
    );
  });

  it('count what the padrón answered in uso, apart from the failures', async () => {
    const [uso] = h.texts(await h.send('uso'));
    expect(uso).toMatch(/• RUC: \d+ \(\d+ gratis\) · \d+ fallidas/u);
    expect(uso).toMatch(/• Búsqueda por razón social: \d+ \(\d+ gratis\)/u);
    expect(uso).toMatch(/• Domicilio fiscal: 1 \(1 gratis\) · 1 fallida/u);
  });
});

describe('ruc when the credit budget is reached', () => {
  let b: BotHarness;
  beforeAll(async () => {
    b = await createBotHarness({ now: () => FRIDAY_10AM, config: { credits: { daily: 1 } } });
    await loadSandboxPadron(b, EDITION);
  });
  afterAll(async () => {
    await b.close();
  });

  it('answers from the padrón, saying the limit was reached, without a paid call', async () => {
    expect(b.texts(await b.send('ruc 20601234565'))[0]).not.toContain('padrón');
    const [reply] = b.texts(await b.send(`ruc ${ANDINOS}`));
    expect(reply).toContain('*TRANSPORTES ANDINOS DEL SUR S.A.C.*');
    expect(reply).toContain('_Según el padrón de SUNAT del 20/11/2026 (se alcanzó el límite de consultas;');
    expect(b.sandbox.requestCount('/ruc')).toBe(1);
    // Not in the padrón: the budget's own reply.
    expect(b.texts(await b.send('ruc 20609876540'))[0]).toContain('límite');
    expect(b.sandbox.requestCount('/ruc')).toBe(1);
  });
});

describe('tc reads BCRP’s SBS close first', () => {
  it('answers a date BCRP has without a paid call: the paid answer’s values, with the source', async () => {
    clock = new Date('2026-11-22T15:00:00Z'); // Sunday
    const reply = await say('tc 22/11/2026');
    const sunat = exchangeRateFor('2026-11-22', clock, 9 * 60);
    expect(sunat).toMatchObject({ fecha_taxauth: '2026-11-21', ...sbsCloseOf('2026-11-20') });
    expect(reply).toBe(
      [
        '*Tipo de cambio USD* · 22/11/2026',
        `Compra: *${sunat?.compra.toFixed(3)}*`,
        `Venta: *${sunat?.venta.toFixed(3)}*`,
        '_Tipo de cambio publicado el 21/11/2026_',
        '_Fuente: BCRP, tipo de cambio SBS al cierre del 20/11/2026_',
      ].join('\n'),
    );
    expect(paid('/tipo_de_cambio')).toBe(0);
    expect(bcrp()).toBe(1);
  });

  it('pays for today before BCRP has yesterday’s close (the 09:00 publication)', async () => {
    clock = new Date('2026-11-20T13:00:00Z'); // 08:00 in Lima
    const reply = await say('tc');
    expect(reply).toContain('_Tipo de cambio publicado el 19/11/2026_');
    expect(reply).not.toContain('BCRP');
    expect(paid('/tipo_de_cambio')).toBe(1);
    clock = new Date('2026-11-20T14:10:00Z'); // 09:10: published (the miss is kept 5 minutes)
    const later = await say('tc');
    expect(later).toContain('_Fuente: BCRP, tipo de cambio SBS al cierre del 19/11/2026_');
    expect(paid('/tipo_de_cambio')).toBe(1);
  });

  it('pays when BCRP is down, and does not ask it again for a minute', async () => {
    h.sandbox.injectFault({ path: '/estadisticas/*', kind: 'status', status: 503 });
    expect(await say('tc 18/11/2026')).not.toContain('BCRP');
    expect(await say('tc 17/11/2026')).not.toContain('BCRP');
    expect(paid('/tipo_de_cambio')).toBe(2);
    expect(bcrp()).toBe(1);
  });

  it('counts the free answers in uso', async () => {
    const [uso] = h.texts(await h.send('uso'));
    expect(uso).toMatch(/• Tipo de cambio: \d+ \(\d+ gratis\)/u);
    expect(uso).toContain('Créditos ahorrados por fuentes oficiales gratuitas');
  });
});
