import { DRIVERS, SCHEDULES } from '../bot/ports.js';
import { normalizePhone } from '../config/values.js';
import { isJobName } from '../scheduler/port.js';
import { parseScheduleSpec, ScheduleSpecError } from '../scheduler/schedule-spec.js';
import { isGroupChat } from '../transports/ids.js';
import type { ConsoleDeps } from './context.js';
import { CONSOLE_ACTOR } from './pages.js';

/**
 * The console's state changes (POST forms, CSRF-checked by the server). Each either goes on to a
 * page with a note key (`console/templates/note.liquid` words it), or, for a form that cannot be
 * taken, shows the page again with what was typed and a problem word for each wrong field
 * (the form's template words it). Same stores and rules as the chat commands.
 */
type ActionResult = { to: string; note: NoteKey } | { page: string; form: FormEcho };

/** A refused form: the values typed (shown again) and, per wrong field, why. */
export interface FormEcho {
  values: Record<string, string>;
  errors: Record<string, string>;
}

type Action = (deps: ConsoleDeps, form: URLSearchParams) => Promise<ActionResult> | ActionResult;

/** Every note a redirect may carry (`?nota=`); anything else in the URL is ignored. */
export const NOTE_KEYS = [
  'unavailable',
  'code-requested',
  'code-failed',
  'confirm-needed',
  'relinked',
  'group-on',
  'group-off',
  'driver-saved',
  'driver-removed',
  'schedule-added',
  'schedule-duplicate',
  'schedule-removed',
  'schedule-config',
  'outbox-retried',
  'outbox-scrubbed',
  'outbox-cancelled',
  'alert-test-sent',
  'alert-test-refused',
  'alert-test-failed',
  'alert-test-none',
  'invalid',
] as const;
type NoteKey = (typeof NOTE_KEYS)[number];

/** The note shown after a retry of an outbox row (a scrubbed one cannot be sent again). */
const RETRY_NOTES = { retried: 'outbox-retried', scrubbed: 'outbox-scrubbed', missing: 'invalid' } as const;

/** The form again with the values typed and the wrong fields, or undefined when all are right. */
function refused(
  page: string,
  values: Record<string, string>,
  errors: Record<string, string | undefined>,
): ActionResult | undefined {
  const wrong = Object.fromEntries(
    Object.entries(errors).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  return Object.keys(wrong).length > 0 ? { page, form: { values, errors: wrong } } : undefined;
}

/** 'missing' for an empty field, 'invalid' for one that cannot be right, undefined when it is. */
function fieldProblem(value: string, valid: boolean): 'missing' | 'invalid' | undefined {
  return value.trim() === '' ? 'missing' : valid ? undefined : 'invalid';
}

export const ACTIONS: Record<string, Action> = {
  '/pairing/code': async (deps, form) => {
    const typed = form.get('phone') ?? '';
    const phone = normalizePhone(typed);
    if (!phone)
      return {
        page: '/pairing',
        form: { values: { phone: typed }, errors: { phone: 'invalid' } },
      };
    if (!deps.actions) return { to: '/pairing', note: 'unavailable' };
    try {
      await deps.actions.requestPairingCode(phone);
      return { to: '/pairing', note: 'code-requested' };
    } catch {
      return { to: '/pairing', note: 'code-failed' };
    }
  },
  '/pairing/relink': async (deps, form) => {
    if (form.get('confirm') !== 'DESVINCULAR') return { to: '/pairing', note: 'confirm-needed' };
    if (!deps.actions) return { to: '/pairing', note: 'unavailable' };
    await deps.actions.relink();
    return { to: '/pairing', note: 'relinked' };
  },
  '/groups/toggle': (deps, form) => {
    const chatId = form.get('chatId') ?? '';
    if (!isGroupChat(chatId)) return { to: '/groups', note: 'invalid' };
    deps.services.groupSettings.setActive(chatId, form.get('active') === '1', CONSOLE_ACTOR);
    return { to: '/groups', note: form.get('active') === '1' ? 'group-on' : 'group-off' };
  },
  '/drivers/add': (deps, form) => {
    const values = { document: (form.get('document') ?? '').trim(), phone: form.get('phone') ?? '' };
    const phone = normalizePhone(values.phone);
    const problem = refused('/drivers', values, {
      document: fieldProblem(values.document, /^[A-Za-z0-9]{8,15}$/.test(values.document)),
      phone: fieldProblem(values.phone, phone !== undefined),
    });
    const drivers = deps.services.registry.get(DRIVERS);
    if (problem || !phone || !drivers) return problem ?? { to: '/drivers', note: 'invalid' };
    drivers.set(values.document, phone, CONSOLE_ACTOR);
    return { to: '/drivers', note: 'driver-saved' };
  },
  '/drivers/remove': (deps, form) => {
    const removed = deps.services.registry.get(DRIVERS)?.remove(form.get('document') ?? '') ?? false;
    return { to: '/drivers', note: removed ? 'driver-removed' : 'invalid' };
  },
  '/schedules/add': (deps, form) => {
    const port = deps.services.registry.get(SCHEDULES);
    if (!port) return { to: '/schedules', note: 'unavailable' };
    const values = {
      chatId: form.get('chatId') ?? '',
      job: form.get('job') ?? '',
      spec: form.get('spec') ?? '',
    };
    let spec: ReturnType<typeof parseScheduleSpec> | undefined;
    let specProblem: string | undefined;
    try {
      spec = parseScheduleSpec(values.spec);
    } catch (error) {
      if (!(error instanceof ScheduleSpecError)) throw error;
      specProblem = values.spec.trim() === '' ? 'missing-time' : error.problem;
    }
    const job = values.job;
    const problem = refused('/schedules', values, {
      chatId: isGroupChat(values.chatId) ? undefined : 'missing',
      job: isJobName(job) ? undefined : 'invalid',
      spec: specProblem,
    });
    if (problem || !spec || !isJobName(job)) return problem ?? { to: '/schedules', note: 'invalid' };
    const result = port.add({ chatId: values.chatId, job, spec, by: CONSOLE_ACTOR });
    return { to: '/schedules', note: result.ok ? 'schedule-added' : 'schedule-duplicate' };
  },
  '/schedules/remove': (deps, form) => {
    const port = deps.services.registry.get(SCHEDULES);
    if (!port) return { to: '/schedules', note: 'unavailable' };
    const result = port.remove(form.get('chatId') ?? '', Number(form.get('position')));
    if (result.ok) return { to: '/schedules', note: 'schedule-removed' };
    return { to: '/schedules', note: result.reason === 'config' ? 'schedule-config' : 'invalid' };
  },
  '/outbox/retry': (deps, form) => {
    const result = deps.outbox?.retry(Number(form.get('id'))) ?? 'missing';
    return { to: '/outbox', note: RETRY_NOTES[result] };
  },
  '/outbox/cancel': (deps, form) => ({
    to: '/outbox',
    note: deps.outbox?.cancel(Number(form.get('id'))) ? 'outbox-cancelled' : 'invalid',
  }),
  '/alerts/test': async (deps) => {
    if (!deps.alertTest) return { to: '/', note: 'alert-test-none' };
    const answer = await deps.alertTest.send();
    if (answer.ok) return { to: '/', note: 'alert-test-sent' };
    const refused = answer.status !== undefined && answer.status >= 400 && answer.status < 500;
    deps.logger.warn({ status: answer.status, error: answer.error }, 'console alert test not delivered');
    return { to: '/', note: refused ? 'alert-test-refused' : 'alert-test-failed' };
  },
};
