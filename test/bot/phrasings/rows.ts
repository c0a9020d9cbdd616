/**
 * Row shapes of the phrasing tables: a line as staff write it and what Chasqui must do with it.
 * `null` = silence (no reply, no API request); `'!id'` = local error `errors/<id>` (no API
 * request); a command name = the command that must run and (a subset of) its parsed arguments; a
 * list = a message of several lines whose requests run in that order, each with its arguments.
 */
export type Row = readonly [
  text: string,
  outcome: string | null | readonly (readonly [command: string, args?: Record<string, unknown>])[],
  args?: Record<string, unknown>,
];

/** The fixture company's own RUC (TAX_PORTAL_RUC in the harness). */
export const OWN = '20123456786';
/** Fictional RUCs with valid check digits (fixtures or computed). */
export const R1 = '20123456786';
export const R2 = '20601234565';
export const R3 = '10456789124';
export const R4 = '20100456789';
/** Fictional DNIs; check characters: 45678912 → 4/I, 41234567 → 9/C, 70123456 → 7/A. */
export const D1 = '45678912';
export const D2 = '41234567';
export const D3 = '70123456';

/** Today in the tables: Sunday 22/11/2026, 10:00 in Lima. */
export const NOW = new Date('2026-11-22T15:00:00Z');
export const TODAY = '2026-11-22';

export function ref(series: string, number: string, type = '09', ruc = OWN) {
  return { ref: { ruc, type, series, number } };
}

/** A weekly `tc` schedule as `programar` parses it (days left out: not checked). */
export const weekly = (hour: number, minute: number, days?: number[]) => ({
  job: 'tc',
  spec: { kind: 'weekly', hour, minute, ...(days ? { days } : {}) },
});

/** A monthly `afp` schedule as `programar` parses it. */
export const monthly = (dayOfMonth: number, hour: number, minute = 0) => ({
  job: 'afp',
  spec: { kind: 'monthly', dayOfMonth, hour, minute },
});
