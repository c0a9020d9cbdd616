/*
 * Natural forms of command words, generated from small word lists instead of listed one by one
 * (issue 11): people say `registra al chofer`, `anótame el conductor`, `dar de baja al chofer`,
 * `silencio bot`, and we are judged on the forms nobody wrote down. Each list stays readable; the
 * phrase index (src/bot/phrase-index.ts) matches the products token by token.
 */

/**
 * Every concatenation of one entry per list, in order (`''` = nothing there):
 * `combine(['borra', 'quita'], ['al', ''], ['chofer'])` → `borra al chofer`, `borra chofer`, …
 */
export function combine(...lists: readonly (readonly string[])[]): string[] {
  let out = [''];
  for (const list of lists) {
    out = out.flatMap((head) => list.map((word) => [head, word].filter(Boolean).join(' ')));
  }
  return [...new Set(out.filter(Boolean))];
}

/**
 * The request forms of a regular `-ar` verb from its stem (`registr`): imperative (`registra`),
 * infinitive (`registrar`), with `me`/`nos` attached (`regístrame`, `registranos`) and the plural
 * imperative (`registren`). Accents need not be written: words are compared folded.
 */
export function arVerb(stem: string): string[] {
  return ['a', 'ar', 'ame', 'anos', 'en'].map((ending) => `${stem}${ending}`);
}

/** The same for `-er`/`-ir` verbs (`añad` → `añade`, `añadir`, `añádeme`, `añadan`). */
export function irVerb(stem: string, infinitive: 'er' | 'ir'): string[] {
  return ['e', infinitive, 'eme', 'enos', 'an'].map((ending) => `${stem}${ending}`);
}

/** `[phrase, impliedArgs]` pairs: each form implies the same leading argument. */
export function implying(phrases: readonly string[], implied: string): [string, string][] {
  return phrases.map((phrase) => [phrase, implied]);
}

/** How the bot is named in a line addressed to it: `silencio bot`, `pausa el bot`, `chasqui on`. */
const BOT_AFTER = ['bot', 'el bot', 'al bot', 'chasqui', 'al chasqui'];
const BOT_BEFORE = ['bot', 'chasqui'];
/** The group itself: `no respondas aquí`, `vuelve a responder en este grupo`. */
const HERE = ['aqui', 'aca', 'por aqui', 'en este grupo', 'en el grupo', 'en este chat'];

/**
 * Colloquial verbs that are commands only with the bot named (`bot cállate`, `silencio bot`):
 * said alone they are as likely meant for people (`silencio por favor, estamos en reunión`).
 */
export function namingTheBot(verbs: readonly string[]): string[] {
  return [...combine(verbs, BOT_AFTER), ...combine(BOT_BEFORE, verbs)];
}

/**
 * Verbs about answering (`no respondas`, `ya puedes responder`): commands with the bot named or
 * with the place (`aquí`, `en este grupo`), since answering in this group is what the bot does.
 */
export function namingTheBotOrHere(verbs: readonly string[]): string[] {
  return [...namingTheBot(verbs), ...combine(verbs, HERE)];
}
