import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DCLinter } from 'dclint';
import { parse } from 'yaml';
import type { Problem } from './problems.js';

/**
 * Compose files checked offline: the Compose Specification's JSON schema and lint rules bundled
 * in dclint, then, for the many-numbers file, what makes two numbers collide (a shared volume is
 * two processes on one WhatsApp session: 440 "connection replaced" over and over).
 */

/** A number's short name: usable as a compose service, a Kubernetes label value and a DNS label. */
export const INSTANCE_NAME = /^[a-z0-9]([a-z0-9-]{0,30}[a-z0-9])?$/;

const linter = new DCLinter({
  rules: {
    // Ordering rules: our files group keys by meaning, with comments.
    'service-keys-order': 0,
    'services-alphabetical-order': 0,
    'top-level-properties-order': 0,
    // `build` with `image` is how Compose names the image it builds (one image for every number).
    'no-build-and-image': 0,
    // The image is built here from the Dockerfile, never pulled: no version tag to pin.
    'service-image-require-explicit-tag': 0,
    // The root docker-compose.yml keeps its default project name: a new one renames its volume.
    'require-project-name-field': 0,
  },
  quiet: false,
  debug: false,
  exclude: [],
});

/** dclint's result per file (its published types do not resolve under NodeNext). */
interface LintResult {
  filePath: string;
  messages: { line: number; message: string; rule: string }[];
}

/** Schema and lint messages (errors and warnings alike) for each file, relative to `root`. */
export function lintCompose(root: string, files: readonly string[]): Problem[] {
  const results = linter.lintFiles(
    files.map((file) => path.join(root, file)),
    false,
  ) as LintResult[];
  return results.flatMap((result) =>
    result.messages.map((m) => ({
      source: `${path.relative(root, result.filePath)}:${m.line}`,
      message: `${m.message} (${m.rule})`,
    })),
  );
}

interface Service {
  env_file?: unknown;
  environment?: Record<string, unknown> | string[];
  volumes?: unknown[];
  ports?: unknown[];
}

function environmentOf(service: Service): Record<string, unknown> {
  const env = service.environment ?? {};
  if (!Array.isArray(env)) return env;
  return Object.fromEntries(env.map((entry) => [entry.split('=')[0], entry.split('=').slice(1).join('=')]));
}

function dataVolume(service: Service, dataDir: string): string | undefined {
  for (const volume of service.volumes ?? []) {
    if (typeof volume === 'string' && volume.split(':')[1] === dataDir) return volume.split(':')[0];
    if (
      typeof volume === 'object' &&
      volume !== null &&
      (volume as { target?: unknown }).target === dataDir
    ) {
      return String((volume as { source?: unknown }).source);
    }
  }
  return undefined;
}

function hostPorts(service: Service): string[] {
  return (service.ports ?? []).map((port) =>
    typeof port === 'string' ? port.split(':').slice(0, -1).join(':') : JSON.stringify(port),
  );
}

/**
 * One number per service: CHASQUI_INSTANCE is the service's name, and no two services share a
 * data volume, an env file or a host port; consoles are published on the host's loopback only.
 */
export function checkNumbers(root: string, file: string): Problem[] {
  const doc = parse(readFileSync(path.join(root, file), 'utf8'), { merge: true }) as {
    services?: Record<string, Service>;
  };
  const problems: Problem[] = [];
  const seen = new Map<string, string>();
  const claim = (what: string, value: string, service: string) => {
    const other = seen.get(`${what}=${value}`);
    if (other !== undefined) {
      problems.push({
        source: `${file} (${service})`,
        message: `${what} ${value} ya es de ${other}: cada número el suyo`,
      });
    }
    seen.set(`${what}=${value}`, service);
  };
  for (const [name, service] of Object.entries(doc.services ?? {})) {
    const source = `${file} (${name})`;
    const env = environmentOf(service);
    if (!INSTANCE_NAME.test(name)) {
      problems.push({
        source,
        message: 'el nombre del servicio debe ser corto: minúsculas, cifras y guiones',
      });
    }
    if (env.CHASQUI_INSTANCE !== name) {
      problems.push({ source, message: `CHASQUI_INSTANCE debe ser "${name}", el nombre del servicio` });
    }
    const dataDir = String(env.CHASQUI_DATA_DIR ?? '/data');
    const volume = dataVolume(service, dataDir);
    if (volume === undefined) problems.push({ source, message: `falta un volumen montado en ${dataDir}` });
    else claim('el volumen', volume, name);
    if (service.env_file === undefined) problems.push({ source, message: 'falta su env_file' });
    else claim('el env_file', JSON.stringify(service.env_file), name);
    for (const host of hostPorts(service)) {
      claim('el puerto', host, name);
      if (!host.startsWith('127.0.0.1:')) {
        problems.push({ source, message: `publique la consola solo en 127.0.0.1 (no ${host})` });
      }
    }
  }
  return problems;
}
