import type { CommandContext } from '../../src/bot/command.js';
import type { DocumentRef } from '../../src/bot/ports.js';
import { DOCUMENT_TYPE_NAMES as DOCUMENT_TYPES } from '../../src/language/index.js';
import { rejectedAsNotFound } from '../../src/bot/not-found.js';

/** `<ruc>-<tipo>-<serie>-<número>.xml`, the name the tax authority gives the guide's XML. */
function guideXmlName(ref: DocumentRef): string {
  return `${ref.ruc}-${ref.type}-${ref.series}-${ref.number}.xml`;
}

/**
 * Fetches the guide's signed XML (operation 18), decoded from Base64, and sends it as a document;
 * what `guiaxml <ref>` and `guia <ref> en xml` send.
 */
export async function replyGuideXml(
  ctx: Pick<CommandContext, 'lookup' | 'reply' | 'replyDocument' | 'render'>,
  ref: DocumentRef,
): Promise<void> {
  const data = { serie_numero: `${ref.series}-${ref.number}`, ruc: ref.ruc };
  const base64 = await rejectedAsNotFound(ctx.lookup.guideXml(ref), 'document-not-found', {
    ...data,
    nombre: DOCUMENT_TYPES[ref.type] ?? 'guía',
  });
  const bytes = Buffer.from(base64.replace(/\s+/g, ''), 'base64');
  if (bytes.length === 0) {
    await ctx.reply('guiaxml-vacio', data);
    return;
  }
  await ctx.replyDocument({
    bytes,
    fileName: guideXmlName(ref),
    mimetype: 'application/xml',
    caption: ctx.render('guiaxml', data),
  });
}
