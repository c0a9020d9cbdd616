import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLookupClient, type LookupClient } from '../../src/lookup/client.js';
import { unzipBase64 } from '../../src/lookup/zip.js';
import { useSandbox } from '../helpers/sandbox.js';

// Every one of the 20 operations against the real sandbox over loopback HTTP.
const NOW = new Date('2026-11-23T15:00:00Z'); // Monday 10:00 in Lima
const OWN = '20123456786';
const credentials = { ruc: OWN, user: 'CHASQUI1', password: 'sandbox-clave' };
const invoice = (series: string, number: string, type = '01') => ({ ruc: OWN, type, series, number });
const guideRef = (number: string) => ({ ruc: OWN, type: '09', series: 'T001', number });

const sandbox = useSandbox({ port: 0, now: () => NOW });
let client: LookupClient;

beforeAll(async () => {
  client = createLookupClient({
    baseUrl: sandbox.baseUrl,
    token: sandbox.token,
    messagingBaseUrl: sandbox.messagingUrl,
  });
});

afterAll(async () => {
  await client?.close();
});

describe('person operations', () => {
  it('1 dni: returns the person and normalises a numeric-string check digit to a number', async () => {
    const person = await client.dni('45678912');
    expect(person).toMatchObject({ numero: '45678912', nombre_completo: 'QUISPE MAMANI, ROSA ELENA' });
    expect(person.codigo_verificacion).toBe(4);
  });

  it('1 dni: accepts null elements in the ubigeo triple', async () => {
    const person = await client.dni('70123456');
    expect(person.ubigeo).toHaveLength(3);
    expect(person.ubigeo).toContain(null);
  });

  it('2 dniRuc: a DNI with RUC answers the number, one without RUC is an answer too', async () => {
    await expect(client.dniRuc('45678912')).resolves.toMatchObject({ hasRuc: true, ruc: '10456789124' });
    await expect(client.dniRuc('41234567')).resolves.toEqual({
      hasRuc: false,
      message: 'El DNI no cuenta con RUC',
    });
  });

  it('3-5 ce, cee, ci: return the foreign-document person', async () => {
    await expect(client.ce('001234567')).resolves.toMatchObject({
      numero: '001234567',
      apellido_paterno: 'KOWALSKI',
    });
    await expect(client.cee('000765432')).resolves.toMatchObject({ numero: '000765432' });
    await expect(client.ci('12345678901')).resolves.toMatchObject({ numero: '12345678901' });
  });

  it('12 licence: succeeds although the upstream reply carries no success flag', async () => {
    const raw = await request(`${sandbox.baseUrl}/licencia`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ dni: '41234567' }),
    });
    const envelope = (await raw.body.json()) as Record<string, unknown>;
    expect('success' in envelope).toBe(false);
    const licence = await client.licence('41234567');
    expect(licence.licencia.numero).toBe('Q41234567');
  });
});

describe('taxpayer operations', () => {
  it('6 ruc: returns the taxpayer record', async () => {
    const taxpayer = await client.ruc('20612345679');
    expect(taxpayer).toMatchObject({
      ruc: '20612345679',
      nombre_o_razon_social: 'COMERCIAL PACHACAMAC S.A.',
    });
    expect(taxpayer.estado).toBe('SUSPENSION TEMPORAL');
    expect(taxpayer.ubigeo).toHaveLength(3);
  });

  it('7 fiscalAddress: returns a single object', async () => {
    const address = await client.fiscalAddress(OWN);
    expect(Array.isArray(address)).toBe(false);
    expect(address.tipo_de_establecimiento).toBeTruthy();
  });

  it('8-10: establishments, workers and coercive debts hold several records', async () => {
    const establishments = await client.establishments(OWN);
    expect(establishments.length).toBeGreaterThan(1);
    expect(establishments[0]?.tipo_establecimiento).toBeTruthy();
    const workers = await client.workers(OWN);
    expect(workers.length).toBeGreaterThan(1);
    expect(workers.map((w) => w.numero_trabajadores)).toContain('1 234');
    const debts = await client.coerciveDebt(OWN);
    expect(debts.length).toBeGreaterThan(1);
    expect(debts[0]?.periodo_tibutario).toMatch(/^\d{4} - \d{2}$/);
  });

  it('11 searchCompany: returns the hits of a name search', async () => {
    const hits = await client.searchCompany('TRANSPORTES ANDINOS');
    expect(hits.map((h) => h.ruc)).toContain(OWN);
  });
});

