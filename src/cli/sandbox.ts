import { parseArgs } from 'node:util';
import { sandboxTaxPortal } from '../sandbox/fixtures/invoices.js';
import { startSandbox } from '../sandbox/server.js';
import { usageProblem } from './problems.js';

/**
 * `chasqui sandbox`: runs the local fake lookup API + messaging host until SIGINT/SIGTERM, and
 * prints the env lines that point Chasqui at it.
 */
const USAGE = `Uso / usage: chasqui sandbox [opciones]

Servidor local que imita la API de consultas y el host de mensajería, con datos FICTICIOS.
Local fake of the lookup API and the messaging host (fictional data only).

  --port N        puerto TCP (por defecto 8787; 0 = cualquiera libre)
  --host H        interfaz (por defecto 127.0.0.1)
  --token T       token Bearer aceptado (por defecto sandbox-token)
  --prefix P      prefijo de la API (por defecto /api/v1)
  -h, --help      muestra esta ayuda

Fallas simuladas por petición / per-request faults:
  x-sandbox-fault: <latency|status|rate-limit|malformed-json|schema-break|reset|credits>[;status=503][;delay=200][;retry-after=2]`;

/** IO seams so tests can capture output and stop the server without sending process signals. */
export interface SandboxCliIo {
  stdout?: (text: string) => void;
  stderr?: (text: string) => void;
  /** Stops the server when aborted (in addition to SIGINT/SIGTERM). */
  signal?: AbortSignal;
}

export async function runSandbox(argv: string[], io: SandboxCliIo = {}): Promise<number> {
  const out = io.stdout ?? ((text: string) => process.stdout.write(text));
  const err = io.stderr ?? ((text: string) => process.stderr.write(text));
  let values: { port?: string; host?: string; token?: string; prefix?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        token: { type: 'string' },
        prefix: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    err(`${usageProblem(error, 'sandbox')}\n\n${USAGE}\n`);
    return 2;
  }
  if (values.help) {
    out(`${USAGE}\n`);
    return 0;
  }
  const port = Number(values.port ?? '8787');
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    err(`--port debe ser un entero entre 0 y 65535 / --port must be 0..65535 (got "${values.port}")\n`);
    return 2;
  }
  if (values.token !== undefined && !/^[\x21-\x7e]+$/.test(values.token)) {
    err('--token debe ser texto visible sin espacios / --token must be printable, without spaces\n');
    return 2;
  }
  const sandbox = await startSandbox({
    port,
    host: values.host ?? '127.0.0.1',
    token: values.token ?? 'sandbox-token',
    apiPrefix: values.prefix ?? '/api/v1',
  });
  out(
    [
      'Chasqui sandbox: API de consultas FICTICIA / fake lookup API (fictional data)',
      `  base URL:      ${sandbox.baseUrl}`,
      `  messaging URL: ${sandbox.messagingUrl}`,
      `  token:         ${sandbox.token}`,
      '',
      'Variables para usarlo / env lines to paste:',
      `LOOKUP_BASE_URL=${sandbox.baseUrl}`,
      `LOOKUP_TOKEN=${sandbox.token}`,
      `MESSAGING_BASE_URL=${sandbox.messagingUrl}`,
      `MESSAGING_TOKEN=${sandbox.token}`,
      `TAX_PORTAL_RUC=${sandboxTaxPortal.ruc}`,
      `TAX_PORTAL_USER=${sandboxTaxPortal.usuario}`,
      `TAX_PORTAL_PASSWORD=${sandboxTaxPortal.password}`,
      '',
      `Prueba / try: curl -s -H 'Authorization: Bearer ${sandbox.token}' -H 'Content-Type: application/json' -d '{"ruc":"20123456786"}' ${sandbox.baseUrl}/ruc`,
      'Ctrl+C para detener / to stop',
      '',
    ].join('\n'),
  );
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      io.signal?.removeEventListener('abort', stop);
      resolve();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    if (io.signal?.aborted) stop();
    else io.signal?.addEventListener('abort', stop, { once: true });
  });
  await sandbox.close();
  out('Sandbox detenido / stopped\n');
  return 0;
}
