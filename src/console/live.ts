import { operationLabel } from '../lookup/operations.js';
import type { ConsoleDeps } from './context.js';
import { type ChatName, loadChatNames } from './names.js';
import { statusView } from './pages.js';
import type { ConsoleRenderer } from './render.js';
import { sendProblem, type SendProblem } from './send-problem.js';
import type { AlertDetail, StatusView } from './status-view.js';

/**
 * The parts of the Status and Pairing pages that follow WhatsApp live: rendered here from
 * `console/templates/live/*.liquid` both into the page and into every Server-Sent Event, so the
 * browser only swaps HTML (`data-part`) and shows or hides forms (`data-when`), and all wording
 * stays in the templates.
 */
export const LIVE_PARTS = [
  'whatsapp',
  'limits',
  'lookups',
  'outbox',
  'alerts',
  'pairing',
  'qr',
  'code',
] as const;

/** An alert detail with what the page shows for it: a chat's name, a send problem, a label. */
export interface ShownDetail extends AlertDetail {
  chat?: ChatName;
  problem?: SendProblem;
  label?: string;
  /** A failed scheduled post's lookup failure kind (`failed: network`), worded as the chat does. */
  failure?: string;
  /** The raw error behind a problem word, shown only as a tooltip (no syscalls on the page). */
  raw?: string;
}

export interface LiveData {
  status: StatusView;
  alerts: (StatusView['alerts'][number] & { shown: ShownDetail[] })[];
}

const CHAT_KEYS = new Set(['chat', 'group', 'scope']);

/** The status with each alert's details made readable (group names read only when needed). */
export async function liveData(deps: ConsoleDeps): Promise<LiveData> {
  const status = statusView(deps);
  const needsNames = status.alerts.some((alert) => alert.details.some((d) => CHAT_KEYS.has(d.key)));
  const names = needsNames ? await loadChatNames(deps) : undefined;
  const alerts = status.alerts.map((alert) => ({
    ...alert,
    shown: readable(alert.details).map((detail): ShownDetail => {
      const text = String(detail.value);
      if (CHAT_KEYS.has(detail.key) && names) return { ...detail, chat: names.of(text) };
      if (detail.key === 'reason' && alert.kind === 'outbox-failed')
        return { ...detail, problem: sendProblem(text) };
      if (detail.key === 'operation') return { ...detail, label: operationLabel(text) };
      const failure = detail.key === 'note' ? /^failed: ([\w-]+)$/u.exec(text)?.[1] : undefined;
      if (failure) return { ...detail, failure };
      return detail;
    }),
  }));
  return { status, alerts };
}

/** A problem word takes the raw error's place (kept as its tooltip). */
function readable(details: AlertDetail[]): ShownDetail[] {
  const raw = details.find((d) => d.key === 'error');
  if (!raw || !details.some((d) => d.key === 'problem')) return details;
  return details
    .filter((d) => d !== raw)
    .map((d) => (d.key === 'problem' ? { ...d, raw: String(raw.value) } : d));
}

/** Every live part's HTML, keyed by name, for one Server-Sent Event. */
export async function renderLive(renderer: ConsoleRenderer, data: LiveData): Promise<Record<string, string>> {
  const parts: Record<string, string> = {};
  for (const name of LIVE_PARTS) parts[name] = await renderer.page(`live/${name}`, { ...data });
  return parts;
}
