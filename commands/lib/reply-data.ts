import type { CommandContext } from '../../src/bot/command.js';
import { LIST_LIMIT_KEY } from '../../src/render/templates.js';

/** Render data for list replies: the list cut (`limite`/`resto` filters) follows settings.maxListItems. */
export function listData(
  ctx: CommandContext<unknown>,
  data: Record<string, unknown>,
): Record<string, unknown> {
  return { ...data, [LIST_LIMIT_KEY]: ctx.services.settings.maxListItems };
}
