import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_NAMES } from '../../../src/config/cache-ttl.js';
import { type BotHarness, createBotHarness } from '../../helpers/bot-harness.js';

/**
 * Every lookup command through the real app (router, validators, templates) against the sandbox:
 * success, invalid input (no API call), not found, upstream down. Caching is off so each case
 * reaches the sandbox, and so is the official rate, so `tc` takes its paid path like the others
 * (the free sources first: free-sources.test.ts); there is no padrón edition.
 */
const NOW = new Date('2026-11-22T15:00:00Z'); // Sunday 10:00 in Lima
const UNAVAILABLE = 'El servicio de consultas no responde, intenta en unos minutos.';

interface Row {
  name: string;
  path: string;
  ok: string;
  expected: string[];
  invalid: string;
  invalidReply: string;
  notFound?: string;
  notFoundReply?: string;
}

const rows: Row[] = [
  {
    name: 'ruc',
    path: '/ruc',
    ok: 'ruc 20123456786',
    expected: ['*TRANSPORTES ANDINOS DEL SUR S.A.C.*', 'RUC: 20123456786', 'Condición: HABIDO'],
    invalid: 'ruc 2010007097',
    invalidReply: 'El RUC debe tener 11 dígitos y «2010007097» tiene 10',
    notFound: 'ruc 20609876540',
    notFoundReply: 'No se encontró RUC. Revisa el dato e intenta de nuevo.',
  },
  {
    name: 'domicilio',
    path: '/ruc/domicilio-fiscal',
    ok: 'domicilio 20123456786',
    expected: ['*Domicilio fiscal* · RUC 20123456786', 'Tipo: DOMICILIO FISCAL'],
    invalid: 'domicilio 20123456787',
    invalidReply: 'el último dígito (dígito verificador) no corresponde',
    notFound: 'domicilio 20609876540',
    notFoundReply: 'No se encontró RUC',
  },
  {
    name: 'locales',
    path: '/ruc/establecimientos',
    ok: 'establecimientos 20123456786',
    expected: ['*Establecimientos* · RUC 20123456786', '1. *SUCURSAL* (0001)'],
    invalid: 'locales 2012345678A',
    invalidReply: 'no es un RUC',
    notFound: 'locales 20609876540',
    notFoundReply: 'No se encontró RUC',
  },
  {
    name: 'trabajadores',
    path: '/ruc/trabajadores',
    ok: 'trabajadores 20123456786',
    expected: ['*07/2026*: 1,234 trabajadores'],
    invalid: 'trabajadores 30123456786',
    invalidReply: 'debe empezar con 10, 15, 16, 17 o 20',
    notFound: 'trabajadores 20609876540',
    notFoundReply: 'No se encontró información para el RUC *20609876540*',
  },
  {
    name: 'deuda',
    path: '/ruc/deuda-coactiva',
    ok: 'deuda 20123456786',
    expected: ['*S/ 15,230.50* · periodo 11/2025', '*Total: S/ 21,012.85* (3 deudas)'],
    invalid: 'deuda 20123456787',
    invalidReply: 'Ejemplo: *deuda 20123456786*',
    notFound: 'deuda 20609876540',
    notFoundReply: 'No se encontró información para el RUC *20609876540*',
  },
  {
    name: 'buscar',
    path: '/ruc/razon_social',
    ok: '/buscar andinos',
    expected: ['*Resultados para «ANDINOS»*', 'TRANSPORTES ANDINOS DEL SUR S.A.C.'],
    invalid: '/buscar ab',
    invalidReply: 'Escribe al menos 3 letras para buscar',
    notFound: '/razon zzzzzz',
    notFoundReply: 'No se encontraron resultados',
  },
  {
    name: 'dni',
    path: '/dni',
    ok: 'dni 45678912',
    expected: ['*QUISPE MAMANI, ROSA ELENA*', 'DNI: 45678912-4'],
    invalid: 'dni 4567891',
    invalidReply: 'El DNI debe tener 8 dígitos y «4567891» tiene 7',
    notFound: 'dni 87654321',
    notFoundReply: 'No se encontró DNI',
  },
  {
    name: 'dniruc',
    path: '/dni-ruc',
    ok: 'dniruc 45678912',
    expected: ['El DNI 45678912 *sí* cuenta con RUC: *10456789124*'],
    invalid: 'dniruc 456789123',
    invalidReply: 'El DNI debe tener 8 dígitos',
    notFound: 'dniruc 41234567',
    notFoundReply: 'El DNI 41234567 *no* cuenta con RUC.',
  },
  {
    name: 'ce',
    path: '/ce',
    ok: 'ce 001234567',
    expected: ['*KOWALSKI NOWAK, ANNA*', 'Carné de extranjería: 001234567'],
    invalid: 'ce 1234567890123456',
    invalidReply: 'de 1 a 15 letras o números',
    notFound: 'ce 999999',
    notFoundReply: 'No se encontró el carné de extranjería *999999*',
  },
  {
    name: 'cee',
    path: '/cee',
    ok: 'cee 000765432',
    expected: ['*BERGMANN LINDQVIST, JONAS ELIAS*'],
    invalid: 'cee 12#456',
    invalidReply: 'no es un número de carné especial de extranjería',
    notFound: '/cee 111',
    notFoundReply: 'No se encontró el carné especial de extranjería *111*',
  },
  {
    name: 'ci',
    path: '/ci',
    ok: 'ci 12345678901',
    expected: ['*GUTIÉRREZ SALAZAR, MARÍA FERNANDA*', 'Cédula de identidad: 12345678901'],
    invalid: 'ci 1234567890123456',
    invalidReply: 'cédula de identidad',
    notFound: '/ci 1',
    notFoundReply: 'No se encontró la cédula de identidad *1*',
  },
  {
    name: 'licencia',
    path: '/licencia',
    ok: 'brevete Q41234567',
    expected: [
      '*HUAMAN TORRES CARLOS ALBERTO*',
      'Licencia: *Q41234567* · categoría A-IIIc',
      'Vence: 02/08/2027',
    ],
    invalid: 'licencia 4123',
    invalidReply: 'El DNI debe tener 8 dígitos',
    notFound: 'licencia 87654321',
    notFoundReply: 'No se encontró licencia de conducir para el DNI *87654321*.',
  },
  {
    name: 'placa',
    path: '/placa',
    ok: 'placa abc-123',
    expected: ['*Placa ABC123*', 'VOLVO FH', 'Color: BLANCO'],
    invalid: 'placa 12',
    invalidReply: '«12» no parece una placa',
    notFound: 'placa ZZZ-999',
    notFoundReply: 'No se encontró la placa *ZZZ999*.',
  },
  {
    name: 'tc',
    path: '/tipo_de_cambio',
    ok: 'tc 20/11/2026',
    expected: ['*Tipo de cambio USD* · 20/11/2026', 'Compra: *3.', 'Venta: *3.'],
    invalid: 'tc 31/02/2026',
    invalidReply: 'No entiendo la fecha «31/02/2026»',
  },
  {
    name: 'afp',
    path: '/comisiones-afp',
    ok: 'afp 10/2026',
    expected: ['*Comisiones AFP* · 10/2026', '*PROFUTURO*', 'Remuneración máxima asegurable: S/ 12,234.56'],
    invalid: 'afp 13/2026',
    invalidReply: 'No entiendo el periodo «13/2026»',
    notFound: 'afp 2019-12',
    notFoundReply: 'No hay comisiones AFP publicadas para el periodo 12/2019.',
  },
];

