/**
 * The shape of the lexicon: every Spanish word or phrase Chasqui reads is one entry of a word
 * class, with a value where the class needs one (a month's number, a concept's id). Grammars ask
 * the lexicon for classes; they never list words of their own.
 */

/** General Spanish, Peruvian usage (`causa`, `al toque`), or chat spelling (`xfa`, `q`, `d`). */
export type Variety = 'es' | 'pe' | 'chat';

/** Every word class, one per line of meaning. The comment says what a grammar does with it. */
export const WORD_CLASSES = [
  // function words
  'article', // el, la, un: skipped at the edges of an argument
  'preposition', // de, del, para, con
  'conjunction', // y, o, pero
  'possessive', // mi, su, nuestro
  'demonstrative', // este, esa: before a noun
  'pronoun', // esto, eso, tú, usted: a thing or person named without a noun
  'auxiliary', // he, hemos, llevamos: before a participle (`hemos gastado`)
  'adverb', // más, todavía, solo: said beside a verb without changing the request
  'clitic', // me, nos, le, se: who a request is for
  'label', // N°, nro, número: before an identifier
  'negation', // no, ya no, nunca
  // social
  'greeting', // hola, buenos días
  'callout', // oye, oe: getting someone's attention
  'courtesy', // por favor, porfa, xfa
  'thanks', // gracias, se agradece
  'regards', // saludos, bendiciones, atte
  'addressee', // equipo, chicos, causa: who is spoken to
  'bot-name', // bot, chasqui: the bot itself named
  'urgency', // urgente, rapidito, cuando puedas, pe
  'apology', // disculpa, perdón
  'ack', // ok, listo, dale, perfecto
  'farewell', // chau, hasta luego
  'laughter', // jaja, xd
  'affirmation', // sí (with the accent), claro que sí
  'interjection', // asu, pucha, ya fue: an exclamation said around a request
  'discourse', // eh, este, o sea, bueno, btw, literal: speech carried along, saying nothing
  'correction', // digo, mejor dicho, me equivoqué: what follows replaces what was just written
  'department', // contabilidad, almacén, RRHH: an office area, named atop a message or as who writes
  // asking
  'question-word', // qué, cuál, cuánto, quién
  'asking-noun', // consulta, pregunta, duda
  'usage-unit', // consultas, créditos, del plan: what a question about spending counts
  'topic-noun', // datos, info, nombre, titular: what is asked of an identifier
  'attribute', // estado, marca, color: asked about in a question
  'state-adjective', // activo, habido, vigente
  'state-verb', // es, está, tiene: tells in a statement, asks in a question
  'report-verb', // llegó, salió, subió: tells what happened
  'telling', // se informa que, les comunico que: what follows is told to the others, not asked
  'self-intro', // soy, les escribe: the writer says who they are (`hola, soy Rosa de RRHH`)
  'rate-move', // cerró, amaneció: how a rate moved, asked about
  'owner-lead', // correspondiente al, perteneciente a: whose an identifier is, after it
  'owner-of', // de, del: the same, in one word (`dni … del postulante`)
  'owner-said', // es la, es nuestro: the same after a pause (`ruc …, es la empresa nueva`)
  'header', // Atención contabilidad, Asunto: who or what a message of several lines is for
  'reason', // para la cotización, que el cliente espera: why, after a request
  'person-noun', // señor, proveedor, cliente: whose identifier
  'place-here', // aquí, en este grupo
  // numbers and calendar
  'number-word', // veinte, treinta y uno
  'ordinal', // primero, segunda
  'month', // enero … diciembre
  'weekday', // lunes … domingo
  'relative-day', // hoy, ayer, mañana
  'date-unit', // día, semana, mes, año
  'unit-modifier', // pasado, próximo, este, actual
  'date-keyword', // hace, atrás, fin, cierre, último día hábil
  'day-part', // mañana, tarde, noche (a time of day)
  'clock-word', // mediodía, medianoche, media, cuarto, en punto
  'time-unit', // h, hrs, horas, min
  'meridiem', // am, pm
  'time-prefix', // a las, para las
  'day-set', // todos los días, hábiles, fin de semana
  'except', // menos, excepto, salvo
  'range-to', // a, al, hasta (between two days)
  'range-from', // desde: opens a range of days (`desde el lunes hasta el viernes`)
  'recurrence', // todos, cada, diario: a repeating time
  'start-phrase', // a partir de hoy, desde mañana
  'month-word', // mes, mensual: a day of the month
  // the domain
  'concept', // ruc, placa, guía, chofer: what a command is about
  'document-type', // factura, boleta, nota de crédito: a document's type code
  'document-word', // comprobante, documento: a document without a type
  'format', // xml, pdf
  'fund', // habitat, integra, prima, profuturo
  'job', // tc, afp: what a schedule posts
  'legal-form', // S.A.C., E.I.R.L.
  'list-word', // vigilados, vigilancia, seguimiento: the watch list named
  'filler', // words a command ignores around its argument (per concept, see value)
  'qualifier', // nuevo, otro: said of a concept without changing it (`un nuevo chofer`)
  'company-word', // transportes, distribuidora, inversiones: words of company names
  'switch', // on, off: the bot turned on or off
  'duration', // un rato, por hoy: how long, said to a bot being paused
  'time-frame', // durante, mientras, a partir de: for how long or from when, after a request
  'condition', // si cambia, cuando cambie: what a notice waits for (`avísame si cambia …`)
  // dictation (voice-to-text): read by tokenize.ts through dictation.ts
  'spoken-mark', // coma, punto, guion, dos puntos: punctuation said aloud (value: the sign)
  'spelled-letter', // be, ce, efe, equis: a letter said aloud in a dictated code (value: the letter)
] as const;

