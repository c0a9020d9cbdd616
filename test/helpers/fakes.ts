import { Writable } from 'node:stream';
import pino, { type Logger } from 'pino';
import { type CommandDefinition, defineCommand, type TemplateRenderer } from '../../src/bot/command.js';
import type { AccessPolicy } from '../../src/bot/guards.js';
import { createRouter, type Router } from '../../src/bot/router.js';
import type { BotServices, GroupSettingsPort } from '../../src/bot/ports.js';
import { createServiceRegistry } from '../../src/bot/registry.js';
import { createPseudonymizer } from '../../src/store/keyed-crypto.js';
import { coreMigrations } from '../../src/store/migrations.js';
import { openDatabase } from '../../src/store/sqlite.js';
import type { LookupApi } from '../../src/lookup/api.js';
import { createMemoryTransport, type MemoryTransport } from '../../src/transports/memory.js';
import { ADMIN_PHONE, GROUP_ID, GROUP_NAME } from './messages.js';

/**
 * Fakes for router tests that must not depend on the real templates, commands or store: a
 * template renderer that echoes its name and data, in-memory ports, and a handful of commands.
 */

/** Renders `name {json}`; names in `missing` throw like an unknown template. */
export function echoTemplates(missing: readonly string[] = []): TemplateRenderer {
  return {
    render(name, data = {}) {
      if (missing.includes(name)) throw new Error(`unknown template: ${name}`);
      const keys = Object.keys(data).filter((key) => data[key] !== undefined);
      return keys.length === 0 ? name : `${name} ${JSON.stringify(data)}`;
    },
  };
}

function memoryGroupSettings(): GroupSettingsPort & { values: Map<string, boolean> } {
  const values = new Map<string, boolean>();
  const owners = new Set<string>();
  return {
    values,
    isActive: (chatId) => values.get(chatId),
    setActive: (chatId, active, _by, options) => {
      values.set(chatId, active);
      if (options?.byOwner && active) owners.add(chatId);
      if (options?.byOwner && !active) owners.delete(chatId);
    },
    ownerAllowed: (chatId) => owners.has(chatId),
  };
}

/**
 * The in-process lookup fake: a lookup whose methods are all "not implemented" unless given;
 * `onCall` hears every call (method name and arguments) before it runs.
 */
export function fakeLookup(
  methods: Partial<LookupApi> = {},
  onCall?: (method: string, args: unknown[]) => void,
): LookupApi {
  return new Proxy(methods as LookupApi, {
    get(target, key) {
      const value = (target as unknown as Record<string | symbol, unknown>)[key];
      const method =
        value !== undefined
          ? value
          : async () => {
              throw new Error(`fake lookup: ${String(key)} not implemented`);
            };
      if (!onCall || typeof method !== 'function') return method;
      return (...args: unknown[]) => {
        onCall(String(key), args);
        return (method as (...a: unknown[]) => unknown)(...args);
      };
    },
  });
}

/**
 * A small command set covering every arg shape, access level and flag the router looks at. They
 * declare words and slots like the real commands (the language layer reads them); their replies
 * are the echo templates.
 */
