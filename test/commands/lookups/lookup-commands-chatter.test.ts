import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_NAMES } from '../../../src/config/cache-ttl.js';
import { type BotHarness, createBotHarness } from '../../helpers/bot-harness.js';

/**
 * Review findings of issue 3 through the real app and the sandbox: chatter that used to spend paid
 * credits stays silent, and replies to several identifiers, labels (`RUC:`), punctuation,
 * full-width digits, year-less dates and unknown documents are the helpful ones.
 */
const NOW = new Date('2026-11-22T15:00:00Z'); // Sunday 10:00 in Lima

let harness: BotHarness;
const noCache = Object.fromEntries([...OPERATION_NAMES, 'pastRates', 'notFound'].map((k) => [k, 0]));

beforeAll(async () => {
  harness = await createBotHarness({ now: () => NOW, config: { cacheTtlSeconds: noCache as never } });
});
afterAll(async () => {
  await harness.close();
});

async function say(text: string): Promise<string[]> {
  return harness.texts(await harness.send(text));
}

/** Sends `text` and returns its replies, asserting the sandbox got no request. */
async function sayOffline(text: string): Promise<string[]> {
  const before = harness.sandbox.requestCount();
  const replies = await say(text);
  expect(harness.sandbox.requestCount()).toBe(before);
  return replies;
}

describe('chatter that starts with a command word costs nothing and gets no reply', () => {
  it.each([
    'carne 2 kilos',
    'cedula 1 copia',
    'carnet 123 vencido',
    'carnet 123',
    'ce 12345',
    'placa 2 veces',
    'deudas 3 clientes',
    'planilla 2025 lista',
    'comisiones 3 vendedores',
    'tc 3 personas',
    'tc hoy no llego',
    'dni 45678912 de la señora',
    'xml F001-123 mañana',
    'guiaxml T001-42 luego',
  ])('%j', async (text) => {
    const before = harness.sandbox.requestCount();
    expect(await harness.send(text)).toEqual([]);
    expect(harness.sandbox.requestCount()).toBe(before);
  });
});

describe('attempts with a mistake still get a short reply, without an API call', () => {
  it('keeps ruc 2010007097 and placa 12 as attempts', async () => {
    expect((await sayOffline('ruc 2010007097'))[0]).toContain('«2010007097» tiene 10');
    expect((await sayOffline('placa 12'))[0]).toContain('«12» no parece una placa');
  });

  it('does not glue an addressed /placa 2 veces into the plate 2VECES', async () => {
    const [reply] = await sayOffline('/placa 2 veces');
    expect(reply).toContain('«2» no parece una placa');
    expect(reply).not.toContain('2VECES');
  });

  it('still looks up a short foreign document number when the bot is addressed', async () => {
    const before = harness.sandbox.requestCount('/ce');
    expect((await say('/ce 999'))[0]).toContain('No se encontró el carné de extranjería *999*');
    expect(harness.sandbox.requestCount('/ce')).toBe(before + 1);
  });

  it('answers carnet with a full CE number without a prefix', async () => {
    expect((await say('carnet 001234567'))[0]).toContain('KOWALSKI NOWAK, ANNA');
  });
});

describe('several identifiers in one message', () => {
  it.each([
    ['ruc 20123456786 20601234565', 'Consulto un RUC a la vez'],
    ['dni 45678912 41234567', 'Consulto un DNI a la vez'],
    ['placa abc123 b7x456', 'Consulto una placa a la vez'],
  ])('%j asks for one at a time', async (text, expected) => {
    const [reply, ...more] = await sayOffline(text);
    expect(more).toEqual([]);
    expect(reply).toContain(expected);
    expect(reply).toMatch(/Ejemplo: \*.+\*/);
    expect(reply).not.toContain('22 dígitos');
  });
});

