import type { WordClass } from './types.js';

/**
 * Forms that belong to two classes, each with the rule that tells them apart. The lexicon refuses
 * to start with an ambiguous form missing here (or a rule for a form that is no longer ambiguous),
 * so a word added to a second class is a decision, not an accident.
 */
export interface Ambiguity {
  readonly form: string;
  readonly classes: readonly (WordClass | 'verb')[];
  /** The name of the rule (a grammar's or a speech-act rule's) that decides, as `because` logs it. */
  readonly rule: string;
  readonly how: string;
}

const rule = (
  forms: readonly string[],
  classes: Ambiguity['classes'],
  name: string,
  how: string,
): Ambiguity[] => forms.map((form) => ({ form, classes, rule: name, how }));

// prettier-ignore
export const AMBIGUITIES: readonly Ambiguity[] = [
  ...rule(['un', 'una'], ['article', 'number-word'], 'number-before-unit',
    'one only before a unit or as a count (`hace una semana`); otherwise the article'),
  ...rule(['a', 'al'], ['preposition', 'range-to'], 'day-range', 'a range only between two weekdays (`lunes al viernes`)'),
  ...rule(['sin', 'quitando'], ['preposition', 'except', 'verb'], 'schedule-except',
    'an exception only among the days of a schedule (`todos sin domingo`)'),
  ...rule(['para', 'que', 'pa', 'pal', 'p/', 'xa'], ['preposition', 'question-word', 'reason'], 'reason-tail',
    'a reason only after a complete request (`ruc … que el cliente espera`)'),
  ...rule(['de', 'del'], ['owner-of', 'preposition', 'spelled-letter'], 'owner-note',
    'after a complete request, whose the identifier is (`dni … del postulante`); elsewhere the preposition (`de` as the letter D only inside a dictated code, see dictation.ts)'),
  ...rule(['consultas'], ['asking-noun', 'usage-unit', 'verb'], 'usage-question',
    'what is counted only in a question about spending (`cuántas consultas hemos gastado`); else a request word'),
  ...rule(['despacho'], ['department', 'verb'], 'header-line',
    'in a line naming an office area (`Despacho`, `Para despacho de mañana`) the area; elsewhere the verb (`despacho hoy`)'),
  ...rule(['atencion'], ['asking-noun', 'header'], 'header-line',
    'first in a message of several lines, who it is for (`Atención contabilidad`); else a request word'),
  ...rule(['este'], ['demonstrative', 'unit-modifier', 'discourse'], 'this-unit',
    'a modifier before a unit or weekday (`este mes`, `este lunes`); otherwise the demonstrative, or a filler of speech (`eh este…`): skipped before the command word either way'),
  ...rule(['si'], ['affirmation', 'conjunction'], 'si-conjunction-or-yes',
    'alone or typed `sí` a yes; before a clause (`si el ruc … sigue habido`) the conjunction'),
  ...rule(['tu'], ['possessive', 'pronoun'], 'possessive-before-noun', 'before a noun `your`; alone `you`'),
  ...rule(['esta', 'estas'], ['demonstrative', 'state-verb', 'unit-modifier'], 'esta-or-esta',
    'before a part of time the demonstrative (`esta semana`); typed `está`, or elsewhere, the verb'),
  ...rule(['no'], ['ack', 'negation'], 'social-line', 'alone, an answer; before a verb, a negation'),
  ...rule(['todos'], ['addressee', 'day-set'], 'schedule-days',
    'among the days of a schedule every day; elsewhere the people addressed'),
  ...rule(['dale', 'recibido', 'anotado', 'sale', 'check'], ['ack', 'verb'], 'social-line',
    'in a line of social words an acknowledgement; elsewhere the verb'),
  ...rule(['confirmado', 'confirmo'], ['affirmation', 'verb'], 'social-line',
    'in a line of social words a yes; elsewhere the participle'),
  ...rule(['envio', 'aviso'], ['topic-noun', 'verb'], 'noun-first',
    'after an article the noun (`el envío del tc`); `envío`/`aviso` as verbs report (first person)'),
  ...rule(['consulta', 'pedido', 'encargo', 'lista', 'apoyo'], ['asking-noun', 'verb'], 'lead-in',
    'both readings ask: skipped before the command word either way'),
  ...rule(['detalle', 'detalles', 'informe', 'informes'], ['topic-noun', 'verb'], 'lead-in',
    'both readings ask (`el detalle de …`, `detalle los locales …`): skipped before the command word either way'),
  ...rule(['listado', 'listados'], ['topic-noun', 'verb'], 'noun-first',
    'after an article the noun (`el listado de choferes`); the participle only with a subject'),
  ...rule(['suspendido', 'suspendida'], ['state-adjective', 'verb'], 'state-after-verb',
    'after a verb of state or in a question the adjective (`¿está suspendido?`); a participle tells either way'),
  ...rule(['pues'], ['reason', 'urgency'], 'reason-tail',
    'before a clause after a complete request the cause (`…, pues la información es necesaria`); at the end the slang of hurry (`ya pues`)'),
  ...rule(['q', 'xq', 'pq'], ['question-word', 'reason'], 'reason-tail',
    'a reason only after a complete request (`ruc … xq el cliente espera`); heading a line the question word'),
  ...(
    [
      ['ese', 'demonstrative'],
      ['te', 'clitic'],
      ['ce', 'concept'],
      ['pe', 'urgency'],
      ['ene', 'month'],
      ['ve', 'verb'],
    ] as const
  ).flatMap(([form, other]) =>
    rule([form], ['spelled-letter', other], 'dictated-code',
      'a letter only inside a dictated code that ends in three digits or more, after a command word (`guía te cero cero uno`, see dictation.ts); otherwise its other class'),
  ),
  ...rule(['lic'], ['addressee', 'concept'], 'lic-licence-or-title',
    'the licence as a command word (`lic 41234567`, `lic. conducir …`); without a document it reads no request, so `lic. Pérez` stays the title'),
  ...rule(['registra', 'registran'], ['state-verb', 'verb'], 'command-after-value',
    'after the identifier a verb of having, as `tiene` (`¿el ruc … registra deuda?`: the command word after it is asked); heading a line the verb `registrar`'),
  ...rule(['activo', 'activa', 'valido', 'valida'], ['state-adjective', 'verb'], 'state-after-verb',
    'after a verb of state or in a question the adjective (`¿está activo?`); heading a line the verb'),
  ...rule(['cuarto'], ['clock-word', 'ordinal'], 'clock-minutes',
    'after `y`/`menos` in a time a quarter hour (`8 y cuarto`); otherwise the ordinal'),
  ...rule(['y'], ['clock-word', 'conjunction'], 'clock-minutes',
    'between an hour and its minutes the clock (`8 y media`); otherwise the conjunction'),
  ...rule(['con'], ['clock-word', 'preposition'], 'clock-minutes',
    'between an hour and its minutes the clock (`8 con 10`); otherwise the preposition'),
  ...rule(['menos'], ['clock-word', 'except'], 'clock-minutes',
    'after an hour, minutes back (`9 menos cuarto`); among the days of a schedule an exception'),
  ...rule(['desde'], ['preposition', 'range-from'], 'day-range',
    'before a weekday with its end (`desde el lunes hasta el viernes`) a range; otherwise the preposition'),
  ...rule(['vigente', 'vigentes'], ['state-adjective', 'unit-modifier'], 'current-period',
    'alone as a date or period the current one (`afp vigentes`); after a subject the state'),
  ...rule(['anoche', 'antenoche'], ['day-part', 'relative-day'], 'day-with-part',
    'both at once: the day and its part (`anoche a las 7` is 19:00 yesterday)'),
  ...rule(['mar'], ['month', 'weekday'], 'calendar-context',
    'in a date the month (`5 mar`); among the days of a schedule Tuesday'),
  ...rule(['manana'], ['day-part', 'relative-day'], 'part-of-day',
    'after `de la`, `por la`, `en la`, `esta` the morning; otherwise tomorrow'),
  ...rule(['pasado', 'pasada'], ['unit-modifier', 'verb'], 'date-modifier',
    'after a unit or weekday (`mes pasado`) or alone in a date a modifier; with a subject the participle'),
  ...rule(['hace'], ['date-keyword', 'verb'], 'ago', 'before a count and a unit (`hace 2 días`) ago; otherwise the verb'),
  ...rule(
    ['programado', 'programados', 'programada', 'programadas', 'uso', 'consumo', 'consumido', 'gasto', 'ayuda', 'factura',
      'facturas', 'vigilados', 'vigiladas', 'vigilado', 'monitoreo', 'monitoreados', 'scheduleado', 'scheduleados'],
    ['concept', 'document-type', 'list-word', 'verb'], 'noun-first',
    'as a command word or after an article the noun (`el uso`, `la factura`); the verb only with a subject'),
];
