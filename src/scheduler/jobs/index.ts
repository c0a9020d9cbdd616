import type { JobName } from '../port.js';
import { afpJob } from './afp.js';
import type { ScheduledJob } from './job.js';
import { tcJob } from './tc.js';

/** Every job by the word `programar` takes; adding a job = one file plus one line here and in JOB_NAMES. */
export const jobs: Readonly<Record<JobName, ScheduledJob>> = {
  tc: tcJob,
  afp: afpJob,
};

export type { JobInput, JobResult, ScheduledJob, TemplateRenderer } from './job.js';