function fakeCommands(): CommandDefinition<never>[] {
  const list = [
    defineCommand<string>({
      name: 'ruc',
      triggers: [{ parts: ['c:ruc'] }],
      slots: { ruc: { grammar: 'ruc', missing: 'ruc-missing' } },
      build: (slots) => slots['ruc'] as string,
      summary: 'Consulta un RUC',
      usage: 'ruc <RUC>',
      examples: ['ruc 20123456786'],
      access: 'everyone',
      argShape: 'required',
      async run(ctx) {
        const taxpayer = await ctx.lookup.ruc(ctx.args);
        await ctx.reply('ruc', { razonSocial: taxpayer.nombre_o_razon_social });
      },
    }),
    defineCommand<string>({
      name: 'placa',
      triggers: [{ parts: ['c:plate'] }, { parts: ['c:vehicle'] }],
      slots: { placa: { grammar: 'plate', missing: 'plate-missing' } },
      build: (slots) => slots['placa'] as string,
      summary: 'Consulta una placa',
      usage: 'placa <placa>',
      examples: ['placa ABC123'],
      access: 'everyone',
      argShape: 'required',
      async run(ctx) {
        await ctx.reply('placa', { placa: ctx.args });
      },
    }),
    defineCommand<string>({
      name: 'dni',
      triggers: [{ parts: ['c:dni'] }],
      slots: { dni: { grammar: 'dni', missing: 'dni-missing' } },
      build: (slots) => slots['dni'] as string,
      summary: 'Consulta un DNI',
      usage: 'dni <DNI>',
      examples: ['dni 45678912'],
      access: 'everyone',
      personalData: true,
      argShape: 'required',
      async run(ctx) {
        const person = await ctx.lookup.dni(ctx.args);
        await ctx.reply('dni', { nombre: person.nombres });
      },
    }),
    defineCommand<string>({
      name: 'buscar',
      triggers: [{ parts: ['v:search'] }, { parts: ['c:company-name'] }],
      slots: { q: { grammar: 'company-name', missing: 'search-missing' } },
      build: (slots) => slots['q'] as string,
      summary: 'Busca por razón social',
      usage: 'buscar <razón social>',
      examples: ['buscar transportes andinos'],
      access: 'everyone',
      argShape: 'text',
      async run(ctx) {
        await ctx.reply('buscar', { q: ctx.args });
      },
    }),
    defineCommand<string>({
      name: 'tc',
      triggers: [{ parts: ['c:exchange-rate'] }],
      slots: { fecha: { grammar: 'date', optional: true } },
      build: (slots) => (slots['fecha'] as string | undefined) ?? 'hoy',
      summary: 'Tipo de cambio',
      usage: 'tc [fecha]',
      examples: ['tc', 'tc hoy'],
      access: 'everyone',
      argShape: 'optional',
      async run(ctx) {
        await ctx.reply('tc', { fecha: ctx.args });
      },
    }),
    defineCommand({
      name: 'ayuda',
      triggers: [{ parts: ['c:help'] }],
      slots: { tema: { grammar: 'topic', optional: true } },
      summary: 'Ayuda',
      usage: 'ayuda [comando]',
      examples: ['ayuda'],
      access: 'everyone',
      argShape: 'optional',
      async run(ctx) {
        await ctx.reply('ayuda', { comandos: ctx.services.commands.length });
      },
    }),
    defineCommand({
      name: 'grupos',
      triggers: [{ parts: ['c:groups'] }],
      summary: 'Lista los grupos',
      usage: 'grupos',
      examples: ['grupos'],
      access: 'owner',
      argShape: 'none',
      async run(ctx) {
        await ctx.reply('grupos');
      },
    }),
    defineCommand({
      name: 'activar',
      triggers: [{ parts: ['name'] }, { parts: ['v:activate'] }],
      summary: 'Activa el grupo',
      usage: 'activar',
      examples: ['activar'],
      access: 'groupAdmin',
      worksInInactiveGroups: true,
      argShape: 'none',
      async run(ctx) {
        ctx.services.groupSettings.setActive(ctx.message.chatId, true, ctx.sender.ids[0] ?? '', {
          byOwner: ctx.sender.role === 'owner',
        });
        await ctx.reply('activado');
      },
    }),
    defineCommand({
      name: 'guia',
      triggers: [{ parts: ['c:guide'], keepsWords: true }],
      slots: { ref: { grammar: 'guide-ref', missing: 'ref-missing' } },
      build: (slots) => slots['ref'],
      summary: 'Resumen de una guía',
      usage: 'guia <ruc>-<tipo>-<serie>-<número>',
      examples: ['guia 20123456786-09-T001-42'],
      access: 'everyone',
      argShape: 'required',
      async run(ctx) {
        await ctx.reply('guia', { ref: ctx.args });
        await ctx.replyDocument({
          bytes: new Uint8Array([1, 2, 3]),
          fileName: 'guia.pdf',
          mimetype: 'application/pdf',
        });
      },
    }),
    defineCommand<string>({
      name: 'eco',
      triggers: [{ parts: ['name'] }],
      slots: { text: { grammar: 'text', missing: 'search-missing' } },
      build: (slots) => slots['text'] as string,
      summary: 'Repite (prueba de longitud)',
      usage: 'eco <texto>',
      examples: ['eco hola'],
      access: 'everyone',
      argShape: 'text',
      async run(ctx) {
        await ctx.reply('eco', { text: ctx.args.repeat(10) });
      },
    }),
    defineCommand({
      name: 'falla',
      triggers: [{ parts: ['name'] }],
      slots: { n: { grammar: 'position', optional: true }, rest: { grammar: 'text', optional: true } },
      summary: 'Falla siempre (prueba)',
      usage: 'falla <n>',
      examples: ['falla 1'],
      access: 'everyone',
      argShape: 'required',
      async run() {
        throw new TypeError('boom');
      },
    }),
  ];
  return list as unknown as CommandDefinition<never>[];
}

