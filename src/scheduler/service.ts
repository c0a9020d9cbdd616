import type { Clock } from '../time/clock.js';
import type { SchedulesPort } from './port.js';
import { formatScheduleSpec, nextOccurrence } from './schedule-spec.js';
import type { ScheduleStore } from './store.js';

/** The SchedulesPort over the store: what `programar`, `programados` and `desprogramar` call. */
export function createSchedulesService(store: ScheduleStore, clock: Clock): SchedulesPort {
  return {
    list: (chatId) => store.forChat(chatId),
    add({ chatId, job, spec, by }) {
      const specText = formatScheduleSpec(spec);
      const existing = store.forChat(chatId).find((e) => e.job === job && e.specText === specText);
      if (existing) return { ok: false, reason: 'duplicate', existing };
      const entry = store.insert({
        chatId,
        job,
        specText,
        source: 'chat',
        createdBy: by,
        createdAt: clock.now(),
      });
      return { ok: true, entry };
    },
    remove(chatId, position) {
      const entry = store.forChat(chatId)[position - 1];
      if (!Number.isInteger(position) || !entry) return { ok: false, reason: 'not-found' };
      if (entry.source === 'config') return { ok: false, reason: 'config', entry };
      store.delete(entry.id);
      return { ok: true, entry };
    },
    nextRun: (entry, after) => nextOccurrence(entry.spec, after),
  };
}
