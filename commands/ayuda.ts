import { refersToItself } from '../src/language/understand/self.js';
import { type CommandContext, type CommandDefinition, defineCommand } from '../src/bot/command.js';
import { closestWord } from '../src/bot/parse.js';
import { createPhraseIndex, type PhraseIndex } from '../src/bot/phrase-index.js';
import { fold } from '../src/text/fold.js';
import { chatKey } from '../src/text/phrasing.js';
import { combine } from './lib/forms.js';
import { canRun } from '../src/bot/guards.js';

type Listed = CommandDefinition<never>;

/** Commands this sender may run here (owner/admin-only ones hidden from the others). */
function visibleTo(ctx: CommandContext<unknown>): Listed[] {
  return ctx.services.commands.filter((c) => canRun(c.access, ctx.sender.role));
}

const indexes = new WeakMap<readonly Listed[], PhraseIndex<Listed>>();

/** The command a topic names (name, alias or phrase: `tipo de cambio`), accent/case-insensitive. */
function findCommand(commands: readonly Listed[], topic: string): Listed | undefined {
  let index = indexes.get(commands);
  if (!index) indexes.set(commands, (index = createPhraseIndex(commands)));
  return index.match(topic)?.command;
}

/** How many declared forms `ayuda <comando>` shows: generated families run to hundreds. */
const FORMS_SHOWN = 10;

/** The first phrases a command declares (its usual ones), as typed (`borrar chofer`). */
function formsOf(command: Listed): string[] {
  const forms = (command.phrases ?? []).map((phrase) => (typeof phrase === 'string' ? phrase : phrase[0]));
  return [...new Set(forms)].slice(0, FORMS_SHOWN);
}

/**
 * Topics that mean the bot itself (`cómo funciona esto`, addressed). Not fillers: unaddressed,
 * `cómo funciona esto` may be about anything, so it stays silent.
 */
const SELF = new Set(['esto', 'eso', 'tu', 'usted', 'este bot', 'esta cosa', 'esto del bot']);

/** `ayuda` lists every command the sender may use with one example; `ayuda <comando>` explains one. */
export const ayuda = defineCommand({
  name: 'ayuda',
  aliases: ['help', 'comandos', 'menu'],
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
  topicIsCommand: true,
  // `qué puedes hacer?`, `cómo funciona el bot`, `cómo consulto un ruc` (topic: ruc).
  phrases: [
    ...combine(['que'], ['puedes', 'sabes', 'mas puedes', 'mas sabes'], ['hacer']),
    ...combine(['como'], ['funciona', 'funcionas', 'te uso', 'se usa', 'uso', 'usar', 'hago para']),
    ...combine(['como'], ['consulto', 'se consulta', 'programo', 'se programa', 'pido', 'se pide']),
  ],
  fillers: [
    'comando',
    'del comando',
    'el comando',
    'hay',
    'tienes',
    'tiene',
    'disponibles',
    'existen',
    'conoces',
    'sabes',
  ],
  // Unaddressed, only a topic that names a command: `ayuda con la mudanza` is chatter.
  isAttempt: (raw, ctx) => ctx?.commandFor(raw) !== undefined,
  parse: (raw) => {
    const topic = raw.replace(/^[/!.]+/u, '').trim();
    // `cómo funciona esto` (to the bot): about the bot itself, so the whole list.
    const itself = SELF.has(topic.split(' ').map(chatKey).join(' '));
    return { tema: topic && !itself ? topic.slice(0, 40) : undefined };
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
      const guess = closestWord(fold(tema.split(' ')[0] ?? ''), names);
      const sugerencia = guess === undefined ? undefined : (findCommand(commands, guess)?.name ?? guess);
      await ctx.reply('ayuda-desconocido', { palabra: tema, sugerencia });
      return;
    }
    await ctx.reply('ayuda-comando', {
      nombre: command.name,
      resumen: command.summary,
      uso: command.usage,
      alias: command.aliases,
      formas: formsOf(command),
      ejemplos: command.examples,
      admin: command.access !== 'everyone',
      datos_personales: command.personalData === true,
    });
  },
});
