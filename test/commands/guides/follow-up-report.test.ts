import { describe, expect, it } from 'vitest';
import { dispatchReportData } from '../../../commands/guides/follow-up-report.js';
import type { DeliveryState } from '../../../src/store/delivery-state.js';
import { createTemplates } from '../../../src/render/templates.js';
import type { DeliveryRecord } from '../../../src/store/delivery.js';
import type { Dispatch } from '../../../commands/guides/dispatches.js';

/** The group's one follow-up, rendered from a dispatch and its delivery records. */
const templates = createTemplates({ maxListItems: 10 });

function followUp(states: Record<string, DeliveryState>): string {
  const dispatch: Dispatch = {
    id: 1,
    chatId: '120363000000000001@g.us',
    guide: 'T001-42',
    createdAt: 0,
    dueAt: 600_000,
    items: Object.keys(states).map((waId, i) => ({
      waId,
      documentNumber: `4123456${i}`,
      name: `CHOFER ${waId}`,
      phoneMasked: `+51 9•••••11${i}`,
    })),
  };
  const record = (waId: string): DeliveryRecord | undefined => {
    const state = states[waId];
    return state ? { waId, chatId: 'x@s.whatsapp.net', state, stateAt: 1, queuedAt: 0 } : undefined;
  };
  return templates.render(
    'guia-seguimiento',
    dispatchReportData(dispatch, record, { get: () => ({ documentNumber: 'x', reachedAt: 1 }) }),
  );
}

describe('dispatch follow-up outcomes', () => {
  it('says a guide still in the outbox has not left Chasqui (no connection), not that the phone is off', () => {
    const text = followUp({ A: 'queued', B: 'sent' });
    expect(text).toContain('❌ CHOFER A (+51 9•••••110): aún no sale de Chasqui: sin conexión con WhatsApp');
    expect(text).not.toMatch(/CHOFER A[^\n]*teléfono apagado/);
    // Sent but not yet confirmed: the recipient's side is the likely reason.
    expect(text).toContain(
      '❌ CHOFER B (+51 9•••••111): todavía no le llega (¿teléfono apagado o sin datos?)',
    );
  });
});
