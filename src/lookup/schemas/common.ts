import { z } from 'zod';

/** Location triple (department, province, district codes). Persons may carry nulls (spec 2.2). */
export const ubigeoTriple = z.tuple([z.string(), z.string(), z.string()]);
export const nullableUbigeoTriple = z.tuple([
  z.string().nullable(),
  z.string().nullable(),
  z.string().nullable(),
]);

/** Upstreams send some integers as numeric strings ("7"): accept both, always yield a number. */
export const intOrNumericString = z.union([
  z.number().int(),
  z
    .string()
    .trim()
    .regex(/^-?\d+$/, 'expected an integer or a numeric string')
    .transform((s) => Number.parseInt(s, 10)),
]);
