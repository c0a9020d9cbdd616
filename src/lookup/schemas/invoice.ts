import { z } from 'zod';

/** 2.14 Invoice file record (operations 16 and 17): a Base64 ZIP holding the original file. */
export const invoiceFileSchema = z.object({ xml_base64: z.string().min(1) });
export type InvoiceFile = z.infer<typeof invoiceFileSchema>;

/** Operation 18: `data` is a bare Base64 string (spec 4.3 rule 1), not an object. */
export const guideXmlSchema = z.string().min(1);