export function defaultPolicy(overrides: Partial<AccessPolicy> = {}): AccessPolicy {
  return {
    admins: [ADMIN_PHONE],
    groupAdminsAreAdmins: false,
    groups: [{ id: GROUP_ID, name: GROUP_NAME, personalData: true }],
    directChats: 'admins',
    rateLimitPerMinute: 1000,
    ...overrides,
  };
}

/** Collects pino's JSON lines in memory so tests can assert what was (not) logged. */
export function captureLogger(level = 'debug'): {
  logger: Logger;
  lines: () => Record<string, unknown>[];
  raw: () => string;
} {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      chunks.push(String(chunk));
      callback();
    },
  });
  const logger = pino({ level }, stream);
  const raw = () => chunks.join('');
  return {
    logger,
    raw,
    lines: () =>
      raw()
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

export interface TestRouterOptions {
  policy?: Partial<AccessPolicy>;
  lookup?: LookupApi;
  templates?: TemplateRenderer;
  commands?: CommandDefinition<never>[];
  selfIds?: string[];
  now?: () => Date;
  logger?: Logger;
  resolveName?: (name: string) => Promise<string | undefined>;
}

export interface TestRouter {
  router: Router;
  transport: MemoryTransport;
  policy: AccessPolicy;
  groupSettings: ReturnType<typeof memoryGroupSettings>;
  services: BotServices;
}

/** A router over fakes only: no sandbox, no SQLite, no template files. */
/**
 * The pseudonymiser test routers log with: the production one (store/keyed-crypto), keyed by the
 * secret of a throwaway in-memory database, so tests see exactly the app's kind of pseudonym.
 */
export const testPseudonym = createPseudonymizer(
  openDatabase({ dir: ':memory:', migrations: coreMigrations }),
);

export function createTestRouter(options: TestRouterOptions = {}): TestRouter {
  const transport = createMemoryTransport({ selfIds: options.selfIds ?? [] });
  const policy = defaultPolicy(options.policy);
  const groupSettings = memoryGroupSettings();
  const commands = options.commands ?? fakeCommands();
  const services: BotServices = {
    registry: createServiceRegistry(),
    settings: { maxListItems: 10, maxZipBytes: 1_000_000 },
    groupSettings,
    directory: { list: async () => [], resolveName: options.resolveName ?? (async () => undefined) },
    commands,
  };
  const lookup = options.lookup ?? fakeLookup();
  const router = createRouter({
    commands,
    services,
    templates: options.templates ?? echoTemplates(),
    lookupFor: () => lookup,
    transport,
    policy,
    logger: options.logger ?? pino({ level: 'silent' }),
    pseudonym: testPseudonym,
    ...(options.now ? { now: options.now } : {}),
  });
  return { router, transport, policy, groupSettings, services };
}
