import { describe, expect, it } from 'vitest';
import {
  LookupHttpError,
  LookupNotFoundError,
  LookupRateLimitedError,
  LookupRejectedError,
  LookupSchemaError,
  LookupUnauthorizedError,
  LookupCreditsError,
} from '../../src/lookup/errors.js';
import type { RawResponse } from '../../src/lookup/http.js';
import { OPERATIONS } from '../../src/lookup/operations.js';
import { unwrap } from '../../src/lookup/unwrap.js';

const keep = (text: string): string => text;

function reply(status: number, body: unknown, retryAfterMs?: number): RawResponse {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return { status, headers: {}, text, retryAfterMs };
}

function failure<T>(fn: () => T): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

const vehicle = {
  placa: 'ABC123',
  marca: 'VOLVO',
  modelo: 'FH',
  serie: 'S1',
  color: 'BLANCO',
  motor: 'M1',
  vin: 'V1',
};

describe('unwrap', () => {
  it('returns the validated data of a success envelope and tolerates unknown fields', () => {
    const out = unwrap(
      OPERATIONS.vehicle,
      reply(200, { success: true, message: 'exito', data: { ...vehicle, extra: 1 }, more: true }),
      keep,
    );
    expect(out).toMatchObject(vehicle);
  });

  it.each([['No se encontró DNI'], ['No se encontró RUC'], ['No se encontraron resultados']])(
    'maps the fixed message %s to not found, keeping it verbatim',
    (message) => {
      const error = failure(() => unwrap(OPERATIONS.ruc, reply(200, { success: false, message }), keep));
      expect(error).toBeInstanceOf(LookupNotFoundError);
      expect((error as LookupNotFoundError).upstreamMessage).toBe(message);
      expect((error as LookupNotFoundError).operation).toBe('ruc');
    },
  );

  it('maps any other failure message to rejected with the status', () => {
    const error = failure(() =>
      unwrap(OPERATIONS.vehicle, reply(200, { success: false, message: 'Bad Request' }), keep),
    );
    expect(error).toBeInstanceOf(LookupRejectedError);
    expect(error).toMatchObject({ upstreamMessage: 'Bad Request', status: 200, operation: 'vehicle' });
  });

  it('maps a 404 failure envelope with a fixed message to not found', () => {
    const error = failure(() =>
      unwrap(OPERATIONS.dni, reply(404, { success: false, message: 'No se encontró DNI' }), keep),
    );
    expect(error).toBeInstanceOf(LookupNotFoundError);
  });

  it('maps a 400 failure envelope to rejected, not to an HTTP error', () => {
    const error = failure(() =>
      unwrap(OPERATIONS.invoicePdf, reply(400, { success: false, message: 'Bad Request' }), keep),
    );
    expect(error).toBeInstanceOf(LookupRejectedError);
    expect(error).toMatchObject({ status: 400 });
  });

  it('maps 401 to unauthorized and 403 with a credits message to credits exhausted', () => {
    const unauthorized = failure(() =>
      unwrap(OPERATIONS.dni, reply(401, { success: false, message: 'Unauthorized' }), keep),
    );
    expect(unauthorized).toBeInstanceOf(LookupUnauthorizedError);
    expect(unauthorized).toMatchObject({ status: 401 });
    const credits = failure(() =>
      unwrap(
        OPERATIONS.dni,
        reply(403, { success: false, message: 'No cuenta con créditos suficientes en su plan' }),
        keep,
      ),
    );
    expect(credits).toBeInstanceOf(LookupCreditsError);
    expect(credits).toMatchObject({ status: 403 });
    expect(failure(() => unwrap(OPERATIONS.dni, reply(402, 'nope'), keep))).toBeInstanceOf(
      LookupCreditsError,
    );
  });

  it('treats a 200 failure envelope about credits or plan limits as credits exhausted', () => {
    for (const message of ['Saldo insuficiente', 'Ha superado el límite de consultas', 'Sin creditos']) {
      const error = failure(() => unwrap(OPERATIONS.ruc, reply(200, { success: false, message }), keep));
      expect(error).toBeInstanceOf(LookupCreditsError);
      expect(error).toMatchObject({ kind: 'credits', upstreamMessage: message });
    }
  });

  it('maps 429 to rate limited with the Retry-After delay', () => {
    const error = failure(() => unwrap(OPERATIONS.ruc, reply(429, '', 3000), keep));
    expect(error).toBeInstanceOf(LookupRateLimitedError);
    expect(error).toMatchObject({ retryAfterMs: 3000 });
  });

  it('maps 5xx, even with a failure envelope, and odd statuses to HTTP errors', () => {
    expect(failure(() => unwrap(OPERATIONS.ruc, reply(503, 'down'), keep))).toMatchObject({
      status: 503,
      kind: 'http',
    });
    expect(
      failure(() => unwrap(OPERATIONS.ruc, reply(500, { success: false, message: 'boom' }), keep)),
    ).toBeInstanceOf(LookupHttpError);
    expect(failure(() => unwrap(OPERATIONS.ruc, reply(404, '<html>'), keep))).toBeInstanceOf(LookupHttpError);
  });

  it('reports a body that is not JSON as a schema error at (body)', () => {
    const error = failure(() => unwrap(OPERATIONS.ruc, reply(200, '{"success":tru'), keep));
    expect(error).toBeInstanceOf(LookupSchemaError);
    expect(error).toMatchObject({ path: '(body)', operation: 'ruc' });
  });

  it('names the operation and the dotted path of the first bad field', () => {
    const error = failure(() =>
      unwrap(
        OPERATIONS.vehicle,
        reply(200, { success: true, message: 'exito', data: { ...vehicle, vin: 5 } }),
        keep,
      ),
    );
    expect(error).toBeInstanceOf(LookupSchemaError);
    expect(error).toMatchObject({ operation: 'vehicle', path: 'data.vin' });
    expect((error as Error).message).toContain('vehicle');
    expect((error as Error).message).toContain('data.vin');
  });

  it('requires the success flag on every operation but the licence', () => {
    const licence = {
      numero_documento: '45678912',
      nombre_completo: 'QUISPE MAMANI, ROSA ELENA',
      licencia: {
        numero: 'Q45678912',
        categoria: 'A-I',
        fecha_expedicion: '',
        fecha_vencimiento: '01/01/2030',
        estado: 'VIGENTE',
        restricciones: 'SIN RESTRICCIONES',
      },
    };
    expect(unwrap(OPERATIONS.licence, reply(200, { message: 'exito!', data: licence }), keep)).toEqual(
      licence,
    );
    expect(
      failure(() => unwrap(OPERATIONS.vehicle, reply(200, { message: 'exito', data: vehicle }), keep)),
    ).toMatchObject({ path: 'success' });
    expect(failure(() => unwrap(OPERATIONS.licence, reply(200, { message: 'exito!' }), keep))).toBeInstanceOf(
      LookupSchemaError,
    );
  });

  it('returns the bare Base64 string of the guide XML operation', () => {
    expect(
      unwrap(OPERATIONS.guideXml, reply(200, { success: true, message: 'Exito', data: 'PHhtbC8+' }), keep),
    ).toBe('PHhtbC8+');
  });

  it('answers a DNI without RUC instead of throwing, and a DNI with RUC with the number', () => {
    expect(
      unwrap(OPERATIONS.dniRuc, reply(200, { success: false, message: 'El DNI no cuenta con RUC' }), keep),
    ).toEqual({ hasRuc: false, message: 'El DNI no cuenta con RUC' });
    expect(
      unwrap(
        OPERATIONS.dniRuc,
        reply(200, { success: true, message: 'El DNI si cuenta con RUC', data: { ruc: '10456789124' } }),
        keep,
      ),
    ).toEqual({ hasRuc: true, ruc: '10456789124', message: 'El DNI si cuenta con RUC' });
    expect(
      unwrap(OPERATIONS.dniRuc, reply(404, { success: false, message: 'El DNI no cuenta con RUC' }), keep),
    ).toMatchObject({ hasRuc: false });
    expect(
      failure(() => unwrap(OPERATIONS.dniRuc, reply(200, { success: false, message: 'Bad Request' }), keep)),
    ).toBeInstanceOf(LookupRejectedError);
  });

  it('unwraps the nested group list of the messaging host', () => {
    expect(
      unwrap(OPERATIONS.groups, reply(200, { success: true, message: 'ok', data: { data: [] } }), keep),
    ).toEqual([]);
  });

  it('passes upstream text through the scrubber before it reaches an error', () => {
    const error = failure(() =>
      unwrap(OPERATIONS.ruc, reply(200, { success: false, message: 'bad token s3cret' }), (text) =>
        text.replace('s3cret', '[redacted]'),
      ),
    );
    expect((error as Error).message).not.toContain('s3cret');
    expect((error as LookupRejectedError).upstreamMessage).toBe('bad token [redacted]');
  });
});