describe('forms people type', () => {
  it.each([
    // Issue 11: courtesy after a complete identifier no longer makes it chatter (was silent).
    ['ruc 20123456786 por favor', 'TRANSPORTES ANDINOS DEL SUR S.A.C.'],
    ['RUC: 20123456786', 'TRANSPORTES ANDINOS DEL SUR S.A.C.'],
    ['ruc 20123456786?', 'TRANSPORTES ANDINOS DEL SUR S.A.C.'],
    ['¿ruc 20123456786?', 'TRANSPORTES ANDINOS DEL SUR S.A.C.'],
    ['ruc ２０１２３４５６７８６', 'TRANSPORTES ANDINOS DEL SUR S.A.C.'],
    ['placa: ABC-123', '*Placa ABC123*'],
    ['placa ABC-123!', '*Placa ABC123*'],
    ['dni 45678912.', 'QUISPE MAMANI, ROSA ELENA'],
  ])('%j is answered', async (text, expected) => {
    const [reply] = await say(text);
    expect(reply).toContain(expected);
  });
});

describe('dates and periods without a year', () => {
  it('tc 20/11 asks for this year in Lima (BCRP’s close of Thursday 19th, free)', async () => {
    harness.sandbox.resetRequests();
    const [reply] = await say('tc 20/11');
    expect(reply).toContain('*Tipo de cambio USD* · 20/11/2026');
    expect(reply).toContain('_Fuente: BCRP, tipo de cambio SBS al cierre del 19/11/2026_');
    expect(harness.sandbox.requests.at(-1)?.path).toMatch(/\/json\/2026-11-19\/2026-11-19$/u);
  });

  it('tc 23/11 is still ahead this year and says so', async () => {
    expect((await sayOffline('tc 23/11'))[0]).toContain('La fecha 23/11/2026 todavía no llega');
  });

  it('afp 10 asks for October of this year; afp 12 is still ahead', async () => {
    harness.sandbox.resetRequests();
    expect((await say('afp 10'))[0]).toContain('*Comisiones AFP* · 10/2026');
    expect(harness.sandbox.requests.at(-1)?.body).toMatchObject({ periodo: '2026-10' });
    expect((await sayOffline('afp 12'))[0]).toContain('El periodo 12/2026 todavía no llega');
  });

  it('tc 01/01/2000 is refused with the same minimum the answers respect', async () => {
    const [tooOld] = await sayOffline('tc 01/01/2000');
    expect(tooOld).toContain('Solo hay datos desde el 03/01/2000');
    // Monday 3 January 2000 repeats Saturday 1st's publication: the SBS close of 31/12/1999.
    const [first] = await say('tc 03/01/2000');
    expect(first).toContain('· 03/01/2000');
    expect(first).toContain('_Tipo de cambio publicado el 01/01/2000_');
    expect(first).toContain('al cierre del 31/12/1999');
  });
});

describe('documents and periods the API does not know', () => {
  it.each([
    ['guiaxml T001-999', 'No se encontró la guía de remisión remitente T001-999 del RUC 20123456786'],
    ['xml B001-1', 'No se encontró la boleta B001-1 del RUC 20123456786 en el portal tributario'],
    ['pdf F001-999', 'No se encontró la factura F001-999 del RUC 20123456786 en el portal tributario'],
    ['afp 2019-12', 'No hay comisiones AFP publicadas para el periodo 12/2019'],
  ])('%j names what was not found', async (text, expected) => {
    const [reply] = await say(text);
    expect(reply).toContain(expected);
    expect(reply).not.toContain('La consulta no devolvió datos');
  });
});

describe('a document given to the wrong command', () => {
  it('xml T001-42 points to guia, without an API call', async () => {
    const [reply] = await sayOffline('xml T001-42');
    expect(reply).toContain('La serie T001 es de guía de remisión remitente');
    expect(reply).toContain('*guia T001-42*');
    expect(reply).not.toContain('no puedo deducir');
  });

  it('guia F001-42 points to xml and pdf, without an API call', async () => {
    const [reply] = await sayOffline('guia F001-42');
    expect(reply).toContain('La serie F001 es de factura, no una guía');
    expect(reply).toContain('*xml F001-42* o *pdf F001-42*');
  });

  it('a zero correlative must be greater than zero', async () => {
    const [reply] = await sayOffline('guiaxml 20123456786-09-T001-0');
    expect(reply).toContain('el número debe ser mayor que cero');
  });
});
