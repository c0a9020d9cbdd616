import { z } from 'zod';
import { intOrNumericString, nullableUbigeoTriple } from './common.js';

/** 2.2 Person record (operation 1, /dni). */
export const personSchema = z.object({
  numero: z.string(),
  nombre_completo: z.string(),
  nombres: z.string(),
  apellido_paterno: z.string(),
  apellido_materno: z.string(),
  codigo_verificacion: intOrNumericString,
  direccion: z.string(),
  direccion_completa: z.string(),
  ubigeo_civil: z.string(),
  ubigeo_taxauth: z.string(),
  ubigeo: nullableUbigeoTriple,
});
export type Person = z.infer<typeof personSchema>;

/** 2.3 Foreign-document person record (operations 3, 4, 5: CE, CEE, CI). */
export const foreignPersonSchema = z.object({
  numero: z.string(),
  nombres: z.string(),
  apellido_paterno: z.string(),
  apellido_materno: z.string(),
});
export type ForeignPerson = z.infer<typeof foreignPersonSchema>;

/** 2.3b DNI-has-taxpayer-number record (operation 2, /dni-ruc). */
export const dniRucSchema = z.object({ ruc: z.string() });
export type DniRuc = z.infer<typeof dniRucSchema>;

/** 2.10 Driving licence record (operation 12). */
export const licenceSchema = z.object({
  numero_documento: z.string(),
  nombre_completo: z.string(),
  licencia: z.object({
    numero: z.string(),
    categoria: z.string(),
    fecha_expedicion: z.string(),
    fecha_vencimiento: z.string(),
    estado: z.string(),
    restricciones: z.string(),
  }),
});
export type Licence = z.infer<typeof licenceSchema>;
