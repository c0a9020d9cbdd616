import { defineCommand } from '../../src/bot/command.js';
import type { DocumentRef } from '../../src/bot/ports.js';
import { replyGuideXml } from './guide-xml.js';

const examples = ['guiaxml 20123456786-09-T001-42', 'guiaxml T001-42'];

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
