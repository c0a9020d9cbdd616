import { LIST_LIMIT_KEY } from '../render/templates.js';
import type { CommandContext } from './command.js';

/**
 * Render data for list replies: the list cut (`limite`/`resto` filters) follows
 * settings.maxListItems. Shared by the lookups and groups features.
 */
export function listData(
  ctx: CommandContext<unknown>,
  data: Record<string, unknown>,
): Record<string, unknown> {
  return { ...data, [LIST_LIMIT_KEY]: ctx.services.settings.maxListItems };
}
