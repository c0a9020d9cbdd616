import type { CommandContext } from '../../src/bot/command.js';
import type { DocumentRef } from '../../src/bot/ports.js';
import type { Guide } from '../../src/lookup/schemas/guide.js';
import { GUIDE_PDF } from './port.js';

/** `GRE-<ruc>-<serie>-<número>.pdf`, the file name the group and the drivers receive. */
export function guidePdfName(ref: DocumentRef): string {
  return `GRE-${ref.ruc}-${ref.series}-${ref.number}.pdf`;
}

/** The guide's PDF, or undefined (logged) when it could not be made: the caller says so. */
export async function renderGuidePdf(
  ctx: Pick<CommandContext<unknown>, 'services' | 'log'>,
  shortId: string,
  guide: Guide,
): Promise<Uint8Array | undefined> {
  try {
    const renderer = ctx.services.registry.get(GUIDE_PDF);
    if (!renderer) throw new Error('no guide PDF renderer');
    return await renderer.render(guide);
  } catch (error) {
    ctx.log.error({ err: error, guide: shortId }, 'guide PDF rendering failed');
    return undefined;
  }
}
