import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  coerciveDebtSchema,
  companyHitSchema,
  dniRucSchema,
  establishmentSchema,
  fiscalAddressSchema,
  foreignPersonSchema,
  groupListSchema,
  guideSchema,
  licenceSchema,
  pensionRateSchema,
  personSchema,
  taxpayerSchema,
  vehicleSchema,
  workersPeriodSchema,
} from '../../src/lookup/schemas/index.js';
import {
  coerciveDebts,
  companyIndex,
  dniRuc,
  establishments,
  fiscalAddresses,
  fixedPensionRates,
  foreignPersons,
  groups,
  guides,
  guideXmlBase64,
  invoiceZips,
  licences,
  persons,
  taxpayers,
  unknownIdentities,
  vehicles,
  workers,
} from '../../src/sandbox/fixtures/index.js';
import { dniCheckDigit, rucIsValid } from './check-digits.js';

const parseAll = <T>(schema: z.ZodType<T>, values: Record<string, unknown>) => {
  for (const [key, value] of Object.entries(values)) {
    const result = schema.safeParse(value);
    expect(result.success, `${key}: ${result.error?.message}`).toBe(true);
  }
};

describe('sandbox fixtures', () => {
  it('parse with the lookup schemas of every record type', () => {
    parseAll(personSchema, persons);
    parseAll(dniRucSchema, dniRuc);
    parseAll(foreignPersonSchema, { ...foreignPersons.ce, ...foreignPersons.cee, ...foreignPersons.ci });
    parseAll(licenceSchema, licences);
    parseAll(taxpayerSchema, taxpayers);
    parseAll(fiscalAddressSchema, fiscalAddresses);
    parseAll(z.array(establishmentSchema), establishments);
    parseAll(z.array(workersPeriodSchema), workers);
    parseAll(z.array(coerciveDebtSchema), coerciveDebts);
    parseAll(z.array(companyHitSchema), { index: companyIndex });
    parseAll(vehicleSchema, vehicles);
    parseAll(z.array(pensionRateSchema), fixedPensionRates);
    parseAll(guideSchema, guides);
    parseAll(groupListSchema, { groups: { data: groups } });
  });

  it('carry valid RUC check digits, and the invalid/unknown identities are what the brief says', () => {
    const rucs = [
      ...Object.keys(taxpayers),
      ...companyIndex.map((h) => h.ruc),
      ...Object.values(dniRuc).map((r) => r.ruc),
    ];
    for (const ruc of rucs) expect(rucIsValid(ruc), ruc).toBe(true);
    expect(rucIsValid(unknownIdentities.ruc)).toBe(true);
    expect(taxpayers[unknownIdentities.ruc]).toBeUndefined();
    expect(rucIsValid(unknownIdentities.invalidRuc)).toBe(false);
    expect(taxpayers['10456789124']?.nombre_o_razon_social).toBe('QUISPE MAMANI ROSA ELENA');
  });

  it('give every person the DNI check digit, one of them as a numeric string', () => {
    for (const [dni, person] of Object.entries(persons)) {
      expect(Number(person.codigo_verificacion), dni).toBe(dniCheckDigit(dni));
      expect(personSchema.parse(person).codigo_verificacion).toBe(dniCheckDigit(dni));
    }
    expect(typeof persons['45678912']?.codigo_verificacion).toBe('string');
    expect(Object.values(persons).some((p) => p.ubigeo.includes(null))).toBe(true);
    expect(persons[unknownIdentities.dni]).toBeUndefined();
  });

  it('make the own company rich: establishments, workers with "1 234", coercive debts', () => {
    expect(establishments['20123456786']?.length).toBeGreaterThanOrEqual(3);
    const periods = workers['20123456786'] ?? [];
    expect(periods.length).toBeGreaterThanOrEqual(4);
    expect(periods.map((p) => p.numero_trabajadores)).toContain('1 234');
    const debts = coerciveDebts['20123456786'] ?? [];
    expect(debts.length).toBeGreaterThanOrEqual(2);
    for (const debt of debts) {
      expect(debt.periodo_tibutario).toMatch(/^\d{4} - \d{2}$/);
      expect(debt.monto).toMatch(/^\d+\.\d{2}$/);
    }
    expect(coerciveDebts['20612345679']).toEqual([]);
    expect(taxpayers['20612345679']?.estado).toBe('SUSPENSION TEMPORAL');
  });

  it('serve invoice ZIPs that really unzip, with the named files and real PDF bytes', () => {
    const one = invoiceZips()['20123456786-01-F001-123'];
    expect(one).toBeDefined();
    const xmlFiles = unzipSync(Buffer.from(one?.xml ?? '', 'base64'));
    expect(Object.keys(xmlFiles)).toEqual(['20123456786-01-F001-123.xml']);
    const xml = Buffer.from(xmlFiles['20123456786-01-F001-123.xml'] ?? []).toString('utf8');
    expect(xml).toContain('<cbc:ID>F001-123</cbc:ID>');
    expect(xml).toContain('20601234565');
    const pdfFiles = unzipSync(Buffer.from(one?.pdf ?? '', 'base64'));
    const pdf = Buffer.from(pdfFiles['20123456786-01-F001-123.pdf'] ?? []);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toBe('%%EOF\n');

    const two = unzipSync(Buffer.from(invoiceZips()['20123456786-01-F001-902']?.xml ?? '', 'base64'));
    expect(Object.keys(two)).toHaveLength(2);
    expect(
      Object.keys(unzipSync(Buffer.from(invoiceZips()['20123456786-01-F001-901']?.xml ?? '', 'base64'))),
    ).toEqual([]);
    expect(() =>
      unzipSync(Buffer.from(invoiceZips()['20123456786-01-F001-900']?.xml ?? '', 'base64')),
    ).toThrow();
    const boleta = unzipSync(Buffer.from(invoiceZips()['20123456786-03-B001-15']?.pdf ?? '', 'base64'));
    expect(Object.keys(boleta)).toEqual(['20123456786-03-B001-15.pdf']);
  });

  it('build a PDF that a PDF reader opens and reads the invoice text from', async () => {
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const files = unzipSync(Buffer.from(invoiceZips()['20123456786-01-F001-123']?.pdf ?? '', 'base64'));
    const data = new Uint8Array(files['20123456786-01-F001-123.pdf'] ?? []);
    const doc = await getDocument({ data, verbosity: 0 }).promise;
    expect(doc.numPages).toBe(1);
    const content = await (await doc.getPage(1)).getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
    expect(text).toContain('FACTURA ELECTRONICA F001-123');
    expect(text).toContain('TRANSPORTES ANDINOS DEL SUR S.A.C.');
    await doc.destroy();
  });

  it('cover the guide cases: active, cancelled, 200 goods, all-null, each with its XML', () => {
    const active = guides['20123456786-09-T001-42'];
    expect(active?.traslado.conductor.map((c) => c.numDocIdentidad)).toEqual(['41234567', '70123456']);
    expect(active?.traslado.vehiculo[0]?.numPlaca).toBe('ABC123');
    expect(active?.emision.desQr).toMatch(/^https:\/\/e-factura\.example\.pe\/.*hashqr=/);
    expect(active?.traslado.bien.some((b) => b.desBien.includes('CAÑERÍA'))).toBe(true);
    const cancelled = guides['20123456786-09-T001-43'];
    expect(cancelled?.codEstado).toBe('02');
    expect(cancelled?.desEstado).toBe('BAJA');
    expect(cancelled?.baja?.desMotivo).toBeTruthy();
    expect(guides['20123456786-09-T001-44']?.traslado.bien).toHaveLength(200);
    const empty = guides['20123456786-09-T001-45'];
    expect(empty?.observacion).toBeNull();
    expect(empty?.traslado.fecEntrega).toBeNull();
    expect(empty?.traslado.partida.direccion.contribuyente.numRuc).toBeNull();
    expect(empty?.emision.firma.fecFirma).toBeNull();
    for (const key of Object.keys(guides)) {
      const xml = Buffer.from(guideXmlBase64[key] ?? '', 'base64').toString('utf8');
      expect(xml.startsWith('<?xml')).toBe(true);
      expect(xml).toContain(`<cbc:ID>${key.split('-').slice(2).join('-')}</cbc:ID>`);
    }
  });

  it('list three groups with admins and one @lid participant carrying its phone number', () => {
    expect(groups.map((g) => g.JID)).toEqual([
      '120363000000000001@g.us',
      '120363000000000002@g.us',
      '120363000000000003@g.us',
    ]);
    expect(groups.map((g) => g.Name)).toEqual(['Despacho Lima', 'Contabilidad', 'Recursos Humanos']);
    const all = groups.flatMap((g) => g.Participants);
    expect(all.some((p) => p.IsAdmin)).toBe(true);
    const lid = all.find((p) => p.JID.endsWith('@lid'));
    expect(lid?.PhoneNumber).toMatch(/^51\d{9}@s\.whatsapp\.net$/);
    for (const g of groups) expect(g.ParticipantCount).toBe(g.Participants.length);
  });
});