let harness: BotHarness;
const noCache = Object.fromEntries([...OPERATION_NAMES, 'pastRates', 'notFound'].map((k) => [k, 0]));

beforeAll(async () => {
  harness = await createBotHarness({
    now: () => NOW,
    config: {
      cacheTtlSeconds: noCache as never,
      exchangeRate: { official: false, bcrpUrl: 'http://127.0.0.1:9' },
    },
  });
});
afterAll(async () => {
  await harness.close();
});
afterEach(() => {
  harness.sandbox.clearFaults();
});

async function say(text: string): Promise<string[]> {
  return harness.texts(await harness.send(text));
}

describe.each(rows)('$name', (row) => {
  it('answers from the sandbox', async () => {
    const before = harness.sandbox.requestCount(row.path);
    const [reply, ...more] = await say(row.ok);
    expect(more).toEqual([]);
    for (const part of row.expected) expect(reply).toContain(part);
    expect(harness.sandbox.requestCount(row.path)).toBe(before + 1);
  });

  it('rejects invalid input with an example and no API call', async () => {
    const before = harness.sandbox.requestCount();
    const [reply] = await say(row.invalid);
    expect(reply).toContain(row.invalidReply);
    expect(reply).toMatch(/Ejemplo: \*.+\*/);
    expect(harness.sandbox.requestCount()).toBe(before);
  });

  it('says the service is down when the upstream keeps failing', async () => {
    harness.sandbox.injectFault({ path: row.path, kind: 'status', status: 503, times: 5 });
    expect(await say(row.ok)).toEqual([UNAVAILABLE]);
  });
});

