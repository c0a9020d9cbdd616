import { type CommandContext, type CommandDefinition, defineCommand } from '../src/bot/command.js';
import { closestWord } from '../src/bot/parse.js';
import { fold } from '../src/text/fold.js';
import { tokens } from '../src/input/args.js';
import { canRun } from '../src/bot/guards.js';

type Listed = CommandDefinition<never>;

/** Commands this sender may run here (owner/admin-only ones hidden from the others). */
function visibleTo(ctx: CommandContext<unknown>): Listed[] {
  return ctx.services.commands.filter((c) => canRun(c.access, ctx.sender.role));
}

/** The command named `word` (name or alias, accent/case-insensitive). */
function findCommand(commands: readonly Listed[], word: string): Listed | undefined {
  const target = fold(word);
  return commands.find((c) => fold(c.name) === target || c.aliases.some((a) => fold(a) === target));
}

/** `ayuda` lists every command the sender may use with one example; `ayuda <comando>` explains one. */
export const ayuda = defineCommand({
  name: 'ayuda',
  aliases: ['help', 'comandos', 'menu'],
  summary: 'Lista los comandos; ayuda <comando> explica uno',
  usage: 'ayuda [comando]',
  examples: ['ayuda', 'ayuda ruc'],
  access: 'everyone',
  argShape: 'optional',
  isAttempt: (raw) => tokens(raw).length <= 1,
  parse: (raw) => {
    const word = tokens(raw)[0]?.replace(/^[/!.]+/u, '');
    return { tema: word ? word.slice(0, 40) : undefined };
  },
  async run(ctx) {
    const commands = visibleTo(ctx);
    const { tema } = ctx.args;
    if (tema === undefined) {
      await ctx.reply('ayuda', {
        comandos: commands.map((c) => ({
          nombre: c.name,
          resumen: c.summary,
          ejemplo: c.examples[0] ?? c.usage,
          datos_personales: c.personalData === true,
        })),
        hay_datos_personales: commands.some((c) => c.personalData === true),
      });
      return;
    }
    const command = findCommand(commands, tema);
    if (!command) {
      const names = commands.flatMap((c) => [c.name, ...c.aliases]).map(fold);
      const guess = closestWord(fold(tema), names);
      const sugerencia = guess === undefined ? undefined : (findCommand(commands, guess)?.name ?? guess);
      await ctx.reply('ayuda-desconocido', { palabra: tema, sugerencia });
      return;
    }
    await ctx.reply('ayuda-comando', {
      nombre: command.name,
      resumen: command.summary,
      uso: command.usage,
      alias: command.aliases,
      ejemplos: command.examples,
      admin: command.access !== 'everyone',
      datos_personales: command.personalData === true,
    });
  },
});
