import { invoiceFileCommand } from './invoice-file.js';

/** `pdf <ref>`: the invoice's PDF from the tax portal (operation 17); same flow as `xml`. */
export const pdf = invoiceFileCommand('pdf');
