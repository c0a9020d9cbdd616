import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { INSTANCE_NAME } from './compose.js';
import { type KubeObject, objectName } from './kubernetes-schema.js';
import type { Problem } from './problems.js';

/**
 * The Kubernetes manifests as an operator applies them: `kubectl kustomize` (kustomize is built
 * into kubectl, no network) renders every number, then the rules that keep one number per pod.
 */

/** True when a kubectl is on PATH (it carries kustomize). */
export function kubectlAvailable(): boolean {
  return spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).status === 0;
}

/** Every `chasqui.env` a kustomization reads, created from the example where missing (as an operator would). */
function fillEnvFiles(dir: string, example: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.name !== 'kustomization.yaml') continue;
    const folder = entry.parentPath;
    const kustomization = parse(readFileSync(path.join(folder, entry.name), 'utf8')) as {
      secretGenerator?: { envs?: string[] }[];
    };
    for (const envs of (kustomization.secretGenerator ?? []).map((g) => g.envs ?? [])) {
      for (const env of envs) {
        if (!existsSync(path.join(folder, env))) copyFileSync(example, path.join(folder, env));
      }
    }
  }
}

/** Renders `dir` (a kustomization) in a temporary copy whose missing env files come from `envExample`. */
export function renderKustomize(
  dir: string,
  envExample: string,
): { docs: KubeObject[]; problems: Problem[] } {
  const copy = mkdtempSync(path.join(os.tmpdir(), 'chasqui-kustomize-'));
  try {
    cpSync(dir, copy, { recursive: true });
    fillEnvFiles(copy, envExample);
    const run = spawnSync('kubectl', ['kustomize', copy], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
    if (run.error || run.status !== 0) {
      const why = (run.stderr || String(run.error)).split(copy).join(dir).trim();
      return { docs: [], problems: [{ source: dir, message: `kubectl kustomize falló: ${why}` }] };
    }
    const docs = parseAllDocuments(run.stdout).map((d) => d.toJS() as KubeObject);
    return { docs, problems: [] };
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

interface Container {
  name?: string;
  env?: { name: string; value?: string; valueFrom?: { fieldRef?: { fieldPath?: string } } }[];
  envFrom?: { secretRef?: { name?: string } }[];
  livenessProbe?: { httpGet?: { path?: string } };
  readinessProbe?: { httpGet?: { path?: string } };
  volumeMounts?: { name: string; mountPath: string }[];
}

interface StatefulSetSpec {
  replicas?: number;
  serviceName?: string;
  template?: {
    metadata?: { annotations?: Record<string, string>; labels?: Record<string, string> };
    spec?: { containers?: Container[] };
  };
  volumeClaimTemplates?: { metadata?: { name?: string } }[];
}

const INSTANCE_LABEL = 'app.kubernetes.io/instance';
const INSTANCE_FIELD = `metadata.labels['${INSTANCE_LABEL}']`;

function checkStatefulSet(set: KubeObject, names: Set<string>): string[] {
  const spec = (set.spec ?? {}) as StatefulSetSpec;
  const found: string[] = [];
  if (spec.replicas !== 1) {
    found.push('replicas debe ser 1: dos pods en una misma sesión de WhatsApp se reemplazan (440)');
  }
  const instance = spec.template?.metadata?.labels?.[INSTANCE_LABEL];
  if (instance === undefined || !INSTANCE_NAME.test(instance)) {
    found.push(`falta la etiqueta ${INSTANCE_LABEL} (nombre corto: minúsculas, cifras y guiones)`);
  }
  const annotations = spec.template?.metadata?.annotations ?? {};
  if (annotations['prometheus.io/scrape'] !== 'true' || annotations['prometheus.io/path'] !== '/metrics') {
    found.push('faltan las anotaciones prometheus.io/scrape "true" y prometheus.io/path /metrics');
  }
  if (spec.serviceName === undefined || !names.has(`Service/${spec.serviceName}`)) {
    found.push(`su serviceName ${String(spec.serviceName)} no es un Service de estos manifiestos`);
  }
  const container = spec.template?.spec?.containers?.find((c) => c.name === 'chasqui');
  if (!container) return [...found, 'falta el contenedor chasqui'];
  const env = new Map((container.env ?? []).map((e) => [e.name, e]));
  if (env.get('CHASQUI_INSTANCE')?.valueFrom?.fieldRef?.fieldPath !== INSTANCE_FIELD) {
    found.push(`CHASQUI_INSTANCE debe venir de ${INSTANCE_FIELD}`);
  }
  if (container.livenessProbe?.httpGet?.path !== '/healthz') found.push('livenessProbe debe pedir /healthz');
  if (container.readinessProbe?.httpGet?.path !== '/readyz') found.push('readinessProbe debe pedir /readyz');
  for (const ref of container.envFrom ?? []) {
    const secret = ref.secretRef?.name;
    if (secret !== undefined && !names.has(`Secret/${secret}`))
      found.push(`el Secret ${secret} no está en los manifiestos`);
  }
  const dataDir = env.get('CHASQUI_DATA_DIR')?.value ?? '/data';
  const claims = new Set((spec.volumeClaimTemplates ?? []).map((c) => c.metadata?.name));
  const mount = (container.volumeMounts ?? []).find(
    (m) => dataDir === m.mountPath || dataDir.startsWith(`${m.mountPath}/`),
  );
  if (!mount || !claims.has(mount.name)) {
    found.push(`CHASQUI_DATA_DIR ${dataDir} debe estar en un volumeClaimTemplate (PersistentVolumeClaim)`);
  }
  return found;
}

/** What keeps one WhatsApp number per pod, and each number apart from the others. */
export function checkChasquiRules(docs: readonly KubeObject[]): Problem[] {
  const names = new Set(docs.map(objectName));
  const problems: Problem[] = [];
  const instances = new Map<string, string>();
  for (const set of docs.filter((d) => d.kind === 'StatefulSet')) {
    const source = objectName(set);
    for (const message of checkStatefulSet(set, names)) problems.push({ source, message });
    const instance = (set.spec as StatefulSetSpec | undefined)?.template?.metadata?.labels?.[INSTANCE_LABEL];
    if (instance === undefined) continue;
    const other = instances.get(instance);
    if (other !== undefined) problems.push({ source, message: `la instancia ${instance} ya es de ${other}` });
    instances.set(instance, source);
  }
  if (instances.size === 0)
    problems.push({ source: 'manifiestos', message: 'ningún StatefulSet de Chasqui' });
  return problems;
}
