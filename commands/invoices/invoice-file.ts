import type { CommandContext, CommandDefinition } from '../../src/bot/command.js';
import { defineCommand } from '../../src/bot/command.js';
import type { DocumentRef } from '../../src/bot/ports.js';
import { type ErrorId, UserError } from '../../src/errors/user-error.js';
import { DOCUMENT_TYPE_NAMES as DOCUMENT_TYPES } from '../../src/language/index.js';
import { InvoiceZipError, unzipBase64 } from '../../src/lookup/zip.js';
import { rejectedAsNotFound } from '../../src/bot/not-found.js';

/**
 * The invoice archive from the tax portal, opened and sent file by file: what `xml`, `pdf` and
 * `factura … en pdf|xml` share (no command imports another).
 */

/** At most this many files of one archive are sent; real archives hold one or two. */
const MAX_FILES = 10;

/** Why an archive could not be opened → the error template that says so. */
const ZIP_ERRORS: Readonly<Record<InvoiceZipError['reason'], ErrorId>> = {
  corrupt: 'zip-corrupt',
  empty: 'zip-empty',
  too_large: 'zip-too-large',
};

const MIMETYPES: Readonly<Record<string, string>> = {
  xml: 'application/xml',
  pdf: 'application/pdf',
  zip: 'application/zip',
};

/** Mimetype by file extension (xml, pdf; anything else is sent as opaque bytes). */
export function mimetypeFor(fileName: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  return MIMETYPES[ext] ?? 'application/octet-stream';
}

/** The archive entry's base name, without folders or characters chat clients reject. */
export function safeFileName(entryName: string, fallback: string): string {
  const base = entryName.split(/[/\\]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_').trim();
  return clean === '' || clean === '.' || clean === '..' ? fallback : clean;
}

/**
 * `xml` (operation 16) and `pdf` (operation 17): the invoice archive from the tax portal, with the
 * company's credentials from the server config only, opened and sent file by file. A corrupt, empty
 * or oversized archive gets a templated reply (errors/zip-*), an unknown document
 * errors/document-not-found, never a crash.
 */
export function invoiceFileCommand(kind: 'xml' | 'pdf'): CommandDefinition<{ ref: DocumentRef }> {
  const examples = [`${kind} 20123456786-01-F001-123`, `${kind} F001-123`, `${kind} B001-15`];
  return defineCommand<{ ref: DocumentRef }>({
    name: kind,
    triggers: [{ parts: ['name'] }, { parts: [kind === 'xml' ? 'c:invoice-xml' : 'c:invoice-pdf'] }],
    slots: { ref: { grammar: 'invoice-ref', missing: 'ref-missing' } },
    ignores: ['k:format', 'k:filler=document', 'k:document-word'],
    check: (ctx) => {
      if (ctx.ownRuc === undefined) throw new UserError('zip-no-credentials', { comando: kind });
    },
    summary:
      kind === 'xml'
        ? 'XML de una factura, boleta o nota (del portal tributario), como archivo'
        : 'PDF de una factura, boleta o nota (del portal tributario), como archivo',
    usage: `${kind} <ruc>-<tipo>-<serie>-<número>`,
    examples,
    access: 'owner',
    argShape: 'required',
    run: (ctx) => replyInvoiceFile(ctx, kind, ctx.args.ref),
  });
}

/**
 * Fetches the invoice archive (operation 16 or 17) with the company's credentials and sends its
 * files; also used by `factura <ref> en pdf`. The chat shows "escribiendo…" until the files are queued.
 */
export function replyInvoiceFile(
  ctx: Pick<CommandContext, 'composing' | 'services' | 'lookup' | 'log' | 'replyDocument' | 'render'>,
  kind: 'xml' | 'pdf',
  ref: DocumentRef,
): Promise<void> {
  return ctx.composing(async () => {
    const credentials = ctx.services.settings.taxPortal;
    if (!credentials) throw new UserError('zip-no-credentials', { comando: kind });
    const data = {
      tipo: DOCUMENT_TYPES[ref.type] ?? ref.type,
      serie_numero: `${ref.series}-${ref.number}`,
      ruc: ref.ruc,
      formato: kind.toUpperCase(),
      maximo_mb: Math.max(1, Math.round(ctx.services.settings.maxZipBytes / 1_048_576)),
    };
    // The portal answers an unknown document with a bare rejection: name what was not found.
    const file = await rejectedAsNotFound(
      kind === 'xml' ? ctx.lookup.invoiceXml(credentials, ref) : ctx.lookup.invoicePdf(credentials, ref),
      'document-not-found',
      { ...data, nombre: data.tipo, portal: true },
    );
    let entries: { name: string; bytes: Uint8Array }[];
    try {
      entries = unzipBase64(file.xml_base64, { maxBytes: ctx.services.settings.maxZipBytes });
    } catch (error) {
      if (error instanceof InvoiceZipError) {
        ctx.log.warn({ reason: error.reason, kind }, 'invoice archive rejected');
        throw new UserError(ZIP_ERRORS[error.reason], data);
      }
      throw error;
    }
    const fallback = `${ref.ruc}-${ref.type}-${ref.series}-${ref.number}.${kind}`;
    const shown = entries.slice(0, MAX_FILES);
    for (const [index, entry] of shown.entries()) {
      const fileName = safeFileName(entry.name, fallback);
      await ctx.replyDocument({
        bytes: entry.bytes,
        fileName,
        mimetype: mimetypeFor(fileName),
        ...(index === 0
          ? {
              caption: ctx.render('documento-archivo', {
                ...data,
                archivos: entries.length,
                omitidos: entries.length - shown.length,
              }),
            }
          : {}),
      });
    }
  });
}
