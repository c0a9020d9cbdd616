import { defineCommand } from '../src/bot/command.js';
import { UserError } from '../src/input/user-error.js';
import { digitCount, echo, tokens } from '../src/input/args.js';
import { fold } from '../src/text/fold.js';
import { maskPhone } from './guia.js';
import { arVerb, combine, implying, irVerb } from './lib/forms.js';
import { PhraseSet, withoutWords } from './lib/words.js';

const examples = ['chofer 41234567 987654321', 'chofer borrar 41234567', 'chofer 41234567'];
/** The removal form in `examples`: shown under a malformed `chofer borrar`. */
const REMOVE_EXAMPLE = 1;

type ChoferArgs =
  | { action: 'set'; document: string; phone: string }
  | { action: 'remove'; document: string }
  | { action: 'show'; document: string };

const REMOVE_WORDS = new Set(['borrar', 'eliminar', 'quitar']);
/** Labels staff put between the document and the phone (`chofer 4123… cel 987…`). */
// prettier-ignore
const LABEL_WORDS = new PhraseSet([
  'dni', 'documento', 'doc', 'cel', 'celular', 'telefono', 'tel', 'whatsapp', 'wsp', 'wasap', 'numero',
  'nro', 'n°', 'al', 'con', 'el', 'su', 'de', 'del', 'a', 'y', 'es', '-', '/', '|', '→', '->', '=>', '=',
]);

/*
 * The natural forms of `chofer`, generated (commands/lib/forms.ts): a verb family, then the driver
 * with or without an article (`registra al chofer`, `anótame un nuevo conductor`), or their number
 * (`cambia el celular del chofer`). Removal forms imply `borrar`; bare number phrases show or set
 * (`cuál es el celular del chofer 4123…`).
 */
const DRIVER = ['chofer', 'conductor'];
const A_DRIVER = combine(
  ['', 'al', 'el', 'a', 'un', 'este', 'a este', 'nuevo', 'un nuevo', 'al nuevo'],
  DRIVER,
);
const NUMBER_OF = combine(['numero', 'celular', 'cel', 'telefono', 'whatsapp', 'wsp'], ['del', 'de'], DRIVER);
const REGISTER = [
  ...['registr', 'agreg', 'anot', 'guard', 'apunt'].flatMap(arVerb),
  ...irVerb('añad', 'ir'),
  ...irVerb('inscrib', 'ir'),
  'agreguen',
];
const UPDATE = [
  ...['actualiz', 'cambi', 'modific'].flatMap(arVerb),
  ...irVerb('corrig', 'ir').map((verb) => verb.replace('corrigir', 'corregir')),
  'actualicen',
];
const REMOVE = [
  // Not `saca`: `sácame el chofer …` asks to look it up (a request verb of src/text/phrasing.ts).
  ...['borr', 'elimin', 'quit', 'retir'].flatMap(arVerb),
  ...combine(['da', 'dar', 'den', 'dale', 'darle'], ['de baja']),
];
const DRIVER_PHRASES = [
  // The usual forms first: `ayuda chofer` shows the first few.
  'registrar chofer',
  'agregar chofer',
  'nuevo chofer',
  ['borrar chofer', 'borrar'] as const,
  ['dar de baja al chofer', 'borrar'] as const,
  'datos del chofer',
  'celular del chofer',
  'nuevo conductor',
  ...combine(REGISTER, A_DRIVER),
  ...combine([...REGISTER, ...UPDATE], ['', 'el', 'su'], NUMBER_OF),
  ...NUMBER_OF,
  ...combine(['datos', 'info', 'informacion'], ['del', 'de'], DRIVER),
  ...combine(['que'], ['numero', 'celular', 'cel', 'telefono', 'whatsapp'], ['tiene'], ['el', ''], DRIVER),
  ...implying([...combine(REMOVE, A_DRIVER), ...combine(REMOVE, ['el', ''], NUMBER_OF)], 'borrar'),
];

