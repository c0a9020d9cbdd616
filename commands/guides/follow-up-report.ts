import type { DriverContactsPort } from '../../src/bot/ports.js';
import type { DeliveryRecord } from '../../src/store/delivery.js';
import type { Dispatch } from './dispatches.js';

/**
 * Template data of a dispatch's one follow-up (templates/guia-seguimiento.liquid): who got the
 * guide (entregado / leído), who did not and why, in the words a dispatcher can act on.
 */

type Outcome = 'leido' | 'entregado' | 'rechazado' | 'no-salio' | 'en-cola' | 'dudoso' | 'sin-confirmar';

interface ReportRow {
  nombre?: string;
  telefono: string;
  resultado: Outcome;
  /** WhatsApp's error code, for `rechazado`. */
  codigo?: string;
  /** The driver never wrote to the bot: the usual reason WhatsApp drops a first message. */
  nunca_escribio: boolean;
  documento: string;
}

/** 463: WhatsApp's "no privacy token / reach-out limited" refusal of a first 1:1 message. */
const FIRST_CONTACT_CODES = new Set(['463']);

function outcomeOf(record: DeliveryRecord | undefined): Outcome {
  switch (record?.state) {
    case 'read':
    case 'played':
      return 'leido';
    case 'delivered':
      return 'entregado';
    case 'failed':
      return record.code === 'send-error' ? 'no-salio' : 'rechazado';
    case 'doubtful':
      return 'dudoso';
    // Still in our outbox: WhatsApp was not connected, so the phone is not the reason.
    case 'queued':
      return 'en-cola';
    // Left the phone's reach unconfirmed: sent, or only the server's ack.
    case 'sent':
    case 'server_ack':
    case undefined:
      return 'sin-confirmar';
  }
}

export function dispatchReportData(
  dispatch: Dispatch,
  delivery: (waId: string) => DeliveryRecord | undefined,
  contacts: Pick<DriverContactsPort, 'get'>,
): Record<string, unknown> {
  const rows: ReportRow[] = dispatch.items.map((item) => {
    const record = delivery(item.waId);
    const row: ReportRow = {
      telefono: item.phoneMasked,
      resultado: outcomeOf(record),
      nunca_escribio: contacts.get(item.documentNumber)?.reachedAt === undefined,
      documento: item.documentNumber,
    };
    if (item.name !== undefined) row.nombre = item.name;
    if (record?.code !== undefined) row.codigo = record.code;
    return row;
  });
  const ok = rows.filter((r) => r.resultado === 'leido' || r.resultado === 'entregado');
  const notOk = rows.filter((r) => !ok.includes(r));
  return {
    serie_numero: dispatch.guide,
    recibieron: ok,
    no_recibieron: notOk,
    primer_contacto: notOk.some(
      (r) => r.nunca_escribio || (r.codigo !== undefined && FIRST_CONTACT_CODES.has(r.codigo)),
    ),
    codigo_primer_contacto: notOk.some((r) => r.codigo !== undefined && FIRST_CONTACT_CODES.has(r.codigo)),
  };
}
