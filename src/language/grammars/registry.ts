import type { DocumentReference as DocumentRef } from './identifiers/document-check.js';
import type { SlotGrammar } from './types.js';
import { COMMAND_GRAMMARS } from './command-slots.js';
import { pastDateGrammar } from './date.js';
import { pastPeriodGrammar } from './period.js';
import { type ScheduleSpec, scheduleGrammar } from './schedule.js';
import { IDENTIFIER_GRAMMARS, mobileGrammar, personIdGrammar } from './identifiers/index.js';
import { driverAction } from './driver-action.js';

/**
 * The first day with its own published exchange rate: rates start in 2000, but 2000-01-01 is a
 * holiday and 2000-01-02 a Sunday, so asking for them would be answered with a 1999 rate.
 */
export const MIN_DATE = '2000-01-03';
/** Nothing the lookup API serves predates this. */
export const MIN_PERIOD = '2000-01';

/** The job a schedule posts, by the concept that names it. */
export type JobName = 'tc' | 'afp';

/** What the guide's clauses after its reference ask for (`enviar`, `en xml`, `al chofer`). */
export interface GuideClauses {
  send: boolean;
  force: boolean;
  format?: 'xml' | 'pdf';
  carrier: boolean;
}

/** The value each named grammar gives; a command's slot types come from here. */
export interface GrammarValues {
  ruc: string;
  dni: string;
  ce: string;
  cee: string;
  ci: string;
  licence: string;
  plate: string;
  date: string;
  period: string;
  fund: string;
  'guide-ref': DocumentRef;
  'invoice-ref': DocumentRef;
  'guide-clauses': GuideClauses;
  formats: ReadonlySet<'xml' | 'pdf'>;
  'company-name': string;
  'person-id': string;
  mobile: string;
  'driver-action': 'remove';
  job: JobName;
  schedule: ScheduleSpec;
  position: number;
  'schedule-target': { position: number } | { job: JobName };
  'watch-note': string;
  topic: string;
  'id-list': number;
  text: string;
}

export type GrammarName = keyof GrammarValues;

/** Every slot grammar by name. */
export const GRAMMARS: { readonly [N in GrammarName]: SlotGrammar<GrammarValues[N]> } = {
  ...IDENTIFIER_GRAMMARS,
  ...COMMAND_GRAMMARS,
  date: pastDateGrammar(MIN_DATE),
  period: pastPeriodGrammar(MIN_PERIOD),
  schedule: scheduleGrammar,
  'person-id': personIdGrammar,
  mobile: mobileGrammar,
  'driver-action': driverAction,
};
