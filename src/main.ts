/**
 * CLI entry: `chasqui <subcommand>`. Wiring only; each subcommand lives in `src/cli/` and is
 * loaded lazily so `chasqui sandbox` never loads Baileys.
 */
const USAGE = `Uso / usage: chasqui <comando>

  start     Conecta a WhatsApp y atiende los grupos (connects to WhatsApp)
  chat      Chat en la terminal con el mismo bot (terminal chat, scriptable)
  entender  Muestra cómo lee Chasqui un mensaje y por qué (how a message is read, no API call)
  sandbox   Servidor local que imita la API de consultas (local fake lookup API)
  backup    Copia consistente de la base de datos, también en marcha (online backup)
  restore   Restaura una copia verificada (con el bot detenido) / restore a verified backup
  padron    Padrón reducido del RUC de SUNAT en local: update | status / local mirror of SUNAT's register

  chasqui <comando> --help  muestra las opciones de cada comando`;

type Runner = (argv: string[]) => Promise<number>;

const subcommands: Record<string, () => Promise<Runner>> = {
  sandbox: async () => (await import('./cli/sandbox.js')).runSandbox,
  chat: async () => (await import('./cli/chat.js')).runChat,
  entender: async () => (await import('./cli/entender.js')).runEntender,
  start: async () => (await import('./cli/start.js')).runStart,
  backup: async () => (await import('./cli/backup.js')).runBackup,
  restore: async () => (await import('./cli/backup.js')).runRestore,
  padron: async () => (await import('./cli/padron.js')).runPadron,
};

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name) {
    // No command is a usage error (README: exit codes): the usage goes to stderr, exit 2.
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const load = subcommands[name];
  if (!load) {
    process.stderr.write(`Comando desconocido / unknown command: ${name}\n\n${USAGE}\n`);
    return 2; // EXIT_CODES.usage (src/cli/exit-codes.ts; not imported to keep start-up lazy)
  }
  // zod compiles a parser per object schema (new Function) on its first parse: ~30 ms of a cold
  // start for the config's and the lookup's schemas, earned back only by a process parsing the same
  // shapes many thousands of times, which `start` is and the short-lived commands are not. Set
  // before any schema is built (schemas read it when made).
  if (name !== 'start') (await import('zod')).config({ jitless: true });
  const run = await load();
  return run(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== 0) process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`chasqui: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
