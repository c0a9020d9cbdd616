import { type CommandDefinition, defineCommand } from '../../src/bot/command.js';
import { UserError } from '../../src/errors/user-error.js';
import type { CommandLanguage } from '../../src/language/index.js';

/**
 * `activar` / `desactivar` are one behaviour with two words: an admin turns the bot on or off in
 * a group (persisted, overrides the config). Both work while the group is off. An owner's
 * `activar` also allows the group (its WhatsApp admins may then manage it); a group admin's toggle
 * never changes that allowance.
 */
export function groupToggleCommand(options: {
  name: string;
  /** How a line names it (see CommandLanguage.triggers). */
  triggers: CommandLanguage['triggers'];
  summary: string;
  active: boolean;
}): CommandDefinition<Record<string, never>> {
  return defineCommand<Record<string, never>>({
    name: options.name,
    triggers: options.triggers,
    ignores: [
      'k:bot-name',
      'k:place-here',
      'k:duration',
      'c:groups',
      'k:range-to',
      'k:weekday',
      'k:relative-day',
    ],
    summary: options.summary,
    usage: options.name,
    examples: [options.name],
    access: 'groupAdmin',
    worksInInactiveGroups: true,
    argShape: 'none',
    async run(ctx) {
      if (!ctx.message.isGroup) throw new UserError('only-groups');
      ctx.services.groupSettings.setActive(
        ctx.message.chatId,
        options.active,
        ctx.sender.ids[0] ?? 'unknown',
        { byOwner: ctx.sender.role === 'owner' },
      );
      await ctx.reply(options.name, { grupo: ctx.message.chatName });
    },
  });
}
