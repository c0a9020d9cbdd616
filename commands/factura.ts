import { defineCommand } from '../src/bot/command.js';
import type { DocumentRef } from '../src/bot/ports.js';
import { readDocumentArgs } from '../src/input/document-args.js';
import { DOCUMENT_TYPES, parseDocumentRef } from '../src/input/document-ref.js';
import { echo } from '../src/input/args.js';
import { UserError } from '../src/input/user-error.js';
import { COURTESY, PhraseSet } from '../src/text/phrasing.js';
import { replyInvoiceFile } from './xml.js';

const examples = ['factura F001-123 en pdf', 'factura F001-123 en xml', 'nota de crédito FC01-5 en pdf'];

/** Words that may follow the reference besides the format: `en`, `formato`, courtesy. */
const GLUE = new PhraseSet(
  ['en', 'formato', 'como', 'version', 'archivo', 'su', 'el', 'la', 'de', 'del'],
  COURTESY,
);
const FORMATS = new Set(['xml', 'pdf']);

/** The formats named after the reference, or undefined when another word is there. */
function formatsOf(keys: readonly string[]): Set<'xml' | 'pdf'> | undefined {
  const found = new Set<'xml' | 'pdf'>();
  for (const key of keys) {
    if (FORMATS.has(key)) found.add(key as 'xml' | 'pdf');
    else if (!GLUE.has(key)) return undefined;
  }
  return found;
}

/**
 * `factura <ref> en pdf|xml` (also `boleta`, `nota de crédito`, `comprobante`): the invoice's file
 * as `xml`/`pdf` send it; the format word decides which. Without one it is never guessed: an
 * unaddressed `factura F001-123` is usually the caption of a photo, left silent; addressed, the bot
 * asks "¿XML o PDF?" without spending a credit.
 */
export const factura = defineCommand<{ ref: DocumentRef; format: 'xml' | 'pdf' }>({
  name: 'factura',
  aliases: ['facturas', 'fact', 'boleta', 'boletas', 'comprobante'],
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
  // The note words go to the argument, where they make the type (07/08) before the series' inference.
  phrases: [
    ['nota de credito', 'nota de credito'],
    ['nota credito', 'nota de credito'],
    ['nota de debito', 'nota de debito'],
    ['nota debito', 'nota de debito'],
  ],
  fillers: ['electronica', 'de pago'],
  keywords: ['xml', 'pdf', 'en', 'formato'],
  summary: 'XML o PDF de una factura, boleta o nota, según el formato que pidas',
  usage: 'factura <serie>-<número> en pdf|xml',
  examples,
  access: 'owner',
  argShape: 'required',
  isStatement: (keys) => !keys.some((key) => FORMATS.has(key)),
  isAttempt(raw) {
    try {
      const read = readDocumentArgs(raw);
      return read.ref !== '' && read.before.length === 0 && (formatsOf(read.afterKeys)?.size ?? 0) === 1;
    } catch (error) {
      if (error instanceof UserError) return true;
      throw error;
    }
  },
  parse(raw, ctx) {
    const ownRuc = ctx.settings.taxPortal?.ruc;
    if (ownRuc === undefined) throw new UserError('zip-no-credentials', { comando: 'factura' });
    const read = readDocumentArgs(raw);
    const formats = formatsOf(read.afterKeys);
    if (read.before.length > 0 || formats === undefined) {
      throw new UserError('ref-format', { valor: echo(raw.trim(), 40) });
    }
    const ref = parseDocumentRef(read.ref, {
      kind: 'invoice',
      ownRuc,
      ...(read.typeWord === undefined ? {} : { typeWord: read.typeWord }),
    });
    const [format, other] = [...formats];
    if (other !== undefined) throw new UserError('one-at-a-time', { que: 'un formato', cantidad: 2 });
    if (format === undefined) {
      // A note's suggestion keeps its type word: `xml FC01-5` alone would be read as a factura.
      const note = ref.type === '07' || ref.type === '08' ? `${DOCUMENT_TYPES[ref.type]} ` : '';
      const issuer = ref.ruc === ownRuc ? '' : `${ref.ruc}-`;
      throw new UserError('document-format-needed', {
        comprobante: `${note}${issuer}${ref.series}-${ref.number}`,
      });
    }
    return { ref, format };
  },
  run: (ctx) => replyInvoiceFile(ctx, ctx.args.format, ctx.args.ref),
});
