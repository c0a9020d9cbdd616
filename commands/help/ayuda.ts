import { type CommandContext, type CommandDefinition, defineCommand } from '../../src/bot/command.js';
import {
  closestWord,
  createUnderstanding,
  formsOf,
  refersToItself,
  type Understanding,
} from '../../src/language/index.js';
import { fold } from '../../src/text/fold.js';
import { canRun } from '../../src/bot/guards.js';

type Listed = CommandDefinition<never>;

/** Commands this sender may run here (owner/admin-only ones hidden from the others). */
function visibleTo(ctx: CommandContext<unknown>): Listed[] {
  return ctx.services.commands.filter((c) => canRun(c.access, ctx.sender.role));
}

const readers = new WeakMap<readonly Listed[], Understanding>();

/** The command a topic names (its name, or its words: `tipo de cambio`), accent/case-insensitive. */
function findCommand(commands: readonly Listed[], topic: string): Listed | undefined {
  let reader = readers.get(commands);
  if (!reader) readers.set(commands, (reader = createUnderstanding(commands as never)));
  const found = reader.commandIn(topic);
  return found ? commands.find((c) => c.name === found.name) : undefined;
}

/** `ayuda` lists every command the sender may use with one example; `ayuda <comando>` explains one. */
export const ayuda = defineCommand<{ tema?: string | undefined }>({
  name: 'ayuda',
  triggers: [{ parts: ['c:help'] }],
  slots: { tema: { grammar: 'topic', optional: true } },
  ignores: ['k:bot-name', 'k:state-verb', 'k:asking-noun'],
  build: (slots) => {
    const tema = slots['tema'] as string | undefined;
    // `cómo funciona esto` (to the bot): about the bot itself, so the whole list.
    return { tema: tema === undefined || refersToItself(tema) ? undefined : tema };
  },
  summary: 'Lista los comandos; ayuda <comando> explica uno',
  usage: 'ayuda [comando]',
  examples: ['ayuda', 'ayuda ruc'],
  access: 'everyone',
  argShape: 'optional',
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
      const names = commands.map((c) => fold(c.name));
      const guess = closestWord(fold(tema.split(' ')[0] ?? ''), names);
      const sugerencia = guess === undefined ? undefined : (findCommand(commands, guess)?.name ?? guess);
      await ctx.reply('ayuda-desconocido', { palabra: tema, sugerencia });
      return;
    }
    await ctx.reply('ayuda-comando', {
      nombre: command.name,
      resumen: command.summary,
      uso: command.usage,
      formas: formsOf(command),
      ejemplos: command.examples,
      admin: command.access !== 'everyone',
      datos_personales: command.personalData === true,
    });
  },
});
