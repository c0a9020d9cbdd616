import { z } from 'zod';
import { ubigeoTriple } from './common.js';

/** 2.4 Taxpayer record (operation 6, /ruc). */
export const taxpayerSchema = z.object({
  ruc: z.string(),
  nombre_o_razon_social: z.string(),
  estado: z.string(),
  condicion: z.string(),
  departamento: z.string(),
  provincia: z.string(),
  distrito: z.string(),
  direccion: z.string(),
  direccion_completa: z.string(),
  ubigeo_taxauth: z.string(),
  ubigeo: ubigeoTriple,
  es_agente_de_retencion: z.string(),
  es_agente_de_percepcion: z.string(),
  es_agente_de_percepcion_combustible: z.string(),
  es_buen_contribuyente: z.string(),
});
export type Taxpayer = z.infer<typeof taxpayerSchema>;

const placeFields = {
  codigo: z.string(),
  actividad_economica: z.string(),
  direccion: z.string(),
  direccion_completa: z.string(),
  departamento: z.string(),
  provincia: z.string(),
  distrito: z.string(),
  ubigeo_taxauth: z.string(),
  ubigeo: ubigeoTriple,
};

/** 2.5 Fiscal address record (operation 7, a single object). */
export const fiscalAddressSchema = z.object({ ...placeFields, tipo_de_establecimiento: z.string() });
export type FiscalAddress = z.infer<typeof fiscalAddressSchema>;

/** 2.6 Establishment record (operation 8): same as 2.5 but the type field is `tipo_establecimiento`. */
export const establishmentSchema = z.object({ ...placeFields, tipo_establecimiento: z.string() });
export type Establishment = z.infer<typeof establishmentSchema>;

/** 2.7 Workers-per-period record (operation 9). Counts are text; thousands use a space ("1 234"). */
export const workersPeriodSchema = z.object({
  periodo: z.string(),
  numero_trabajadores: z.string(),
  numero_pensionistas: z.string(),
  numero_prestadores_de_servicio: z.string(),
});
export type WorkersPeriod = z.infer<typeof workersPeriodSchema>;

/** 2.8 Coercive-debt record (operation 10). `periodo_tibutario` is spelled so by the upstream. */
export const coerciveDebtSchema = z.object({
  monto: z.string(),
  periodo_tibutario: z.string(),
  fecha_inicio_cobranza: z.string(),
  entidad_asociada: z.string(),
});
export type CoerciveDebt = z.infer<typeof coerciveDebtSchema>;

/** 2.9 Company search hit (operation 11). */
export const companyHitSchema = z.object({
  ruc: z.string(),
  nombre_o_razon_social: z.string(),
  ubicacion: z.string(),
  estado: z.string(),
});
export type CompanyHit = z.infer<typeof companyHitSchema>;
