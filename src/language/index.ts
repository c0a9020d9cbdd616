/**
 * The language layer's one entry: everything outside `src/language/` imports from here
 * (test/architecture/layers.ts holds every layer to its entry). What is not exported is the
 * layer's own business: the tokenizer, the lexicon's build, the grammars' parts, the rules.
 */

// Reading a message.
export { createUnderstanding } from './understand/understand.js';
export type { UnderstandContext, Understanding } from './understand/understand.js';
export type { Act, Addressed, Reading } from './understand/reading.js';

// Declaring a command's words and slots.
export { isTopical } from './understand/declare.js';
export type { CommandLanguage, SlotSpec } from './understand/declare.js';
export type { GuideClauses } from './grammars/registry.js';
export type { ForeignDocType } from './grammars/identifiers/foreign-doc.js';

// What `ayuda` says about the commands.
export { formsOf } from './understand/forms.js';
export { refersToItself } from './understand/self.js';
export { closestWord } from './edit-distance.js';

// Identifiers' check digits (no reading: for data that is already a column or a file).
export { isValidRuc, RUC_PREFIXES, rucCheckDigit } from './grammars/identifiers/ruc-digits.js';
export { dniCheckDigit } from './grammars/identifiers/dni.js';
export { namesIdColumn } from './column-header.js';

// Schedules, dates and words the bot writes back.
export {
  DEFAULT_DAYS,
  parseScheduleSpec,
  type ScheduleSpec,
  ScheduleSpecError,
} from './grammars/schedule.js';
export { ALL_DAYS } from './grammars/days.js';
export { weekdayName } from './grammars/weekday.js';
export { lexicon, monthName } from './lexicon/index.js';
export { DOCUMENT_TYPE_NAMES } from './lexicon/es/display.js';
