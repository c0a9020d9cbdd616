import { invoiceFileCommand } from './invoice-file.js';

/** `xml <ref>`: the invoice's XML (operation 16). */
export const xml = invoiceFileCommand('xml');
