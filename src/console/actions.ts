import { normalizePhone } from '../config/values.js';
import { isJobName } from '../scheduler/port.js';
import { parseScheduleSpec } from '../scheduler/schedule-spec.js';
import { isGroupChat } from '../transports/ids.js';
import type { ConsoleDeps } from './context.js';

/**
 * The console's state changes (POST forms, CSRF-checked by the server). Each returns where to go
 * next with a message key the page shows; same stores and rules as the chat commands.
 */
export type ActionResult = { to: string; note: string };
type Action = (deps: ConsoleDeps, form: URLSearchParams) => Promise<ActionResult> | ActionResult;

const CONSOLE_USER = 'console';

/** The note shown after a retry of an outbox row (a scrubbed one cannot be sent again). */
const RETRY_NOTES = { retried: 'outbox-retried', scrubbed: 'outbox-scrubbed', missing: 'invalid' } as const;

export const ACTIONS: Record<string, Action> = {
  '/pairing/code': async (deps, form) => {
    const phone = normalizePhone(form.get('phone') ?? '');
    if (!phone) return { to: '/pairing', note: 'phone-invalid' };
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
    deps.services.groupSettings.setActive(chatId, form.get('active') === '1', CONSOLE_USER);
    return { to: '/groups', note: form.get('active') === '1' ? 'group-on' : 'group-off' };
  },
  '/drivers/add': (deps, form) => {
    const document = (form.get('document') ?? '').trim();
    const phone = normalizePhone(form.get('phone') ?? '');
    if (!/^[A-Za-z0-9]{8,15}$/.test(document) || !phone) return { to: '/drivers', note: 'driver-invalid' };
    deps.services.drivers.set(document, phone, CONSOLE_USER);
    return { to: '/drivers', note: 'driver-saved' };
  },
  '/drivers/remove': (deps, form) => {
    const removed = deps.services.drivers.remove(form.get('document') ?? '');
    return { to: '/drivers', note: removed ? 'driver-removed' : 'invalid' };
  },
  '/schedules/add': (deps, form) => {
    const port = deps.services.schedules;
    const chatId = form.get('chatId') ?? '';
    const job = form.get('job') ?? '';
    if (!port || !isGroupChat(chatId) || !isJobName(job)) return { to: '/schedules', note: 'invalid' };
    let spec;
    try {
      spec = parseScheduleSpec(form.get('spec') ?? '');
    } catch {
      return { to: '/schedules', note: 'schedule-invalid' };
    }
    const result = port.add({ chatId, job, spec, by: CONSOLE_USER });
    return { to: '/schedules', note: result.ok ? 'schedule-added' : 'schedule-duplicate' };
  },
  '/schedules/remove': (deps, form) => {
    const port = deps.services.schedules;
    if (!port) return { to: '/schedules', note: 'invalid' };
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
};

/** Spanish text of each note (shown once after the redirect). */
export const NOTES: Record<string, { text: string; ok: boolean }> = {
  'phone-invalid': { text: 'Número no válido: use el código de país, p. ej. 51987654321.', ok: false },
  unavailable: { text: 'WhatsApp no está disponible en este proceso.', ok: false },
  'code-requested': { text: 'Código pedido: aparece abajo en unos segundos.', ok: true },
  'code-failed': { text: 'No se pudo pedir el código: WhatsApp no está esperando vinculación.', ok: false },
  'confirm-needed': { text: 'Para desvincular escriba DESVINCULAR en la casilla.', ok: false },
  relinked: { text: 'Sesión cerrada. Escanee el nuevo código QR para vincular otra vez.', ok: true },
  'group-on': { text: 'Grupo activado.', ok: true },
  'group-off': { text: 'Grupo desactivado.', ok: true },
  'driver-invalid': { text: 'Documento o número no válido.', ok: false },
  'driver-saved': { text: 'Chofer guardado.', ok: true },
  'driver-removed': { text: 'Chofer eliminado.', ok: true },
  'schedule-invalid': {
    text: 'Horario no válido: p. ej. "08:30", "08:30 todos" o "dia 1 09:00".',
    ok: false,
  },
  'schedule-added': { text: 'Publicación programada.', ok: true },
  'schedule-duplicate': { text: 'Esa publicación ya estaba programada.', ok: false },
  'schedule-removed': { text: 'Programación eliminada.', ok: true },
  'schedule-config': {
    text: 'Esa programación viene del archivo de configuración; cámbiela allí.',
    ok: false,
  },
  'outbox-retried': { text: 'Mensaje puesto en cola otra vez.', ok: true },
  'outbox-scrubbed': {
    text: 'Ese mensaje ya no se puede reintentar: su contenido se borró al pasar el plazo de retención (privacidad). Cancélelo y vuelva a pedirlo en el chat.',
    ok: false,
  },
  'outbox-cancelled': { text: 'Mensaje cancelado.', ok: true },
  invalid: { text: 'No se pudo hacer el cambio (datos no válidos o ya no existe).', ok: false },
};