describe('vehicle and rate operations', () => {
  it('13 vehicle: returns the plate record', async () => {
    await expect(client.vehicle('ABC123')).resolves.toMatchObject({ placa: 'ABC123', marca: 'VOLVO' });
  });

  it('14 exchangeRate: a Sunday falls back to the last published day', async () => {
    const rate = await client.exchangeRate('2026-11-22');
    expect(rate).toMatchObject({ fecha_busqueda: '2026-11-22', fecha_taxauth: '2026-11-21' });
    expect(rate.venta).toBeGreaterThan(rate.compra);
    expect(rate.sale).toBe(rate.venta);
  });

  it('15 pensionRates: one record per manager', async () => {
    const rates = await client.pensionRates('2026-10');
    expect(rates.map((r) => r.afp).sort()).toEqual(['HABITAT', 'INTEGRA', 'PRIMA', 'PROFUTURO']);
    expect(typeof rates[0]?.remunaracion_maxima).toBe('number');
  });
});

describe('document operations', () => {
  it('16 invoiceXml: the Base64 ZIP opens to the invoice XML', async () => {
    const file = await client.invoiceXml(credentials, invoice('F001', '123'));
    const entries = unzipBase64(file.xml_base64);
    expect(entries.map((e) => e.name)).toEqual([`${OWN}-01-F001-123.xml`]);
    expect(Buffer.from(entries[0]?.bytes ?? []).toString('utf8')).toContain('<');
  });

  it('17 invoicePdf: the ZIP holds the PDF; a two-file ZIP yields both files', async () => {
    const pdf = unzipBase64((await client.invoicePdf(credentials, invoice('F001', '123'))).xml_base64);
    expect(pdf.map((e) => e.name)).toEqual([`${OWN}-01-F001-123.pdf`]);
    expect(
      Buffer.from(pdf[0]?.bytes ?? [])
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const two = unzipBase64((await client.invoiceXml(credentials, invoice('F001', '902'))).xml_base64);
    expect(two).toHaveLength(2);
  });

  it('16: a corrupt and an empty ZIP are reported by reason, a boleta opens', async () => {
    const corrupt = await client.invoiceXml(credentials, invoice('F001', '900'));
    expect(() => unzipBase64(corrupt.xml_base64)).toThrow(expect.objectContaining({ reason: 'corrupt' }));
    const empty = await client.invoiceXml(credentials, invoice('F001', '901'));
    expect(() => unzipBase64(empty.xml_base64)).toThrow(expect.objectContaining({ reason: 'empty' }));
    const boleta = await client.invoiceXml(credentials, invoice('B001', '15', '03'));
    expect(unzipBase64(boleta.xml_base64)[0]?.name).toBe(`${OWN}-03-B001-15.xml`);
  });

  it('18 guideXml: data is a bare Base64 string of the XML', async () => {
    const base64 = await client.guideXml(guideRef('42'));
    expect(typeof base64).toBe('string');
    expect(Buffer.from(base64, 'base64').toString('utf8')).toContain('T001');
  });

  it('19 guide: active guide with drivers, vehicle and goods', async () => {
    const guide = await client.guide(guideRef('42'));
    expect(guide.baja).toBeNull();
    expect(guide.traslado.conductor.map((d) => d.numDocIdentidad)).toEqual(['41234567', '70123456']);
    expect(guide.traslado.vehiculo[0]?.numPlaca).toBe('ABC123');
    expect(guide.traslado.bien.length).toBeGreaterThan(1);
  });

  it('19 guide: cancelled guide carries baja and state 02; a big one keeps all items', async () => {
    const cancelled = await client.guide(guideRef('43'));
    expect(cancelled.codEstado).toBe('02');
    expect(cancelled.baja?.desMotivo).toBeTruthy();
    expect((await client.guide(guideRef('44'))).traslado.bien).toHaveLength(200);
  });

  it('19 guide: accepts null in every nullable field', async () => {
    const guide = await client.guide(guideRef('45'));
    expect(guide.observacion).toBeNull();
    expect(guide.remitente).toBeNull();
    expect(guide.emision.desNota).toBeNull();
  });
});

describe('messaging host', () => {
  it('20 groups: lists the groups with participants', async () => {
    const groups = await client.groups();
    expect(groups.map((g) => g.Name)).toEqual(
      expect.arrayContaining(['Despacho Lima', 'Contabilidad', 'Recursos Humanos']),
    );
    expect(groups[0]?.Participants.length).toBeGreaterThan(0);
    expect(sandbox.requestCount('/group/all')).toBe(1);
  });
});
