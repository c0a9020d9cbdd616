import { describe, expect, it } from 'vitest';
import { plainCopy, samePlain } from '../../src/render/data-key.js';
import { createTemplates } from '../../src/render/templates.js';

describe('plainCopy and samePlain', () => {
  it('finds equal plain data equal, nested lists and objects included', () => {
    const make = () => ({
      ruc: '20123456786',
      estado: 'ACTIVO',
      ubigeo: ['15', '1501'],
      deudas: [{ monto: 21012.85, fecha: '2026-11-20', activa: true, nota: null }],
      ausente: undefined,
    });
    const copy = plainCopy(make());
    expect(copy).toBeDefined();
    expect(samePlain(copy, make())).toBe(true);
  });

  it('keeps a copy, not the data: a later change to the data is a difference', () => {
    const data = { ubigeo: ['15', '1501'], deuda: { monto: 1 } };
    const copy = plainCopy(data);
    data.ubigeo.push('150101');
    expect(samePlain(copy, data)).toBe(false);
    data.ubigeo.pop();
    data.deuda.monto = 2;
    expect(samePlain(copy, data)).toBe(false);
  });

  it('tells apart values a template shows differently', () => {
    const values: unknown[] = [
      { a: '1' },
      { a: 1 },
      { a: true },
      { a: 'true' },
      { a: null },
      { a: undefined },
      {},
      { a: ['1'] },
      { a: [] },
      { a: [undefined] },
      { a: { b: '1' } },
      { a: {} },
      { b: '1' },
      { a: '1', b: '2' },
      { b: '2', a: '1' },
      { a: 0 },
    ];
    values.forEach((value, i) => {
      const copy = plainCopy(value);
      expect(copy).toBeDefined();
      values.forEach((other, j) => expect(samePlain(copy, other)).toBe(i === j));
    });
  });

  it('makes no copy of data that is not plain or too long, and never matches such data', () => {
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
      expect(plainCopy(data)).toBeUndefined();
    }
    expect(samePlain(plainCopy({ monto: 0 }), { monto: -0 })).toBe(false);
    expect(samePlain(plainCopy({ items: ['a', undefined, 'c'] }), { items: holes })).toBe(false);
    expect(samePlain(plainCopy({ items: ['a'] }), { items: tagged })).toBe(false);
    expect(samePlain(plainCopy({ ruc: '20123456786' }), new Taxpayer())).toBe(false);
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
    expect(templates.render('ruc', { ...taxpayer, estado: 'BAJA DE OFICIO' })).toBe(other);
  });

  it('renders data changed after a render anew', () => {
    const data = { ...taxpayer };
    const first = templates.render('ruc', data);
    data.estado = 'SUSPENSION TEMPORAL';
    expect(templates.render('ruc', data)).not.toBe(first);
    expect(templates.render('ruc', data)).toContain('SUSPENSION TEMPORAL');
  });
});
