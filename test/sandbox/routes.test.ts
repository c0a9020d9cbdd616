import { describe, expect, it } from 'vitest';
import {
  guides,
  guideXmlBase64,
  invoiceZips,
  licences,
  taxpayers,
} from '../../src/sandbox/fixtures/index.js';
import { startSandbox } from '../../src/sandbox/server.js';
import { useSandbox } from '../helpers/sandbox.js';
import { get, post } from './http.js';

// Monday 2026-11-23, 12:00 Lima.
const sandbox = useSandbox({ now: () => new Date('2026-11-23T17:00:00Z') });
const credentials = { ruc: '20123456786', usuario: 'CHASQUI1', password: 'sandbox-clave' };
const invoice = (doc: Record<string, string>) => ({ ...credentials, proveedor: '20123456786', ...doc });

describe('sandbox routes: persons', () => {
  it('answers /dni with the person and "exito", keeping the string check digit', async () => {
    const res = await post(sandbox, '/dni', { dni: '45678912' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      success: true,
      message: 'exito',
      data: { numero: '45678912', nombre_completo: 'QUISPE MAMANI, ROSA ELENA', codigo_verificacion: '4' },
    });
  });

  it('answers an unknown DNI with "No se encontró DNI" (404) and a malformed one with Bad Request (400)', async () => {
    const unknown = await post(sandbox, '/dni', { dni: '87654321' });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ success: false, message: 'No se encontró DNI' });
    for (const dni of ['4567891', '4567891a', '456789123']) {
      const bad = await post(sandbox, '/dni', { dni });
      expect(bad.status).toBe(400);
      expect(bad.json).toEqual({ success: false, message: 'Bad Request' });
    }
  });

  it('answers /dni-ruc with success true + ruc, or success false without data', async () => {
    const has = await post(sandbox, '/dni-ruc', { dni: '45678912' });
    expect(has.json).toEqual({
      success: true,
      message: 'El DNI si cuenta con RUC',
      data: { ruc: '10456789124' },
    });
    const hasNot = await post(sandbox, '/dni-ruc', { dni: '41234567' });
    expect(hasNot.status).toBe(200);
    expect(hasNot.json).toEqual({ success: false, message: 'El DNI no cuenta con RUC' });
    expect((await post(sandbox, '/dni-ruc', { dni: '123' })).status).toBe(400);
  });

  it('answers /ce, /cee and /ci with the foreign record, unknown numbers with Bad Request', async () => {
    const ce = await post(sandbox, '/ce', { ce: '001234567' });
    expect(ce.json).toMatchObject({ success: true, data: { apellido_paterno: 'KOWALSKI', nombres: 'ANNA' } });
    expect((await post(sandbox, '/cee', { cee: '000765432' })).json).toMatchObject({ success: true });
    expect((await post(sandbox, '/ci', { ci: '12345678901' })).json).toMatchObject({ success: true });
    const unknown = await post(sandbox, '/ce', { ce: '009999999' });
    expect(unknown.json).toEqual({ success: false, message: 'Bad Request' });
  });

  it('answers /licencia with "exito!" and no success field', async () => {
    const res = await post(sandbox, '/licencia', { dni: '45678912' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: 'exito!', data: licences['45678912'] });
    expect(res.json).not.toHaveProperty('success');
    expect((await post(sandbox, '/licencia', { dni: '87654321' })).json).toEqual({
      success: false,
      message: 'Bad Request',
    });
  });
});

