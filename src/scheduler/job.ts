import type { LookupApi } from '../lookup/api.js';
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
