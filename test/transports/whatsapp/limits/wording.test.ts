import { describe, expect, it } from 'vitest';
import { createTemplates } from '../../../../src/render/templates.js';

/**
 * What a dispatching group reads about held and refused guides. `whatsapp-retenido` is rendered
 * by the transport itself (limits/notices.ts). The follow-up (`guia-seguimiento`) gets its rows
 * from src/delivery/dispatch-report.ts: a refused number arrives today as `rechazado` with the
 * code `no-whatsapp`; a held row needs `resultado: 'retenido'`, `retenido_hasta` and `motivo` from
 * the delivery record's `heldUntil` / `heldReason` (the line to add there is in the issue 21 notes).
 */
const templates = createTemplates();
const UNTIL = new Date('2026-11-20T23:30:00Z'); // 18:30 in Lima

describe('the group notice about held guides', () => {
  it('says why, until when in Lima time, that nothing needs asking again, and how one goes now', () => {
    const text = templates.render('whatsapp-retenido', {
      motivo: 'restriccion',
      hasta: UNTIL,
      sin_fin: false,
    });
    expect(text).toContain(
      'WhatsApp restringió por ahora los chats nuevos de este número hasta el 20/11/2026 18:30.',
    );
    expect(text).toContain('no hace falta pedirlas otra vez');
    expect(text).toContain('pide al chofer que escriba «hola»');
    expect(text).not.toMatch(/sin conexión/u);
    expect(
      templates.render('whatsapp-retenido', { motivo: 'restriccion', hasta: UNTIL, sin_fin: true }),
    ).toContain('(no dijo hasta cuándo)');
    expect(templates.render('whatsapp-retenido', { motivo: 'tope-diario', hasta: UNTIL })).toContain(
      'tope diario de Chasqui; sigue el 20/11/2026 18:30',
    );
  });
});

describe('the dispatch follow-up', () => {
  const report = (row: Record<string, unknown>) =>
    templates.render('guia-seguimiento', {
      serie_numero: 'T001-42',
      recibieron: [],
      no_recibieron: [
        { nombre: 'HUAMAN TORRES CARLOS ALBERTO', telefono: '+51 9•••••111', nunca_escribio: true, ...row },
      ],
      primer_contacto: false,
    });

  it('a held guide reads as held by WhatsApp’s restriction, until when, never «sin conexión»', () => {
    const text = report({ resultado: 'retenido', retenido_hasta: UNTIL, motivo: 'restriction' });
    expect(text).toContain(
      'retenida en Chasqui: WhatsApp restringió los chats nuevos de este número hasta el 20/11/2026 18:30; sale sola cuando se pueda',
    );
    expect(text).not.toContain('sin conexión');
    expect(report({ resultado: 'retenido', retenido_hasta: UNTIL, motivo: 'daily-cap' })).toContain(
      'hoy ya se abrieron todos los chats nuevos que permite el tope diario hasta el 20/11/2026 18:30',
    );
  });

  it('a number with no WhatsApp reads as not sent, and why', () => {
    expect(report({ resultado: 'rechazado', codigo: 'no-whatsapp' })).toContain(
      'no se envió: WhatsApp dice que ese número no tiene cuenta',
    );
  });
});
