import type { DocumentRef } from '../../lookup/api.js';
import type { ScheduleSpec } from '../../scheduler/schedule-spec.js';
import type { SlotGrammar } from './types.js';
import { COMMAND_GRAMMARS } from './command-slots.js';
import { IDENTIFIER_GRAMMARS } from './legacy.js';
import { driverAction, mobile, personId } from './person.js';

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
}

export type GrammarName = keyof GrammarValues;

/** Every slot grammar by name. */
export const GRAMMARS: { readonly [N in GrammarName]: SlotGrammar<GrammarValues[N]> } = {
  ...IDENTIFIER_GRAMMARS,
  ...COMMAND_GRAMMARS,
  'person-id': personId,
  mobile,
  'driver-action': driverAction,
};
