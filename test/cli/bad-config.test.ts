import { createServer, type Server } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runBackup } from '../../src/cli/backup.js';
import { runChat } from '../../src/cli/chat.js';
import { runStart } from '../../src/cli/start.js';
import { captureOutput } from '../helpers/capture.js';
import { fakeSocketFactory, waitFor } from '../helpers/fake-socket.js';

/**
 * Bad configurations an operator makes (issue 19): each stops with a Spanish line that says what
 * to change and the documented exit code, never a library's raw message (zod's "Invalid input",
 * the YAML parser's English, a bare errno, node:util's "Unknown option", the lookup client's
 * "options.token").
 */
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-bad-config-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** `chasqui chat` with one piped line; what it printed on stderr and its exit code. */
async function chat(env: NodeJS.ProcessEnv, argv: string[] = []) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const stderr = captureOutput();
  stdout.resume();
  stdin.end('tc\n');
  const code = await runChat(argv, { stdin, stdout, stderr: stderr.stream, env });
  return { code, err: stderr.text() };
}

function configFile(name: string, text: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

const RAW = [
  /Invalid input/u,
  /options\.token/u,
  /Unknown option/u,
  /EISDIR/u,
  /resource exhaustion/u,
  /Flow sequence|must be sufficiently/u,
];

function expectSpanishFix(text: string, fix: string): void {
  expect(text).toContain('Configuración inválida: corrige');
  expect(text).toContain(fix);
  for (const raw of RAW) expect(text).not.toMatch(raw);
}

describe('bad configuration says in Spanish what to fix', () => {
  it("1. LOOKUP_BASE_URL without LOOKUP_TOKEN: exit 3, not the lookup client's own error", async () => {
    const { code, err } = await chat({ LOOKUP_BASE_URL: 'https://api.ejemplo.pe/api/v1' });
    expect(code).toBe(3);
    expectSpanishFix(
      err,
      '- LOOKUP_TOKEN: defina LOOKUP_TOKEN con el token de su cuenta de la API de consultas',
    );
  });

  it('2. LOOKUP_BASE_URL with user:password or a query: exit 3, what to leave in it', async () => {
    const { code, err } = await chat({
      LOOKUP_BASE_URL: 'https://usuario:clave@api.ejemplo.pe/api/v1?token=x',
      LOOKUP_TOKEN: 'token-de-prueba',
    });
    expect(code).toBe(3);
    expectSpanishFix(err, 'deje en LOOKUP_BASE_URL solo https://servidor/ruta: sin usuario:clave');
    expect(err).not.toContain('clave@');
  });

  it('3. a section written as a value (lookup: "x"): the shape expected, not zod\'s "Invalid input"', async () => {
    const file = configFile('seccion.yaml', 'lookup: "https://api.ejemplo.pe"\nbatch: [1, 2]\n');
    const { code, err } = await chat({ CHASQUI_CONFIG: file });
    expect(code).toBe(3);
    expectSpanishFix(
      err,
      '- lookup: escriba una sección: la clave sola en su línea y debajo, con sangría, sus claves',
    );
    expect(err).toContain('- batch: escriba una sección');
  });

  it('4. a YAML syntax error or a repeated key: where, and what to check there', async () => {
    const broken = configFile('roto.yaml', 'groups: [\n- id: 120363000000000001@g.us\n');
    const first = await chat({ CHASQUI_CONFIG: broken });
    expect(first.code).toBe(3);
    expectSpanishFix(first.err, `${broken}, línea 2, columna`);
    expect(first.err).toContain('revise en esa línea la sangría (espacios, no tabuladores)');
    const repeated = configFile('repetida.yaml', 'maxListItems: 5\nmaxListItems: 8\n');
    const second = await chat({ CHASQUI_CONFIG: repeated });
    expect(second.code).toBe(3);
    expectSpanishFix(second.err, 'una clave aparece dos veces en la misma sección: deje una sola');
  });

  it('5. a YAML alias bomb: refused as config (exit 3 from start too), not a crash with exit 1', async () => {
    const levels = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (const [i, name] of ['b', 'c', 'd', 'e'].entries()) {
      const previous = String.fromCharCode(97 + i);
      levels.push(`${name}: &${name} [${Array(10).fill(`*${previous}`).join(', ')}]`);
    }
    const file = configFile('alias.yaml', `${levels.join('\n')}\n`);
    const { code, err } = await chat({ CHASQUI_CONFIG: file });
    expect(code).toBe(3);
    expectSpanishFix(err, 'usa demasiados alias YAML (&nombre … *nombre): escriba los valores completos');
    const out = captureOutput();
    expect(
      await runStart([], { env: { CHASQUI_CONFIG: file, CHASQUI_DATA_DIR: dir }, stdout: out.stream }),
    ).toBe(3);
    expectSpanishFix(out.text(), 'usa demasiados alias YAML');
  });

  it('6. CHASQUI_CONFIG naming a folder: that it is a folder, not EISDIR', async () => {
    const folder = path.join(dir, 'config.yaml');
    mkdirSync(folder);
    const out = captureOutput();
    const code = await runBackup([], {
      stdout: out.stream,
      env: { CHASQUI_CONFIG: folder, CHASQUI_DATA_DIR: dir },
    });
    expect(code).toBe(3);
    expectSpanishFix(out.text(), `${folder} es una carpeta: CHASQUI_CONFIG debe apuntar al archivo`);
  });

  it('7. an unknown flag or a flag without its value: exit 2 with the Spanish reason', async () => {
    const unknown = await chat({}, ['--grupo', 'Despacho']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('chasqui chat: opción desconocida --grupo: vea «chasqui chat --help»');
    const out = captureOutput();
    expect(await runBackup(['--data-dir'], { stdout: out.stream, env: {} })).toBe(2);
    expect(out.text()).toContain('a la opción --data-dir le falta su valor, p. ej. --data-dir VALOR');
    for (const text of [unknown.err, out.text()])
      expect(text).not.toMatch(/Unknown option|argument missing/u);
  });

  it('8. a schedule in the config file that cannot run: exit 3 from start, not 1', async () => {
    const file = configFile(
      'horario.yaml',
      'groups:\n  - id: 120363000000000001@g.us\n    schedules:\n      - job: tc\n        spec: "25:99"\n',
    );
    const out = captureOutput();
    const code = await runStart([], {
      env: { CHASQUI_CONFIG: file, CHASQUI_DATA_DIR: dir, CHASQUI_CONSOLE_PORT: 'off' },
      stdout: out.stream,
      logger: pino({ level: 'silent' }),
      createSocket: fakeSocketFactory().factory,
    });
    expect(code).toBe(3);
    expectSpanishFix(out.text(), 'corrige groups[0].schedules[0].spec');
  });

  it('9. the console port already in use: the bot goes on and says which setting to change', async () => {
    const busy: Server = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as { port: number }).port;
    const out = captureOutput();
    const fake = fakeSocketFactory();
    let stop!: () => void;
    const shutdown = new Promise<void>((resolve) => (stop = resolve));
    const exit = runStart([], {
      env: { CHASQUI_DATA_DIR: dir, CHASQUI_CONSOLE_PORT: String(port) },
      stdout: out.stream,
      logger: pino({ level: 'silent' }),
      createSocket: fake.factory,
      shutdown,
    });
    try {
      await waitFor(() => out.text().includes('No se pudo abrir la consola'), 10_000, 'the console line');
      expect(out.text()).toContain(
        `No se pudo abrir la consola en 127.0.0.1:${port}: el puerto ya está en uso; defina CHASQUI_CONSOLE_PORT con otro puerto libre, u "off"; el bot sigue.`,
      );
      expect(out.text()).not.toContain('EADDRINUSE');
    } finally {
      stop();
      await exit;
      busy.close();
    }
  });
});