describe('a foreign document asked for without its number', () => {
  it.each([
    ['/ce', 'carné de extranjería'],
    ['/cee', 'carné especial de extranjería'],
    ['/ci', 'cédula de identidad'],
  ])('%s names which document is missing', async (text, name) => {
    const [reply] = await say(text);
    expect(reply).toContain(`Falta el número de ${name}`);
  });
});

describe.each(rows.filter((row) => row.notFound !== undefined))('$name', (row) => {
  it('tells when there is nothing to show', async () => {
    const [reply] = await say(row.notFound ?? '');
    expect(reply).toContain(row.notFoundReply);
  });
});

describe('defaults and fallbacks', () => {
  it('tc without a date asks for today in Lima and notes the Saturday rate on a Sunday', async () => {
    harness.sandbox.resetRequests();
    const [reply] = await say('tc');
    expect(reply).toContain('· 22/11/2026');
    expect(reply).toContain('_Tipo de cambio publicado el 21/11/2026_');
    expect(harness.sandbox.requests.at(-1)?.body).toMatchObject({ fecha: '2026-11-22' });
  });

  it('tc understands ayer and refuses a future date without calling the API', async () => {
    expect((await say('tc ayer'))[0]).toContain('· 21/11/2026');
    const before = harness.sandbox.requestCount();
    expect((await say('tc 2026-11-23'))[0]).toContain(
      'La fecha 23/11/2026 todavía no llega (hoy es 22/11/2026)',
    );
    expect(harness.sandbox.requestCount()).toBe(before);
  });

  it('afp without a period asks for the current Lima month', async () => {
    harness.sandbox.resetRequests();
    const [reply] = await say('afp');
    expect(reply).toContain('*Comisiones AFP* · 11/2026');
    expect(harness.sandbox.requests.at(-1)?.body).toMatchObject({ periodo: '2026-11' });
  });

  it('a company without debts is told so', async () => {
    expect((await say('deuda 20612345679'))[0]).toContain('No registra deuda en cobranza coactiva');
  });

  it('credits exhausted tells the user an administrator must recharge', async () => {
    harness.sandbox.injectFault({ path: '/ruc', kind: 'credits' });
    expect((await say('ruc 20123456786'))[0]).toContain('Un administrador debe recargarlos');
  });
});

describe('chatter after a command word stays silent', () => {
  it.each([
    'la placa del camión está sucia',
    'placa del camión está sucia',
    'tc mañana temprano',
    'buscar el camión mañana',
    'ayuda con el camión por favor',
    'ruc del cliente lo mando luego',
    'dni de la señora',
  ])('%j', async (text) => {
    const before = harness.sandbox.requestCount();
    expect(await harness.send(text)).toEqual([]);
    expect(harness.sandbox.requestCount()).toBe(before);
  });

  it('but a quoted or legal-form company name after buscar is a search', async () => {
    expect((await say('buscar comercial pachacamac s.a.'))[0]).toContain('COMERCIAL PACHACAMAC S.A.');
    expect((await say('buscar "los alamos"'))[0]).toContain('DISTRIBUIDORA LOS ALAMOS E.I.R.L.');
  });
});
