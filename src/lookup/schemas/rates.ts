import { z } from 'zod';

/** 2.12 Exchange-rate record (operation 14). `fecha_taxauth` is the day of the rate actually used. */
export const exchangeRateSchema = z.object({
  moneda: z.string(),
  fecha_busqueda: z.string(),
  fecha_taxauth: z.string(),
  venta: z.number(),
  compra: z.number(),
  date: z.string(),
  sale: z.number(),
  purchase: z.number(),
});
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;

/** 2.13 Pension-fund commission record (operation 15). `remunaracion_maxima` is spelled so upstream. */
export const pensionRateSchema = z.object({
  periodo: z.string(),
  afp: z.string(),
  comision_fija: z.number(),
  comision_flujo: z.number(),
  comision_mixta_flujo: z.number(),
  comision_mixta_saldo: z.number(),
  prima_de_seguro: z.number(),
  aporte_obligatorio: z.number(),
  remunaracion_maxima: z.number(),
});
export type PensionRate = z.infer<typeof pensionRateSchema>;
