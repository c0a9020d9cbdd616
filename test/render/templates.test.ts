import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Liquid } from 'liquidjs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { deuda } from '../../commands/lookups/deuda.js';
import { ruc } from '../../commands/lookups/ruc.js';
import { exampleFor } from '../../src/bot/error-reply.js';
import { UserError } from '../../src/errors/user-error.js';
import { createTemplates } from '../../src/render/templates.js';
import { blanked, replySamples, stripped } from './template-samples.js';

const templates = createTemplates({ maxListItems: 10 });

/** Error templates the router renders (brief, H4 contract). */
const ROUTER_ERRORS = [
  'unknown-command',
  'denied-admin',
  'denied-personal-data',
  'denied-direct',
  'rate-limited-user',
  'internal',
  'lookup-not-found',
  'lookup-rejected',
  'lookup-credits',
  'lookup-unauthorized',
  'lookup-rate-limited',
  'lookup-unavailable',
];

/** Error templates the H5 validators and commands throw. */
const VALIDATION_ERRORS = [
  'ruc-missing',
  'invalid-ruc-format',
  'invalid-ruc-length',
  'invalid-ruc-prefix',
  'invalid-ruc-check',
  'dni-missing',
  'invalid-dni',
  'invalid-dni-check',
  'foreign-doc-missing',
  'invalid-foreign-doc',
  'foreign-doc-not-found',
  'plate-missing',
  'invalid-plate',
  'plate-not-found',
  'licence-not-found',
  'ruc-not-found',
  'invalid-date',
  'date-future',
  'date-too-old',
  'invalid-period',
  'period-future',
  'period-too-old',
  'search-missing',
  'invalid-search',
  'only-groups',
];

/** No empty WhatsApp bold/italic markers: an empty record field must drop its whole line or mark. */
function assertNoEmptyMarks(text: string): void {
  expect(text).not.toMatch(/\*\*|__|: *$|«»/m);
}

