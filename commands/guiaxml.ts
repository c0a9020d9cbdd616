import { type CommandContext, defineCommand } from '../src/bot/command.js';
import type { DocumentRef } from '../src/bot/ports.js';
import { DOCUMENT_TYPE_NAMES as DOCUMENT_TYPES } from '../src/language/lexicon/es/display.js';
import { rejectedAsNotFound } from './lib/rejected.js';

const examples = ['guiaxml 20123456786-09-T001-42', 'guiaxml T001-42'];

/** `<ruc>-<tipo>-<serie>-<número>.xml`, the name the tax authority gives the guide's XML. */
export function guideXmlName(ref: DocumentRef): string {
  return `${ref.ruc}-${ref.type}-${ref.series}-${ref.number}.xml`;
}

/** `guiaxml <ref>` (operation 18): the guide's signed XML, decoded from Base64, as a document. */
export const guiaxml = defineCommand<{ ref: DocumentRef }>({
  name: 'guiaxml',
  triggers: [
    { parts: ['name'] },
    { parts: ['c:guide-xml'], keepsWords: true },
    { parts: ['k:format=xml', 'c:guide'], keepsWords: true },
    { parts: ['c:guide', 'k:format=xml'], keepsWords: true },
  ],
  slots: { ref: { grammar: 'guide-ref', missing: 'ref-missing' } },
  ignores: ['k:format', 'c:guide-xml'],
  summary: 'XML de una guía de remisión, como archivo',
  usage: 'guiaxml <ruc>-09-<serie>-<número>',
  examples,
  access: 'everyone',
  argShape: 'required',
  run: (ctx) => replyGuideXml(ctx, ctx.args.ref),
});

/**
 * Fetches the guide's signed XML (operation 18), decoded from Base64, and sends it as a document;
 * also used by `guia <ref> en xml`.
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
