import { describe, expect, it } from 'vitest';
import {
  buildGuideView,
  clean,
  formatTimestamp,
  isGuideCancelled,
} from '../../../../commands/guides/pdf/guide-view.js';
import { buildCancelledGuide, buildGuide, buildNullGuide, vehicle } from '../../../helpers/guide-builder.js';

describe('clean', () => {
  it('drops null, non-strings and blank text, and flattens control characters', () => {
    expect(clean(null)).toBeUndefined();
    expect(clean(undefined)).toBeUndefined();
    expect(clean({})).toBeUndefined();
    expect(clean('  \t ')).toBeUndefined();
    expect(clean(Number.NaN)).toBeUndefined();
    expect(clean(12.5)).toBe('12.5');
    expect(clean('  AV.\u0007 LOS\n\nÁLAMOS  ')).toBe('AV. LOS ÁLAMOS');
  });

  it('keeps line breaks when asked (observations)', () => {
    expect(clean('línea 1\r\nlínea 2', true)).toBe('línea 1\nlínea 2');
  });
});

describe('formatTimestamp', () => {
  it('formats ISO local timestamps as dd/mm/yyyy HH:mm and leaves midnight as a date', () => {
    expect(formatTimestamp('2026-11-20T09:15:32')).toBe('20/11/2026 09:15');
    expect(formatTimestamp('2026-11-21T00:00:00')).toBe('21/11/2026');
    expect(formatTimestamp('2026-11-21')).toBe('21/11/2026');
  });

  it('passes unknown formats through and drops empty values', () => {
    expect(formatTimestamp('mañana')).toBe('mañana');
    expect(formatTimestamp(null)).toBeUndefined();
    expect(formatTimestamp('')).toBeUndefined();
  });
});

describe('isGuideCancelled', () => {
  it('is true for state 02 or cancellation data, false otherwise', () => {
    expect(isGuideCancelled({ codEstado: '02', baja: null })).toBe(true);
    expect(isGuideCancelled(buildCancelledGuide())).toBe(true);
    expect(isGuideCancelled({ ...buildCancelledGuide(), codEstado: '01' })).toBe(true);
    expect(isGuideCancelled(buildGuide())).toBe(false);
  });
});

describe('buildGuideView', () => {
  it('puts the main plate first even when the record lists it second', () => {
    const guide = buildGuide();
    guide.traslado.vehiculo = [
      vehicle({ numPlaca: 'b7x456', desTipoVehiculo: 'SECUNDARIO' }),
      vehicle({ numPlaca: 'ABC123' }),
    ];
    expect(buildGuideView(guide).vehicles.map((v) => v.plate)).toEqual(['ABC123', 'B7X456']);
  });

  it('uses the departure address as issuer address only when the establishment is the issuer’s', () => {
    const own = buildGuideView(buildGuide());
    expect(own.issuerAddress).toContain('AV. NICOLÁS AYLLÓN 2480');
    const guide = buildGuide();
    guide.traslado.partida.direccion.contribuyente.numRuc = '20601234565';
    expect(buildGuideView(guide).issuerAddress).toBeUndefined();
  });

  it('reads the carrier out of the opaque transportista object', () => {
    const guide = buildGuide();
    guide.traslado.transportista = { numRuc: '20612345679', desRazonSocial: 'COMERCIAL PACHACAMAC S.A.' };
    expect(buildGuideView(guide).carrier).toBe('COMERCIAL PACHACAMAC S.A. (RUC 20612345679)');
  });

  it('gives padded and short ids, and no undefined-bearing strings for a guide full of nulls', () => {
    const view = buildGuideView(buildNullGuide());
    expect(view.printedId).toBe('T001-00000045');
    expect(view.shortId).toBe('T001-45');
    expect(view.deliveryAt).toBeUndefined();
    expect(view.shipment.packages).toBeUndefined();
    expect(view.observations).toBeUndefined();
    expect(view.cancellation).toBeUndefined();
    expect(JSON.stringify(view)).not.toMatch(/null|undefined/);
  });
});