function assertClean(text: string): void {
  expect(text).not.toMatch(/undefined|null|NaN|\[object/);
  expect(text).not.toMatch(/\n\n\n/);
  expect(text).not.toMatch(/[ \t]+$/m);
  expect(text).not.toMatch(/\{\{|\{%/);
  expect(text.trim()).toBe(text);
}

describe('template loading', () => {
  it('has every router and validation error template and every reply template', () => {
    for (const name of [...ROUTER_ERRORS, ...VALIDATION_ERRORS])
      expect(templates.has(`errors/${name}`)).toBe(true);
    for (const name of Object.keys(replySamples)) expect(templates.has(name)).toBe(true);
    expect(templates.has('nope')).toBe(false);
  });

  it('refuses an unknown template name', () => {
    expect(() => templates.render('no-such-template')).toThrow(/unknown template/);
  });

  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('loads nested folders from a custom dir; a broken template fails where it is used, naming it', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-tpl-'));
    dirs.push(dir);
    mkdirSync(path.join(dir, 'errors'));
    writeFileSync(path.join(dir, 'errors', 'x.liquid'), 'Hola {{ nombre | default: "tú" }}');
    const custom = createTemplates({ dir });
    expect(custom.names()).toEqual(['errors/x']);
    expect(custom.render('errors/x')).toBe('Hola tú');
    writeFileSync(path.join(dir, 'roto.liquid'), '{% if %}');
    // Parsed on first use (issue 22): the others keep rendering, the broken one names its file.
    const broken = createTemplates({ dir });
    expect(broken.has('roto')).toBe(true);
    expect(broken.render('errors/x')).toBe('Hola tú');
    expect(() => broken.render('roto')).toThrow(/roto\.liquid/);
    expect(() => broken.parseAll()).toThrow(/roto\.liquid/);
  });

  it('parses a template on its first render only, once; every shipped template parses', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-tpl-'));
    dirs.push(dir);
    for (const name of ['uno', 'dos', 'tres'])
      writeFileSync(path.join(dir, `${name}.liquid`), `${name} {{ n }}`);
    const parse = vi.spyOn(Liquid.prototype, 'parse');
    try {
      const lazy = createTemplates({ dir });
      expect(parse).not.toHaveBeenCalled();
      expect(lazy.render('uno', { n: 1 })).toBe('uno 1');
      expect(lazy.render('uno', { n: 2 })).toBe('uno 2');
      expect(parse.mock.calls.map((call) => call[1])).toEqual(['uno']);
    } finally {
      parse.mockRestore();
    }
    expect(() => templates.parseAll()).not.toThrow();
  });

  it("uses none of liquidjs' date filters, the only readers of the engine's locale (es-PE)", () => {
    const root = path.join(import.meta.dirname, '../../templates');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.liquid'),
    );
    expect(files.length).toBeGreaterThan(20);
    const dated = files.filter((f) =>
      /\|\s*date(?:_to_\w+)?\b/u.test(readFileSync(path.join(root, f), 'utf8')),
    );
    expect(dated).toEqual([]);
  });
});

describe('reply templates with fixture data', () => {
  it.each(Object.keys(replySamples))('%s renders cleanly', (name) => {
    const text = templates.render(name, replySamples[name]);
    assertClean(text);
    expect(text.length).toBeGreaterThan(10);
  });

  it('ruc shows name, status and flags in WhatsApp bold', () => {
    const text = templates.render('ruc', replySamples.ruc);
    expect(text).toMatch(/^\*TRANSPORTES ANDINOS DEL SUR S\.A\.C\.\*\nRUC: 20123456786\n/);
    expect(text).toContain('Estado: ACTIVO');
  });

  it('dni shows the verification digit after the number', () => {
    expect(templates.render('dni', replySamples.dni)).toContain('DNI: 45678912-4');
  });

  it('trabajadores shows "1 234" as 1,234 and periods as mm/yyyy', () => {
    const text = templates.render('trabajadores', replySamples.trabajadores);
    expect(text).toContain('*07/2026*: 1,234 trabajadores · 4 pensionistas · 52 prestadores de servicio');
  });

  it('deuda shows amounts in soles, periods as mm/yyyy and the total', () => {
    const text = templates.render('deuda', replySamples.deuda);
    expect(text).toContain('*S/ 15,230.50* · periodo 11/2025 · cobranza desde 16/03/2026');
    expect(text).toContain('*Total: S/ 21,012.85* (3 deudas)');
    expect(templates.render('deuda', { ruc: '20612345679', deudas: [], total: 0 })).toContain(
      'No registra deuda en cobranza coactiva',
    );
  });

  it('afp shows one block per manager with percentages and the maximum remuneration in soles', () => {
    const text = templates.render('afp', replySamples.afp);
    for (const manager of ['HABITAT', 'INTEGRA', 'PRIMA', 'PROFUTURO'])
      expect(text).toContain(`*${manager}*`);
    expect(text).toContain('Comisión sobre el flujo: 1.47%');
    expect(text).toContain('Prima de seguro: 1.37%');
    expect(text).toContain('Aporte obligatorio: 10.00%');
    expect(text).toContain('Remuneración máxima asegurable: S/ 12,234.56');
    expect(text).not.toContain('Comisión fija');
  });

  it('tc notes the publication date only when it differs from the date asked', () => {
    const sunday = templates.render('tc', {
      moneda: 'USD',
      fecha_busqueda: '2026-11-22',
      fecha_taxauth: '2026-11-21',
      compra: 3.742,
      venta: 3.75,
    });
    expect(sunday).toContain('· 22/11/2026');
    expect(sunday).toContain('Venta: *3.750*');
    expect(sunday).toContain('Tipo de cambio publicado el 21/11/2026');
    const friday = templates.render('tc', { ...replySamples.tc, fecha_taxauth: '2026-11-20' });
    expect(friday).not.toContain('publicado');
  });

  it('licencia flags an expired licence', () => {
    expect(templates.render('licencia', replySamples.licencia)).not.toContain('vencida');
    expect(templates.render('licencia', { ...replySamples.licencia, vencida: true })).toContain('*vencida*');
  });

  it('uso names operations in Spanish and subtracts cache and free-source savings from credits', () => {
    const text = templates.render('uso', replySamples.uso);
    expect(text).toContain('noviembre 2026');
    expect(text).toContain('créditos usados: *4*');
    expect(text).toContain('gratuitas (padrón de SUNAT, tipo de cambio del BCRP): *3*');
    expect(text).toContain('• Tipo de cambio: 4 (1 de la caché)');
    expect(text).toContain('• Chat directo (1): 2');
    expect(text).not.toContain('51987654321');
    expect(text).toContain('Fallidas (sin respuesta, no cuentan como créditos): *2*');
    expect(text).toContain('• RUC: 8 (4 de la caché, 3 gratis) · 2 fallidas');
    const noFree = templates.render('uso', { ...replySamples.uso, gratis: 0 });
    expect(noFree).not.toContain('gratuitas');
  });
});

describe('empty and missing optional fields are left out', () => {
  // Templates fed straight from API records, whose fields may come empty from the upstream.
  const withRecords = [
    'ruc',
    'domicilio',
    'dni',
    'ce',
    'cee',
    'ci',
    'licencia',
    'placa',
    'locales',
    'trabajadores',
    'deuda',
    'buscar',
    'afp',
    'tc',
  ];

  it.each(Object.keys(replySamples))('%s with every field blank', (name) => {
    const text = templates.render(name, blanked(replySamples[name]) as Record<string, unknown>);
    assertClean(text);
    if (withRecords.includes(name)) assertNoEmptyMarks(text);
  });

  it.each(Object.keys(replySamples))('%s with fields missing', (name) => {
    const text = templates.render(name, stripped(replySamples[name]) as Record<string, unknown>);
    assertClean(text);
    if (withRecords.includes(name)) assertNoEmptyMarks(text);
  });

  it('every loaded template renders with no data at all', () => {
    for (const name of templates.names()) assertClean(templates.render(name, {}));
  });
});

describe('long lists', () => {
  const many = Array.from({ length: 25 }, (_, i) => ({
    ruc: `206000000${String(i).padStart(2, '0')}`,
    nombre_o_razon_social: `EMPRESA ${i} S.A.C.`,
    ubicacion: 'LIMA - LIMA - LIMA',
    estado: 'ACTIVO',
  }));

  it('cuts at maxListItems with "… y N más"', () => {
    const small = createTemplates({ maxListItems: 2 });
    const text = small.render('locales', replySamples.locales);
    expect(text.match(/^\d+\. /gm)).toEqual(['1. ', '2. ']);
    expect(text.endsWith('… y 1 más')).toBe(true);
    expect(small.render('buscar', { texto: 'EMPRESA', resultados: many })).toContain('… y 23 más');
  });

  it('lets the render data override the cut (commands pass settings.maxListItems)', () => {
    const text = templates.render('buscar', { texto: 'X', resultados: many, maximo_lista: 5 });
    expect(text.match(/^• /gm)).toHaveLength(5);
    expect(text).toContain('… y 20 más');
    const all = templates.render('buscar', { texto: 'X', resultados: many.slice(0, 5), maximo_lista: 5 });
    expect(all).not.toContain('más');
  });
});

describe('error templates', () => {
  it('says the lookup service is down in the agreed words', () => {
    expect(templates.render('errors/lookup-unavailable')).toBe(
      'El servicio de consultas no responde, intenta en unos minutos.',
    );
  });

  it('tells users an administrator must recharge credits', () => {
    expect(templates.render('errors/lookup-credits')).toMatch(/administrador debe recargarlos/);
  });

  it('suggests the closest command and keeps the prefix the user typed', () => {
    const text = templates.render('errors/unknown-command', { word: 'rucc', suggestion: 'ruc', prefix: '/' });
    expect(text).toBe(
      'No conozco el comando *rucc*. ¿Quisiste decir */ruc*?\nEscribe *ayuda* para ver la lista de comandos.',
    );
  });

  it("shows the example of the command that failed, picked by the router from the command's examples", () => {
    const error = new UserError('invalid-ruc-check', { valor: '20123456787' });
    const own = templates.render('errors/invalid-ruc-check', {
      ...error.data,
      ejemplo: exampleFor(deuda.examples, error),
    });
    expect(own).toContain('Ejemplo: *deuda 20123456786*');
    const plain = templates.render('errors/invalid-ruc-check', {
      ...error.data,
      ejemplo: exampleFor(ruc.examples, error),
    });
    expect(plain).toContain('Ejemplo: *ruc 20123456786*');
  });

  it('hides the bare upstream "Bad Request" but shows other messages', () => {
    expect(templates.render('errors/lookup-rejected', { message: 'Bad Request' })).not.toContain(
      'Bad Request',
    );
    expect(templates.render('errors/lookup-rejected', { message: 'Documento inválido' })).toContain(
      '(Documento inválido)',
    );
  });

  it('names foreign document types in words', () => {
    expect(templates.render('errors/invalid-foreign-doc', { tipo: 'CEE', valor: '$$' })).toContain(
      'carné especial de extranjería',
    );
    expect(templates.render('errors/foreign-doc-not-found', { tipo: 'CI', numero: '1' })).toContain(
      'cédula de identidad',
    );
  });
});