/** Words that name a document: a line about a guide or invoice is not about registering a driver. */
const DOCUMENT_WORDS = new Set(['guia', 'guias', 'gre', 'factura', 'boleta', 'xml', 'pdf']);
/** A document reference (`T001-42`, `20123456786-09-T001-42`): a series with a letter, then a number. */
const DOCUMENT_REF = /(?:^|[-\s])(?=[0-9]*[a-z])[a-z0-9]{4}-\d{1,8}(?:$|[-.\s])/iu;
/** A DNI, foreigner's card or phone: at least 7 digits in one token (`4123456` is a mistyped DNI, still an attempt). */
const isPersonNumber = (word: string) => digitCount(word) >= 7 && !DOCUMENT_REF.test(word);

/**
 * The line talks about a document (`el chofer perdió la guía T001-42`, `chofer de la T001-42 no
 * contesta`) or names no DNI, card or phone (`chofer del camión ABC-123`): a remark, not a request.
 */
export function isDriverRemark(words: readonly string[]): boolean {
  return (
    words.some((word) => DOCUMENT_WORDS.has(fold(word)) || DOCUMENT_REF.test(word)) ||
    !words.some(isPersonNumber)
  );
}

/** Identity document of a driver: DNI (8 digits) or a foreigner's card (9 to 12 letters/digits). */
export function parseDriverDocument(raw: string): string {
  const value = raw.trim().toUpperCase();
  if (!/^[0-9A-Z]{8,12}$/.test(value) || !/\d/.test(value)) {
    throw new UserError('chofer-documento', { valor: echo(raw) });
  }
  return value;
}

/**
 * A Peruvian mobile number: 9 digits starting with 9, optionally with +51/51 and spaces or
 * hyphens. Stored as `51XXXXXXXXX` (the WhatsApp id without `@s.whatsapp.net`).
 */
export function parseDriverPhone(raw: string): string {
  const trimmed = raw.trim();
  const digits = /^\+?[\d\s().-]+$/.test(trimmed) ? trimmed.replace(/\D/g, '') : '';
  const local = digits.length === 11 && digits.startsWith('51') ? digits.slice(2) : digits;
  if (!/^9\d{8}$/.test(local)) {
    throw new UserError('chofer-telefono', { valor: echo(raw) });
  }
  return `51${local}`;
}

/**
 * `chofer <dni> <número>` registers (or changes) the WhatsApp number a driver's guides go to;
 * `chofer borrar <dni>` removes it; `chofer <dni>` shows it. Admins only: it decides who receives
 * documents. Persisted in the store, over the drivers of the config file.
 */
