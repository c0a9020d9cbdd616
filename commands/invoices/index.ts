import type { Feature } from '../../src/bot/feature.js';
import { factura } from './factura.js';
import { pdf } from './pdf.js';
import { xml } from './xml.js';

/**
 * `xml`, `pdf` and `factura … en pdf|xml`: an invoice's (boleta's, note's) files from the tax
 * portal, with the company's credentials from the server config only (owners).
 */
export const invoices: Feature = { name: 'invoices', commands: [xml, pdf, factura] };
