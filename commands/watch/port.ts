import { serviceKey } from '../../src/bot/registry.js';
import type { WatchConfig } from '../../src/config/types.js';
import type { WatchChange, WatchState } from './state.js';

/** A RUC a group watches, with the latest shared observation. */
export interface WatchedItem {
  ruc: string;
  note?: string;
  addedAt: Date;
  state?: WatchState;
  /** Lima date of the latest check. */
  checkedDate?: string;
}

export interface WatchHistoryEntry {
  /** Lima date of the check that saw the change. */
  date: string;
  changes: WatchChange[];
}

/** The watch list as `vigilar`, `vigilados` and `dejar de vigilar` use it (implemented over SQLite). */
export interface WatchPort {
  readonly settings: WatchConfig;
  list(chatId: string): WatchedItem[];
  get(chatId: string, ruc: string): WatchedItem | undefined;
  /** Distinct RUCs watched by any group (the shared check's size). */
  distinctCount(): number;
  /** Every distinct watched RUC. */
  rucs(): { ruc: string; rucKey: string }[];
  /** The latest shared observation of a RUC (any group), if one exists. */
  snapshot(ruc: string): { state: WatchState; checkedDate: string; debtCheckedDate?: string } | undefined;
  /** Stores an observation (the first snapshot when added); records a history entry when it changed. */
  observe(ruc: string, state: WatchState, date: string, debtChecked: boolean, now: Date): WatchChange[];
  add(input: { chatId: string; ruc: string; note?: string; by: string; now: Date }): void;
  remove(chatId: string, ruc: string): boolean;
  history(ruc: string): WatchHistoryEntry[];
}

/** The watch list in the app's registry (`watchPort(ctx)` reads it). */
export const WATCH = serviceKey<WatchPort>('watch');
