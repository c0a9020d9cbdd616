import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runEntender } from '../../src/cli/entender.js';

/** Runs `chasqui entender` in-process; `stdin` is what a pipe would give. */
async function entender(argv: string[], env: NodeJS.ProcessEnv = {}, stdin = '') {
  const input = new PassThrough();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk) => {
    out += String(chunk);
  });
  stderr.on('data', (chunk) => {
    err += String(chunk);
  });
  input.end(stdin);
  const code = await runEntender(argv, { stdin: input, stdout, stderr, env });
  return {
    code,
    out,
    err,
    json: () => JSON.parse(out) as { text: string; reading: Record<string, unknown> },
  };
}

/** A configured lookup API and company credentials (fictional, valid check digit). */
const CONFIGURED = {
  LOOKUP_BASE_URL: 'https://api.example.test/v1',
  LOOKUP_TOKEN: 'token-de-prueba',
  TAX_PORTAL_RUC: '20601234565',
  TAX_PORTAL_USER: 'USUARIO1',
  TAX_PORTAL_PASSWORD: 'clave-de-prueba',
};

describe('chasqui entender', () => {
  it('prints the act, command, arguments and because trail with Spanish labels', async () => {
    const { code, out } = await entender(['hola buenas, me ayudas con el ruc 20123456786 porfa']);
    expect(code).toBe(0);
    expect(out).toContain('Dirigido al bot: no (mensaje de grupo)');
    expect(out).toContain('Acto: pedido');
    expect(out).toContain('Comando: ruc');
    expect(out).toContain('Argumentos: ruc = 20123456786');
    expect(out).toContain('Por qué: command:ruc › slot:ruc');
  });

  it('says why a line is no request, and names the local error of an invalid identifier', async () => {
    const remark = await entender(['la', 'placa', 'del', 'camión', 'está', 'sucia']);
    expect(remark.out).toContain('Acto: comentario (no es un pedido)');
    expect(remark.out).toMatch(/Por qué: command:placa › statement:/u);
    const invalid = await entender(['ruc 20123456781']);
    expect(invalid.out).toContain('errors/invalid-ruc-check (valor = 20123456781)');
  });

  it('reads \\n in the argument and stdin (-) as a message of several lines', async () => {
    const typed = await entender(['--json', 'ruc 20123456786\\nplaca abc-123\\ngracias']);
    const piped = await entender(['--json', '-'], {}, 'ruc 20123456786\nplaca abc-123\ngracias\n');
    for (const run of [typed, piped]) {
      const { text, reading } = run.json();
      expect(text).toBe('ruc 20123456786\nplaca abc-123\ngracias');
      expect(reading).toMatchObject({
        act: 'request',
        because: expect.arrayContaining(['multi-line', 'requests:2']),
        requests: [
          { command: 'ruc', args: { value: { ruc: '20123456786' } } },
          { command: 'placa', args: { value: { placa: 'ABC123' } } },
        ],
      });
    }
    expect((await entender(['ruc 20123456786\\nplaca abc-123'])).out).toContain(
      'Pedido 2:\n    Acto: pedido',
    );
  });

  it('writes a local error in JSON as its template id and data', async () => {
    const { reading } = (await entender(['--json', 'placa 12'])).json();
    expect(reading).toMatchObject({
      command: 'placa',
      args: { error: { error: expect.stringMatching(/plate/u) } },
    });
  });

  it('uses the configured own RUC, the sandbox one without a lookup API, and --hoy for today', async () => {
    const own = (await entender(['--json', 'guia T001-42'], CONFIGURED)).json().reading;
    expect(own).toMatchObject({ command: 'guia', args: { value: { ref: { ruc: '20601234565' } } } });
    const sandbox = (await entender(['--json', 'guia T001-42'])).json().reading;
    expect(sandbox).toMatchObject({ args: { value: { ref: { ruc: '20123456786' } } } });
    const today = (await entender(['--json', '--hoy', '2026-11-20', 'tc hoy'])).json().reading;
    expect(today).toMatchObject({ command: 'tc', args: { value: { fecha: '2026-11-20' } } });
  });

  it('reads a mention of --bot as addressed, and --direct as a direct chat', async () => {
    const mention = await entender(['--json', '--bot', '51900000000', '@51900000000 hola']);
    expect(mention.json().reading).toMatchObject({ addressed: 'mention', act: 'greeting' });
    const direct = await entender(['--direct', 'hola']);
    expect(direct.out).toContain('Dirigido al bot: sí, chat directo');
  });

  it('refuses a bad flag or date with exit code 2 and a Spanish line saying what to fix', async () => {
    const flag = await entender(['--nope', 'ruc 20123456786']);
    expect(flag.code).toBe(2);
    expect(flag.err).toContain('opción desconocida --nope');
    const date = await entender(['--hoy', '2026-02-31', 'tc hoy']);
    expect(date.code).toBe(2);
    expect(date.err).toContain('--hoy: se espera una fecha AAAA-MM-DD');
  });
});
