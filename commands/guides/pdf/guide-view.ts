import type { Guide, GuidePlace } from '../../../src/lookup/schemas/guide.js';
import { numero } from '../../../src/render/format.js';

/**
 * A display-ready view of a delivery guide (spec 2.15): every nullable or empty field becomes
 * `undefined`, dates are formatted dd/mm/yyyy, and derived facts (cancelled?, main plate) are
 * computed once. The PDF renderer and the chat commands both read this, never the raw record.
 */
export interface GuideView {
  ruc: string;
  typeCode: string;
  /** e.g. "GUÍA DE REMISIÓN ELECTRÓNICA REMITENTE" */
  title: string;
  series: string;
  number: string;
  /** Printed form, correlative zero-padded to 8 digits: `T001-00000042`. */
  printedId: string;
  /** Short form used in chat: `T001-42`. */
  shortId: string;
  issuerName?: string | undefined;
  issuerAddress?: string | undefined;
  emittedAt?: string | undefined;
  transferStart?: string | undefined;
  deliveryAt?: string | undefined;
  stateDescription?: string | undefined;
  cancelled: boolean;
  cancellation?: { reason?: string | undefined; date?: string | undefined } | undefined;
  recipient: { name?: string | undefined; document?: string | undefined };
  shipment: {
    reason?: string | undefined;
    mode?: string | undefined;
    grossWeight?: string | undefined;
    packages?: string | undefined;
    goodsSummary?: string | undefined;
  };
  departure?: PlaceView | undefined;
  arrival?: PlaceView | undefined;
  vehicles: { plate: string; role?: string | undefined; tuc?: string | undefined }[];
  drivers: {
    name?: string | undefined;
    document?: string | undefined;
    documentNumber?: string | undefined;
    licence?: string | undefined;
    role?: string | undefined;
  }[];
  carrier?: string | undefined;
  goods: {
    order: string;
    code?: string | undefined;
    description?: string | undefined;
    unit?: string | undefined;
    quantity?: string | undefined;
  }[];
  observations?: string | undefined;
  qr?: string | undefined;
  hash?: string | undefined;
}

export interface PlaceView {
  ubigeo?: string | undefined;
  district?: string | undefined;
  /** "DEPARTAMENTO - PROVINCIA - DISTRITO" */
  area?: string | undefined;
  address?: string | undefined;
}

/** A printable string or undefined: null, non-strings, blank text and control characters never print. */
export function clean(value: unknown, keepNewlines = false): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value !== 'string') return undefined;
  const pattern = keepNewlines ? /[\u0000-\u0009\u000b-\u001f\u007f]/g : /[\u0000-\u001f\u007f]/g;
  const text = value.replace(/\r\n?/g, '\n').replace(pattern, ' ');
  const trimmed = keepNewlines ? text.replace(/[ \t]+/g, ' ').trim() : text.replace(/\s+/g, ' ').trim();
  return trimmed === '' ? undefined : trimmed;
}

/** Goods cells never outgrow a page: the tax authority caps descriptions at 500 characters anyway. */
const MAX_CELL = 600;

function clip(text: string | undefined, max = MAX_CELL): string | undefined {
  return text !== undefined && text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** ISO local timestamp (yyyy-MM-ddTHH:mm:ss) → `dd/mm/yyyy HH:mm` (time left out at midnight). */
export function formatTimestamp(value: unknown): string | undefined {
  const text = clean(value);
  if (text === undefined) return undefined;
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?)?/.exec(text);
  if (!match) return text;
  const [, y, m, d, hh, mm] = match;
  const date = `${d}/${m}/${y}`;
  if (hh === undefined || (hh === '00' && mm === '00')) return date;
  return `${date} ${hh}:${mm}`;
}

/** A cancelled guide (state 02 "BAJA", or cancellation data present) is never sent to a driver. */
export function isGuideCancelled(guide: Pick<Guide, 'codEstado' | 'baja'>): boolean {
  return guide.codEstado === '02' || guide.baja != null;
}

function guideTitle(typeCode: string, fallback: string | undefined): string {
  if (typeCode === '09') return 'GUÍA DE REMISIÓN ELECTRÓNICA REMITENTE';
  if (typeCode === '31') return 'GUÍA DE REMISIÓN ELECTRÓNICA TRANSPORTISTA';
  return fallback?.toUpperCase() ?? 'GUÍA DE REMISIÓN ELECTRÓNICA';
}

function placeView(place: GuidePlace | null | undefined): PlaceView | undefined {
  const dir = place?.direccion;
  if (!dir) return undefined;
  const parts = [dir.desDepartamento, dir.desProvincia, dir.desDistrito].map((p) => clean(p));
  const area = parts.filter((p): p is string => p !== undefined).join(' - ');
  const view: PlaceView = {
    ubigeo: clean(dir.codUbigeo),
    district: parts[2],
    area: area === '' ? undefined : area,
    address: clean(dir.desDireccion),
  };
  return Object.values(view).some((v) => v !== undefined) ? view : undefined;
}

