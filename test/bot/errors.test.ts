import { describe, expect, it } from 'vitest';
import { classify } from '../../src/bot/classify.js';
import { cutText } from '../../src/bot/error-reply.js';
import { UserError } from '../../src/errors/user-error.js';
import {
  LookupHttpError,
  LookupNetworkError,
  LookupNotFoundError,
  LookupRateLimitedError,
  LookupRejectedError,
  LookupSchemaError,
  LookupTimeoutError,
  LookupCreditsError,
  LookupUnauthorizedError,
} from '../../src/lookup/errors.js';
import { MAX_TEXT_LENGTH, type OutgoingMessage } from '../../src/transports/transport.js';
import { captureLogger, createTestRouter, echoTemplates, fakeLookup } from '../helpers/fakes.js';
import { groupMessage } from '../helpers/messages.js';

function textAt(sent: readonly { message: OutgoingMessage }[], index: number): string | undefined {
  const message = sent[index]?.message;
  return message?.kind === 'text' ? message.text : undefined;
}

describe('classify', () => {
  it.each([
    [new UserError('invalid-ruc-format', { value: '1' }), 'errors/invalid-ruc-format', 'invalid'],
    [new LookupNotFoundError('ruc', 'No se encontró RUC'), 'errors/lookup-not-found', 'ok'],
    [new LookupRejectedError('vehicle', 'Bad Request', 400), 'errors/lookup-rejected', 'invalid'],
    [new LookupCreditsError('ruc', 403, 'No cuenta con créditos'), 'errors/lookup-credits', 'failed'],
    [new LookupUnauthorizedError('ruc', 401, 'Unauthorized'), 'errors/lookup-unauthorized', 'failed'],
    [new LookupRateLimitedError('ruc', 1000), 'errors/lookup-rate-limited', 'failed'],
    [new LookupHttpError('ruc', 503), 'errors/lookup-unavailable', 'failed'],
    [new LookupNetworkError('ruc', 'ECONNREFUSED'), 'errors/lookup-unavailable', 'failed'],
    [new LookupTimeoutError('ruc', 10_000), 'errors/lookup-unavailable', 'failed'],
    [new LookupSchemaError('ruc', 'data.ruc', 'expected string'), 'errors/lookup-unavailable', 'failed'],
    [new TypeError('x is undefined'), 'errors/internal', 'failed'],
  ])('maps %s to its template', (error, template, outcome) => {
    expect(classify(error)).toMatchObject({ template, outcome });
  });

  it("passes the upstream's own not-found message to the template", () => {
    expect(classify(new LookupNotFoundError('dni', 'No se encontró DNI')).data).toEqual({
      message: 'No se encontró DNI',
    });
  });
});

describe('cutText', () => {
  it('keeps short texts and cuts long ones to the limit with an ellipsis', () => {
    expect(cutText('hola')).toBe('hola');
    const cut = cutText('a'.repeat(10_000));
    expect(cut).toHaveLength(MAX_TEXT_LENGTH);
    expect(cut.endsWith('…')).toBe(true);
  });

  it('never splits a surrogate pair', () => {
    const cut = cutText('😀'.repeat(5000));
    expect(cut.length).toBeLessThanOrEqual(MAX_TEXT_LENGTH);
    expect(/[\uD800-\uDBFF]…$/.test(cut)).toBe(false);
  });
});