export type WordClass = (typeof WORD_CLASSES)[number];

/** One word or phrase of one class. */
export interface LexEntry {
  /** Written forms; compared by `key` (folded, stretched letters collapsed). Spaces make a phrase. */
  readonly forms: readonly string[];
  readonly class: WordClass;
  /** The meaning where the class needs one: a month's number, a concept's id, a type code. */
  readonly value?: string | number;
  readonly variety: Variety;
  /**
   * Names its concept only in a line otherwise about it (`comisiones`, `dólar`): `programa las
   * comisiones de los vendedores para el 5` is not about the AFP post.
   */
  readonly vague?: true;
}

/** A pattern entry: a word recognised by its shape (`jajaja`, `xddd`), not listed. */
export interface LexPattern {
  readonly pattern: RegExp;
  readonly class: WordClass;
  readonly variety: Variety;
}

/** What a verb is used for in a request. */
export const SENSES = [
  'ask', // mándame, me pasas, consulta: asks for something
  'send', // envía, manda, reenvía: moves a document to someone
  'resend', // reenvía: the send forced again
  'show', // muestra, enseña: shows it here
  'register', // registra, agrega, anota
  'update', // actualiza, cambia, corrige
  'remove', // borra, elimina, quita
  'watch', // vigila, monitorea, haz seguimiento
  'notify', // avísame, alértame
  'stop', // deja de, para de
  'activate', // activa, prende, enciende
  'deactivate', // desactiva, apaga, silencia
  'answer', // responde, contesta
  'schedule', // programa, agenda
  'unschedule', // desprograma
  'cancel', // cancela, anula
  'search', // busca
  'help', // ayuda, apoya
  'wake', // despierta: the bot turned on, only with the bot named
  'silence', // cállate, silencia, pausa: the bot turned off, only with the bot named
  'modal', // puedes, podrías, quiero: carries the infinitive after it
  'need', // necesito, requiero, solicito
  'spend', // gastar, consumir, usar: credits spent
  'verify', // verifica, valida, confirma, revisa
  'event', // llegar, vencer, subir: tells what happens, never asks the bot
] as const;

export type Sense = (typeof SENSES)[number];

/**
 * A verb, by its infinitive; morphology.ts generates its forms. Irregular verbs give the forms
 * the rules cannot make (`dar`: `da`, `dame`, `deme`).
 */
export interface VerbLemma {
  readonly lemma: string;
  readonly senses: readonly Sense[];
  readonly variety: Variety;
  /** Stem of the stressed singular forms when it changes (`mostrar` → `muestr`). */
  readonly strongStem?: string;
  /** Forms the rules cannot make, by form name: they replace the generated ones of that name. */
  readonly irregular?: Readonly<Partial<Record<VerbFormName, readonly string[]>>>;
  /** Generated forms that are another word's (`parar` → `para` is the preposition). */
  readonly exclude?: readonly string[];
  /** Words that follow every form (`dar de baja` → `dale de baja`, `hacer seguimiento`). */
  readonly tail?: string;
}

/** The forms morphology.ts generates, named by use. */
export const VERB_FORM_NAMES = [
  'infinitive', // mandar
  'imperative', // manda (tú), mande (usted), manden (ustedes)
  'present-2', // mandas, manda (usted), mandan: a question (`me mandas?`)
  'present-1', // mando, mandamos: the writer reports
  'conditional', // mandarías, mandaría
  'subjunctive', // mandes, mande: `que me mandes`, `ya no mandes`
  'gerund', // mandando
  'past', // mandé, mandó, mandaron: reports
  'participle', // mandado
] as const;

export type VerbFormName = (typeof VERB_FORM_NAMES)[number];

/** Who a form's clitics name: the writer (`mándame`), someone else (`mándale`), or nobody. */
export type Addressee = 'me' | 'them' | 'none';

/** One generated form of a verb. */
export interface VerbForm {
  readonly lemma: string;
  readonly senses: readonly Sense[];
  readonly form: VerbFormName;
  readonly addressee: Addressee;
  /** The clitics attached (`mándamelo` → me, lo). */
  readonly clitics: readonly string[];
  readonly variety: Variety;
}
