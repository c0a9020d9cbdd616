import { limaDate } from '../time/lima.js';

/** Whole days from an edition's date (YYYY-MM-DD, Lima) to today in Lima. */
export function editionAgeDays(edition: string, now: Date): number {
  return Math.round(
    (Date.parse(`${limaDate(now)}T00:00:00Z`) - Date.parse(`${edition}T00:00:00Z`)) / 86_400_000,
  );
}