describe('router error replies', () => {
  const failing = (error: unknown) =>
    fakeLookup({
      ruc: async () => {
        throw error;
      },
    });

  it('replies lookup-not-found with the API message and logs outcome ok', async () => {
    const { router, transport } = createTestRouter({
      lookup: failing(new LookupNotFoundError('ruc', 'No se encontró RUC')),
    });
    const result = await router.handle(groupMessage('ruc 20609876540'));
    expect(result).toMatchObject({ outcome: 'ok', reason: 'not_found' });
    expect(textAt(transport.sent, 0)).toBe('errors/lookup-not-found {"message":"No se encontró RUC"}');
  });

  it('logs an ALERT at error level when credits are exhausted', async () => {
    const capture = captureLogger();
    const { router, transport } = createTestRouter({
      logger: capture.logger,
      lookup: failing(new LookupCreditsError('ruc', 403, 'No cuenta con créditos suficientes')),
    });
    await router.handle(groupMessage('ruc 20123456786'));
    expect(textAt(transport.sent, 0)).toBe('errors/lookup-credits');
    const alert = capture.lines().find((line) => line.alert === 'lookup-credits');
    expect(alert).toMatchObject({ level: 50, operation: 'ruc' });
    expect(String(alert?.msg)).toContain('ALERT');
  });

  it('logs a wrong or expired token as an ALERT at error level, apart from credits', async () => {
    const capture = captureLogger();
    const { router, transport } = createTestRouter({
      logger: capture.logger,
      lookup: failing(new LookupUnauthorizedError('ruc', 401, 'Unauthorized')),
    });
    await router.handle(groupMessage('ruc 20123456786'));
    expect(textAt(transport.sent, 0)).toBe('errors/lookup-unauthorized');
    const alert = capture.lines().find((line) => line.alert === 'lookup-unauthorized');
    expect(alert).toMatchObject({ level: 50, operation: 'ruc', status: 401, command: 'ruc' });
    expect(String(alert?.msg)).toContain('ALERT');
    expect(String(alert?.msg)).toContain('LOOKUP_TOKEN');
    expect(capture.lines().some((line) => line.alert === 'lookup-credits')).toBe(false);
  });

  it('logs a schema mismatch with the operation and the bad field path, never the value', async () => {
    const capture = captureLogger();
    const { router, transport } = createTestRouter({
      logger: capture.logger,
      lookup: failing(
        new LookupSchemaError('ruc', 'data.razon_social', 'expected string, got QUISPE MAMANI ROSA ELENA'),
      ),
    });
    await router.handle(groupMessage('ruc 20123456786'));
    expect(textAt(transport.sent, 0)).toBe('errors/lookup-unavailable');
    const line = capture.lines().find((entry) => entry.kind === 'schema');
    expect(line).toMatchObject({
      level: 40,
      operation: 'ruc',
      field: 'data.razon_social',
      command: 'ruc',
    });
    expect(capture.raw()).not.toContain('QUISPE');
  });

  it('answers errors/internal for a crash and logs the stack, never showing it to the user', async () => {
    const capture = captureLogger();
    const { router, transport } = createTestRouter({ logger: capture.logger });
    const result = await router.handle(groupMessage('falla 1'));
    expect(result).toMatchObject({ outcome: 'failed', reason: 'internal' });
    const text = textAt(transport.sent, 0);
    expect(text).toBe('errors/internal');
    const logged = capture.lines().find((line) => line.msg === 'command failed');
    expect(JSON.stringify(logged)).toContain('TypeError');
    expect(JSON.stringify(logged)).toContain('stack');
  });

  it('falls back to errors/internal when a template is missing, and to a fixed text when that is missing too', async () => {
    const one = createTestRouter({ templates: echoTemplates(['errors/invalid-ruc-length']) });
    await one.router.handle(groupMessage('ruc 2012345678'));
    expect(textAt(one.transport.sent, 0)).toBe('errors/internal');
    const both = createTestRouter({
      templates: echoTemplates(['errors/invalid-ruc-length', 'errors/internal']),
    });
    await both.router.handle(groupMessage('ruc 2012345678'));
    expect(textAt(both.transport.sent, 0)).toMatch(/^Ocurrió un error/);
  });

  it('cuts an over-long reply to MAX_TEXT_LENGTH', async () => {
    const lookup = fakeLookup({ ruc: async (ruc) => ({ nombre_o_razon_social: ruc.repeat(1000) }) as never });
    const { router, transport } = createTestRouter({ lookup });
    await router.handle(groupMessage('/ruc 20123456786'));
    expect(textAt(transport.sent, 0)).toHaveLength(MAX_TEXT_LENGTH);
  });

  it('does not send a reply whose template rendered empty', async () => {
    const { router, transport } = createTestRouter({ templates: { render: () => '  \n ' } });
    await router.handle(groupMessage('tc'));
    expect(transport.sent).toEqual([]);
  });

  it('survives a transport that throws while sending', async () => {
    const { router, transport } = createTestRouter();
    transport.send = async () => {
      throw new Error('socket closed');
    };
    const result = await router.handle(groupMessage('tc'));
    expect(result.outcome).toBe('failed');
  });
});
