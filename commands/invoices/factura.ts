import { defineCommand } from '../../src/bot/command.js';
import type { DocumentRef } from '../../src/bot/ports.js';
import { DOCUMENT_TYPE_NAMES as DOCUMENT_TYPES } from '../../src/language/index.js';
import { UserError } from '../../src/errors/user-error.js';
import { replyInvoiceFile } from './invoice-file.js';

const examples = ['factura F001-123 en pdf', 'factura F001-123 en xml', 'nota de crédito FC01-5 en pdf'];

/**
 * `factura <ref> en pdf|xml` (also `boleta`, `nota de crédito`, `comprobante`): the invoice's file
 * as `xml`/`pdf` send it; the format word decides which. Without one it is never guessed: an
 * unaddressed `factura F001-123` is usually the caption of a photo, left silent; addressed, the bot
 * asks "¿XML o PDF?" without spending a credit.
 */
export const factura = defineCommand<{ ref: DocumentRef; format: 'xml' | 'pdf' }>({
  name: 'factura',
  triggers: [
    { parts: ['k:document-type'], keepsWords: true },
    { parts: ['k:document-word'], keepsWords: true },
  ],
  slots: {
    ref: { grammar: 'invoice-ref', missing: 'ref-missing' },
    formats: { grammar: 'formats', optional: 'addressed' },
  },
  check: (ctx) => {
    if (ctx.ownRuc === undefined) throw new UserError('zip-no-credentials', { comando: 'factura' });
  },
  build: (slots, ctx) => {
    const ref = slots['ref'] as DocumentRef;
    const [format, other] = [...((slots['formats'] as ReadonlySet<'xml' | 'pdf'> | undefined) ?? [])];
    if (other !== undefined) throw new UserError('one-at-a-time', { que: 'un formato', cantidad: 2 });
    if (format === undefined) {
      // A note's suggestion keeps its type word: `xml FC01-5` alone would be read as a factura.
      const note = ref.type === '07' || ref.type === '08' ? `${DOCUMENT_TYPES[ref.type]} ` : '';
      const issuer = ref.ruc === ctx.ownRuc ? '' : `${ref.ruc}-`;
      throw new UserError('document-format-needed', {
        comprobante: `${note}${issuer}${ref.series}-${ref.number}`,
      });
    }
    return { ref, format };
  },
  summary: 'XML o PDF de una factura, boleta o nota, según el formato que pidas',
  usage: 'factura <serie>-<número> en pdf|xml',
  examples,
  access: 'owner',
  argShape: 'required',
  run: (ctx) => replyInvoiceFile(ctx, ctx.args.format, ctx.args.ref),
});