/** First printable string among `keys` of an object the spec leaves opaque. */
function pick(
  record: Record<string, unknown> | null | undefined,
  keys: readonly string[],
): string | undefined {
  if (!record) return undefined;
  for (const key of keys) {
    const value = clean(record[key]);
    if (value !== undefined) return value;
  }
  return undefined;
}

function carrierOf(guide: Guide): string | undefined {
  const carrier = guide.traslado.transportista;
  const name = pick(carrier, ['desRazonSocial', 'desNombre', 'razonSocial', 'nombre']);
  const id = pick(carrier, ['numRuc', 'numDocIdentidad', 'ruc']);
  if (name && id) return `${name} (RUC ${id})`;
  return name ?? (id ? `RUC ${id}` : undefined);
}

function join(...parts: (string | undefined)[]): string | undefined {
  const present = parts.filter((p): p is string => p !== undefined);
  return present.length > 0 ? present.join(' ') : undefined;
}

/** Builds the view; tolerates every null allowed by spec 2.15 (and missing nested objects). */
export function buildGuideView(guide: Guide): GuideView {
  const t = guide.traslado;
  const number = String(guide.numCpe);
  const series = guide.numSerie.toUpperCase();
  const cancelled = isGuideCancelled(guide);
  const mainPlate = clean(t.numPlacaVehiculo)?.toUpperCase();
  const vehicles = (t.vehiculo ?? [])
    .map((v) => ({
      plate: clean(v.numPlaca)?.toUpperCase(),
      role: clean(v.desTipoVehiculo),
      tuc: clean(v.numTucChv),
    }))
    .filter(
      (v): v is { plate: string; role: string | undefined; tuc: string | undefined } => v.plate !== undefined,
    );
  vehicles.sort((a, b) => rank(a, mainPlate) - rank(b, mainPlate));
  const departure = placeView(t.partida);
  const departureOwner = t.partida?.direccion?.contribuyente?.numRuc;
  return {
    ruc: guide.numRuc,
    typeCode: guide.codCpe,
    title: guideTitle(guide.codCpe, clean(guide.desTipoCpe)),
    series,
    number,
    printedId: `${series}-${number.padStart(8, '0')}`,
    shortId: `${series}-${number}`,
    issuerName: clean(guide.emisor?.desNombre),
    issuerAddress:
      departure?.address && (departureOwner == null || departureOwner === guide.numRuc)
        ? join(departure.address, departure.area ? `- ${departure.area}` : undefined)
        : undefined,
    emittedAt: formatTimestamp(guide.emision?.fecEmision),
    transferStart: formatTimestamp(t.fecInicioTraslado),
    deliveryAt: formatTimestamp(t.fecEntrega),
    stateDescription: clean(guide.desEstado),
    cancelled,
    cancellation: cancelled
      ? { reason: clean(guide.baja?.desMotivo), date: formatTimestamp(guide.baja?.fecRegistro) }
      : undefined,
    recipient: {
      name: clean(guide.receptor?.desNombre),
      document: join(clean(guide.receptor?.desTipoDocIdentidad), clean(guide.receptor?.numDocIdentidad)),
    },
    shipment: {
      reason: join(clean(t.desMotivoTraslado), clean(t.desMotivoTrasladoOtros)),
      mode: clean(t.desModalidadTraslado),
      grossWeight:
        typeof t.numPesoBruto === 'number'
          ? join(numero(t.numPesoBruto), clean(t.codUnidadMedidaPb))
          : undefined,
      packages: typeof t.numBultosPallets === 'number' ? numero(t.numBultosPallets) : undefined,
      goodsSummary: clean(t.desBien),
    },
    departure,
    arrival: placeView(t.llegada),
    vehicles,
    drivers: (t.conductor ?? []).map((c) => ({
      name: clean(c.desNombre),
      document: join(clean(c.desTipoDocIdentidad), clean(c.numDocIdentidad)),
      documentNumber: clean(c.numDocIdentidad),
      licence: clean(c.numLicencia),
      role: clean(c.desTipoOrden),
    })),
    carrier: carrierOf(guide),
    goods: (t.bien ?? []).map((item, index) => ({
      order: String(item.numOrden ?? index + 1),
      code: clip(clean(item.codBien), 60),
      description: clip(clean(item.desBien)),
      unit: clean(item.desUniMedida) ?? clean(item.codUniMedida),
      quantity: typeof item.numCantidad === 'number' ? numero(item.numCantidad) : undefined,
    })),
    observations: clean(guide.observacion, true),
    qr: clean(guide.emision?.desQr),
    hash: clean(guide.emision?.firma?.digestValue) ?? clean(guide.emision?.desHashQr),
  };
}

function rank(vehicle: { plate: string; role: string | undefined }, mainPlate: string | undefined): number {
  if (mainPlate !== undefined && vehicle.plate === mainPlate) return 0;
  if (vehicle.role?.includes('PRINCIPAL')) return 1;
  return 2;
}