export const chofer = defineCommand<ChoferArgs>({
  name: 'chofer',
  aliases: ['conductor'],
  triggers: [
    { parts: ['c:driver'] },
    { parts: ['v:register', 'c:driver'] },
    { parts: ['v:update', 'c:driver'] },
    { parts: ['v:remove', 'c:driver'], implies: { action: 'remove' } },
    { parts: ['v:register', 'c:phone', 'c:driver'] },
    { parts: ['v:update', 'c:phone', 'c:driver'] },
    { parts: ['v:remove', 'c:phone', 'c:driver'], implies: { action: 'remove' } },
    { parts: ['c:phone', 'c:driver'] },
    { parts: ['k:topic-noun', 'c:driver'] },
  ],
  slots: {
    action: { grammar: 'driver-action', optional: true },
    document: { grammar: 'person-id', missing: 'chofer-uso' },
    phone: { grammar: 'mobile', optional: true },
  },
  ignores: ['c:dni', 'c:phone', 'k:document-word', 'k:label', 'k:pronoun'],
  build: (slots) => {
    const document = slots['document'] as string;
    const phone = slots['phone'] as string | undefined;
    if (slots['action'] === 'remove') {
      if (phone !== undefined) throw new UserError('chofer-uso', {}, { example: REMOVE_EXAMPLE });
      return { action: 'remove', document };
    }
    return phone === undefined ? { action: 'show', document } : { action: 'set', document, phone };
  },
  phrases: DRIVER_PHRASES,
  summary: 'Registra el WhatsApp de un chofer para enviarle sus guías (o lo borra)',
  usage: 'chofer <dni> <número> · chofer borrar <dni>',
  examples,
  access: 'owner',
  argShape: 'required',
  isStatement: (keys) => isDriverRemark(keys),
  // Only numbers, labels and the action: `el chofer 41234567 no contesta` is a remark, not a phone.
  isAttempt: (raw) => {
    const words = tokens(raw);
    const rest = withoutWords(raw, LABEL_WORDS);
    const plain = rest.filter((word) => !/\d/u.test(word) && !REMOVE_WORDS.has(fold(word)));
    return words.length > 0 && words.length <= 6 && !isDriverRemark(words) && plain.length === 0;
  },
  parse(raw) {
    const words = tokens(withoutWords(raw, LABEL_WORDS).join(' '));
    if (words.length === 0) throw new UserError('chofer-uso');
    const [first = '', ...rest] = words;
    if (REMOVE_WORDS.has(fold(first))) {
      if (rest.length !== 1) throw new UserError('chofer-uso', {}, { example: REMOVE_EXAMPLE });
      return { action: 'remove', document: parseDriverDocument(rest[0] ?? '') };
    }
    const document = parseDriverDocument(first);
    if (rest.length === 0) return { action: 'show', document };
    return { action: 'set', document, phone: parseDriverPhone(rest.join(' ')) };
  },
  async run(ctx) {
    const { args } = ctx;
    const drivers = ctx.services.drivers;
    if (args.action === 'set') {
      const previous = drivers.get(args.document);
      // Asked before saving: a number WhatsApp says has no account would never get a guide.
      const check = (await ctx.services.delivery?.checkNumber(args.phone)) ?? { status: 'unknown' as const };
      if (check.status === 'missing') {
        await ctx.reply('chofer-sin-whatsapp', { documento: args.document, telefono: `+${args.phone}` });
        return;
      }
      drivers.set(args.document, args.phone, ctx.sender.ids[0] ?? 'chat');
      const newNumber = previous?.phone !== args.phone;
      ctx.services.driverContacts?.recordCheck(
        args.document,
        check.status === 'exists' ? { hasWhatsApp: true, ...(check.lid ? { lid: check.lid } : {}) } : {},
        newNumber,
      );
      if (previous && newNumber) {
        // A redirected driver would receive the company's guides: never let it pass unnoticed.
        await ctx.services.owners?.notify('chofer-cambio-aviso', {
          documento: args.document,
          anterior: maskPhone(previous.phone),
          nuevo: maskPhone(args.phone),
          grupo: ctx.message.isGroup ? (ctx.message.chatName ?? ctx.message.chatId) : undefined,
          por: ctx.sender.displayName,
        });
      }
      await ctx.reply('chofer-guardado', {
        documento: args.document,
        telefono: `+${args.phone}`,
        anterior: previous && newNumber ? `+${previous.phone}` : undefined,
        whatsapp: check.status,
        escribio: !newNumber && ctx.services.driverContacts?.get(args.document)?.reachedAt !== undefined,
      });
      return;
    }
    if (args.action === 'remove') {
      const removed = drivers.remove(args.document);
      await ctx.reply(removed ? 'chofer-borrado' : 'chofer-no-registrado', { documento: args.document });
      return;
    }
    const driver = drivers.get(args.document);
    if (!driver) {
      await ctx.reply('chofer-no-registrado', { documento: args.document });
      return;
    }
    await ctx.reply('chofer-registrado', {
      documento: driver.documentNumber,
      telefono: `+${driver.phone}`,
      origen: driver.source,
    });
  },
});