describe('sandbox routes: taxpayers', () => {
  it('answers /ruc, /ruc/domicilio-fiscal and /ruc/establecimientos', async () => {
    expect((await post(sandbox, '/ruc', { ruc: '20123456786' })).json).toEqual({
      success: true,
      message: 'exito',
      data: taxpayers['20123456786'],
    });
    const fiscal = await post(sandbox, '/ruc/domicilio-fiscal', { ruc: '20123456786' });
    expect(fiscal.json).toMatchObject({
      success: true,
      data: { tipo_de_establecimiento: 'DOMICILIO FISCAL' },
    });
    const est = (await post(sandbox, '/ruc/establecimientos', { ruc: '20123456786' })).json as {
      data: unknown[];
    };
    expect(est.data.length).toBeGreaterThanOrEqual(3);
  });

  it('says "No se encontró RUC" (404) on the three registry routes for an unknown RUC', async () => {
    for (const path of ['/ruc', '/ruc/domicilio-fiscal', '/ruc/establecimientos']) {
      const res = await post(sandbox, path, { ruc: '20609876540' });
      expect(res.status, path).toBe(404);
      expect(res.json, path).toEqual({ success: false, message: 'No se encontró RUC' });
    }
    expect((await post(sandbox, '/ruc', { ruc: '2012345678' })).status).toBe(400);
  });

  it('answers workers and debts as arrays, [] for a known RUC without any, Bad Request when unknown', async () => {
    const w = (await post(sandbox, '/ruc/trabajadores', { ruc: '20123456786' })).json as {
      data: { numero_trabajadores: string }[];
    };
    expect(w.data.map((p) => p.numero_trabajadores)).toContain('1 234');
    const d = (await post(sandbox, '/ruc/deuda-coactiva', { ruc: '20123456786' })).json as {
      data: unknown[];
    };
    expect(d.data.length).toBeGreaterThanOrEqual(2);
    expect((await post(sandbox, '/ruc/deuda-coactiva', { ruc: '20612345679' })).json).toEqual({
      success: true,
      message: 'exito',
      data: [],
    });
    const unknown = await post(sandbox, '/ruc/trabajadores', { ruc: '20609876540' });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toEqual({ success: false, message: 'Bad Request' });
  });

  it('searches company names case- and accent-insensitively, "No se encontraron resultados" otherwise', async () => {
    const res = (await post(sandbox, '/ruc/razon_social', { razon_social: 'transportes' })).json as {
      data: { ruc: string }[];
    };
    expect(res.data.length).toBeGreaterThanOrEqual(3);
    expect(res.data.map((h) => h.ruc)).toContain('20123456786');
    const accent = (await post(sandbox, '/ruc/razon_social', { razon_social: 'logisticos' })).json as {
      data: { nombre_o_razon_social: string }[];
    };
    expect(accent.data[0]?.nombre_o_razon_social).toContain('LOGÍSTICOS');
    const none = await post(sandbox, '/ruc/razon_social', { razon_social: 'ZAPATERIA INEXISTENTE' });
    expect(none.status).toBe(404);
    expect(none.json).toEqual({ success: false, message: 'No se encontraron resultados' });
  });
});

describe('sandbox routes: vehicles and rates', () => {
  it('answers /placa for both vehicles (hyphen and case ignored), Bad Request for ZZZ999', async () => {
    expect((await post(sandbox, '/placa', { placa: 'abc-123' })).json).toMatchObject({
      data: { placa: 'ABC123', marca: 'VOLVO', color: 'BLANCO' },
    });
    expect((await post(sandbox, '/placa', { placa: 'B7X456' })).json).toMatchObject({
      data: { marca: 'HINO' },
    });
    expect((await post(sandbox, '/placa', { placa: 'ZZZ999' })).status).toBe(400);
  });

  it('answers a Sunday exchange rate with the Saturday rate, and Bad Request for 1999', async () => {
    const res = await post(sandbox, '/tipo_de_cambio', { fecha: '2026-11-22' });
    expect(res.json).toMatchObject({
      success: true,
      message: 'exito',
      data: { fecha_busqueda: '2026-11-22', fecha_taxauth: '2026-11-21' },
    });
    expect((await post(sandbox, '/tipo_de_cambio', { fecha: '1999-06-01' })).status).toBe(400);
    expect((await post(sandbox, '/tipo_de_cambio', { fecha: '2026/11/22' })).status).toBe(400);
  });

  it('answers /comisiones-afp with four managers, Bad Request for a future or malformed period', async () => {
    const res = (await post(sandbox, '/comisiones-afp', { periodo: '2026-10' })).json as {
      data: { afp: string }[];
    };
    expect(res.data.map((r) => r.afp)).toEqual(['HABITAT', 'INTEGRA', 'PRIMA', 'PROFUTURO']);
    expect((await post(sandbox, '/comisiones-afp', { periodo: '2026-12' })).status).toBe(400);
    expect((await post(sandbox, '/comisiones-afp', { periodo: '202610' })).status).toBe(400);
  });
});

