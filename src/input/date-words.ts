/**
 * Dates and months as people say them (issue 11), read by the date and period grammars of
 * src/language (`spokenDate`, `spokenPeriod`); kept here for the commands that import them.
 */
export { looksLikeSpokenDate, spokenDate } from '../language/grammars/date.js';
export type { DayParts, MonthParts, SpokenDate } from '../language/grammars/date-resolve.js';
export { spokenPeriod } from '../language/grammars/period.js';
