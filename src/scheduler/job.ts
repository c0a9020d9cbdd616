import type { LookupApi } from '../lookup/api.js';
import type { ExchangeRate } from '../lookup/schemas/index.js';
import type { OutgoingMessage } from '../transports/transport.js';
import type { JobName } from './port.js';

/** The part of the template renderer (src/render/templates.ts) jobs need. */
export interface TemplateRenderer {
  render(name: string, data?: Record<string, unknown>): string;
}

export interface JobInput {
  chatId: string;
  /** Lima date of the occurrence, 'YYYY-MM-DD'. */
  date: string;
  lookup: LookupApi;
  templates: TemplateRenderer;
  /** No retries left: post what is available (with a note) instead of asking to wait. */
  finalAttempt: boolean;
  /** Extra holidays ('YYYY-MM-DD', config `scheduler.holidays`) besides the fixed-date ones. */
  holidays?: ReadonlySet<string>;
  /** Free official sources to read before paying (issue 23); absent: every answer is paid. */
  free?: JobFreeSources;
}

/** What jobs may read for free (the app's free sources, src/app/free-sources.ts, fit it). */
export interface JobFreeSources {
  /** SUNAT's exchange rate of `date` from the official rate, or undefined (then pay). Never throws. */
  officialRate(
    date: string,
    holidays?: ReadonlySet<string>,
  ): Promise<{ rate: ExchangeRate; close: string } | undefined>;
  /** Counts one answer a free source gave instead of a paid lookup of `operation` (the usage log). */
  saved(chatId: string, operation: string): void;
}

/** `not-ready`: the data of the day is not published yet; the scheduler retries later. */
export type JobResult =
  { kind: 'post'; message: OutgoingMessage; note: string } | { kind: 'not-ready'; note: string };

/**
 * A scheduled post. Lookup failures are thrown (the scheduler retries, then tells the admins);
 * "not yet published" is a result, not an error.
 */
export interface ScheduledJob {
  name: JobName;
  run(input: JobInput): Promise<JobResult>;
}
