import { z } from 'zod';

/** 2.11 Vehicle record (operation 13). */
export const vehicleSchema = z.object({
  placa: z.string(),
  marca: z.string(),
  modelo: z.string(),
  serie: z.string(),
  color: z.string(),
  motor: z.string(),
  vin: z.string(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;