describe('sandbox routes: documents and groups', () => {
  it('returns invoice ZIPs for XML and PDF, accepting zero-padded correlatives', async () => {
    const xml = await post(
      sandbox,
      '/taxauth/xml',
      invoice({ tipo_doc: '01', serie: 'F001', correlativo: '123' }),
    );
    expect(xml.json).toEqual({
      success: true,
      message: 'exito',
      data: { xml_base64: invoiceZips()['20123456786-01-F001-123']?.xml },
    });
    const pdf = await post(
      sandbox,
      '/taxauth/pdf',
      invoice({ tipo_doc: '01', serie: 'F001', correlativo: '00000123' }),
    );
    expect(pdf.json).toMatchObject({ data: { xml_base64: invoiceZips()['20123456786-01-F001-123']?.pdf } });
    const boleta = await post(
      sandbox,
      '/taxauth/pdf',
      invoice({ tipo_doc: '03', serie: 'B001', correlativo: '15' }),
    );
    expect(boleta.status).toBe(200);
  });

  it('rejects wrong tax-portal credentials, unknown documents and missing fields with 400 Bad Request', async () => {
    const doc = { tipo_doc: '01', serie: 'F001', correlativo: '123' };
    const cases = [
      { ...invoice(doc), password: 'otra-clave' },
      { ...invoice(doc), usuario: 'OTRO' },
      invoice({ ...doc, correlativo: '999' }),
      { ruc: '20123456786', usuario: 'CHASQUI1', password: 'sandbox-clave' },
    ];
    for (const body of cases) {
      const res = await post(sandbox, '/taxauth/xml', body);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ success: false, message: 'Bad Request' });
    }
  });

  it('returns a guide as JSON and its XML as a bare Base64 string, both with "Exito"', async () => {
    const json = await get(sandbox, '/taxauth/guia/json/20123456786-09-T001-42');
    expect(json.json).toEqual({ success: true, message: 'Exito', data: guides['20123456786-09-T001-42'] });
    const xml = await get(sandbox, '/taxauth/guia/xml/20123456786-09-T001-43');
    expect(xml.json).toEqual({
      success: true,
      message: 'Exito',
      data: guideXmlBase64['20123456786-09-T001-43'],
    });
    const encoded = await get(sandbox, `/taxauth/guia/json/${encodeURIComponent('20123456786-09-T001-45')}`);
    expect((encoded.json as { data: { observacion: unknown } }).data.observacion).toBeNull();
  });

  it('answers an unknown or malformed guide reference with Bad Request', async () => {
    for (const ref of ['20123456786-09-T001-99', '20123456786-09-T001', '20123456786-09-T001-42-1']) {
      const res = await get(sandbox, `/taxauth/guia/json/${ref}`);
      expect(res.status, ref).toBe(400);
      expect(res.json).toEqual({ success: false, message: 'Bad Request' });
    }
  });

  it('lists the groups at the messaging origin wrapped as data.data', async () => {
    const res = await get(sandbox, `${sandbox.messagingUrl}/group/all`);
    const body = res.json as { success: boolean; data: { data: { Name: string }[] } };
    expect(body.success).toBe(true);
    expect(body.data.data.map((g) => g.Name)).toEqual(['Despacho Lima', 'Contabilidad', 'Recursos Humanos']);
  });
});

describe('sandbox routes: protocol', () => {
  it('refuses a missing or wrong bearer token with 401 Unauthorized on every host', async () => {
    const wrong = await post(sandbox, '/ruc', { ruc: '20123456786' }, { authorization: 'Bearer nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({ success: false, message: 'Unauthorized' });
    const missing = await get(sandbox, `${sandbox.messagingUrl}/group/all`, { authorization: '' });
    expect(missing.status).toBe(401);
  });

  it('answers invalid JSON, a non-object body and a missing field with 400 Bad Request', async () => {
    for (const body of ['{"ruc":', '["20123456786"]', '{}', '{"ruc":20123456786}']) {
      const res = await post(sandbox, '/ruc', body);
      expect(res.status, body).toBe(400);
      expect(res.json).toEqual({ success: false, message: 'Bad Request' });
    }
  });

  it('answers 404 for paths outside the spec and ignores query strings', async () => {
    expect((await post(sandbox, '/nada', { x: 1 })).status).toBe(404);
    expect((await get(sandbox, '/ruc')).status).toBe(404);
    expect((await post(sandbox, '/dni?x=1', { dni: '41234567' })).status).toBe(200);
  });

  it('serves a custom prefix and token', async () => {
    const other = await startSandbox({ apiPrefix: 'consultas/', token: 't-123' });
    try {
      expect(other.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/consultas$/);
      expect(other.messagingUrl).toBe(other.baseUrl.replace('/consultas', ''));
      expect((await post(other, '/ruc', { ruc: '20601234565' })).status).toBe(200);
      expect(
        (await post(other, '/ruc', { ruc: '20601234565' }, { authorization: 'Bearer sandbox-token' })).status,
      ).toBe(401);
    } finally {
      await other.close();
    }
  });
});
