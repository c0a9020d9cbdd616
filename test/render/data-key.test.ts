import { describe, expect, it } from 'vitest';
import { dataKey } from '../../src/render/data-key.js';
import { createTemplates } from '../../src/render/templates.js';

describe('dataKey', () => {
  it('is equal for equal plain data, nested lists and objects included', () => {
    const make = () => ({
      ruc: '20123456786',
      estado: 'ACTIVO',
      ubigeo: ['15', '1501'],
      deudas: [{ monto: 21012.85, fecha: '2026-11-20', activa: true, nota: null }],
      ausente: undefined,
    });
    expect(dataKey(make())).toBe(dataKey(make()));
  });

  it('tells apart values a template shows differently', () => {
    const keys = [
      { a: '1' },
      { a: 1 },
      { a: true },
      { a: 'true' },
      { a: null },
      { a: undefined },
      {},
      { a: ['1'] },
      { a: { b: '1' } },
      { b: '1' },
      { a: '1', b: '2' },
    ].map((data) => dataKey(data));
    expect(keys.every((key) => key !== undefined)).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives no key for data that is not plain or too long', () => {
    class Taxpayer {
      ruc = '20123456786';
    }
    const holes: unknown[] = ['a'];
    holes[2] = 'c';
    const tagged = Object.assign(['a'], { extra: 'b' });
    for (const data of [
      { fecha: new Date('2026-11-20T12:00:00Z') },
      { items: new Map([['a', 1]]) },
      new Taxpayer(),
      { run: () => 'x' },
      { monto: Number.NaN },
      { monto: -0 },
      { items: holes },
      { items: tagged },
      { texto: 'x'.repeat(5_000) },
    ]) {
      expect(dataKey(data)).toBeUndefined();
    }
  });
});

describe('templates: a reply rendered again', () => {
  const templates = createTemplates({ maxListItems: 10 });
  const taxpayer = {
    ruc: '20123456786',
    nombre_o_razon_social: 'TRANSPORTES ANDINOS DEL SUR S.A.C.',
    estado: 'ACTIVO',
    condicion: 'HABIDO',
  };

  it('is the same text for equal data, and new text for other data', () => {
    const first = templates.render('ruc', { ...taxpayer });
    expect(templates.render('ruc', { ...taxpayer })).toBe(first);
    const other = templates.render('ruc', { ...taxpayer, estado: 'BAJA DE OFICIO' });
    expect(other).not.toBe(first);
    expect(other).toContain('BAJA DE OFICIO');
    expect(templates.render('ruc', { ...taxpayer })).toBe(first);
  });
});
