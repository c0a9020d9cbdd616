import type { Reply } from './envelope.js';

/** What a route handler sees: the parsed JSON body (POST) or the path parameter (GET guide routes). */
export interface RouteContext {
  body: Record<string, unknown>;
  param: string;
  now: Date;
  /** Minutes after Lima midnight when the day's exchange rate is published. */
  ratePublishedAtMinutes: number;
}

export type Handler = (ctx: RouteContext) => Reply;

/** A body field as a string, or undefined when missing or not a string (→ Bad Request). */
export function stringField(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  return typeof value === 'string' ? value : undefined;
}

/** Spec Part 8: a DNI is exactly 8 digits. */
export const DNI_PATTERN = /^[0-9]{8}$/;
export const RUC_PATTERN = /^[0-9]{11}$/;
