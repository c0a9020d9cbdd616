import {
  coerciveDebts,
  companyIndex,
  establishments,
  exchangeRateFor,
  fiscalAddresses,
  fixedPensionRates,
  foreignPersons,
  licences,
  persons,
  taxpayers,
  vehicles,
  workers,
} from '../../src/sandbox/fixtures/index.js';

/** Render data for every reply template of H5, built from the sandbox fixtures (what commands pass). */
export const replySamples: Record<string, Record<string, unknown>> = {
  ruc: { ...taxpayers['20123456786'] },
  domicilio: { ...fiscalAddresses['20123456786'], ruc: '20123456786' },
  locales: { ruc: '20123456786', locales: establishments['20123456786'] },
  trabajadores: { ruc: '20123456786', periodos: workers['20123456786'] },
  deuda: { ruc: '20123456786', deudas: coerciveDebts['20123456786'], total: 21012.85 },
  buscar: { texto: 'TRANSPORTES', resultados: companyIndex },
  dni: { ...persons['45678912'] },
  'dniruc-si': { dni: '45678912', ruc: '10456789124' },
  'dniruc-no': { dni: '41234567' },
  ce: { ...foreignPersons.ce['001234567'] },
  cee: { ...foreignPersons.cee['000765432'] },
  ci: { ...foreignPersons.ci['12345678901'] },
  licencia: { ...licences['41234567'], vencida: false },
  placa: { ...vehicles.ABC123 },
  tc: { ...exchangeRateFor('2026-11-20', new Date('2026-11-22T15:00:00Z'), 0) },
  afp: { periodo: '2026-10', afps: fixedPensionRates['2026-10'] },
  grupos: {
    grupos: [
      { nombre: 'Contabilidad', id: '120363000000000002@g.us', participantes: 5, activo: true },
      { nombre: 'Despacho Lima', id: '120363000000000001@g.us', participantes: 4 },
    ],
  },
  uso: {
    mes: '2026-11',
    total: 12,
    ahorradas: 5,
    gratis: 3,
    creditos: 4,
    fallidas: 2,
    operaciones: [
      { operacion: 'ruc', etiqueta: 'RUC', consultas: 8, ahorradas: 4, gratis: 3, fallidas: 2 },
      { operacion: 'exchangeRate', etiqueta: 'Tipo de cambio', consultas: 4, ahorradas: 1, fallidas: 0 },
    ],
    grupos: [
      { id: '120363000000000001@g.us', nombre: 'Despacho Lima', consultas: 10, ahorradas: 5, fallidas: 2 },
      { directo: true, numero: 1, consultas: 2, ahorradas: 0, fallidas: 0 },
    ],
  },
  activar: { grupo: 'Despacho Lima' },
  desactivar: { grupo: 'Despacho Lima' },
  ayuda: {
    comandos: [
      { nombre: 'ruc', resumen: 'Datos de un contribuyente', ejemplo: 'ruc 20123456786' },
      { nombre: 'dni', resumen: 'Nombre por DNI', ejemplo: 'dni 45678912', datos_personales: true },
    ],
    hay_datos_personales: true,
  },
  'ayuda-comando': {
    nombre: 'placa',
    resumen: 'Datos de un vehículo',
    uso: 'placa <placa>',
    alias: ['vehiculo'],
    ejemplos: ['placa ABC-123'],
    admin: false,
    datos_personales: false,
  },
  'ayuda-desconocido': { palabra: 'rucc', sugerencia: 'ruc' },
};

/** Replaces every string (deeply) with '' and every number with 0: the "all optional fields empty" case. */
export function blanked(value: unknown): unknown {
  if (typeof value === 'string') return '';
  if (typeof value === 'number') return 0;
  if (Array.isArray(value)) return value.map(blanked);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, blanked(v)]));
  }
  return value;
}

/** Drops every field except lists (deeply inside list items too): the "fields missing" case. */
export function stripped(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((v) => v && typeof v === 'object').map(() => ({}));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => Array.isArray(v))
        .map(([k, v]) => [k, stripped(v)]),
    );
  }
  return undefined;
}
