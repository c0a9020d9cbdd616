import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkNumbers, lintCompose } from './compose.js';
import { checkChasquiRules, kubectlAvailable } from './kubernetes.js';
import { type KubeObject, unknownFields, validateSchemas } from './kubernetes-schema.js';
import { formatProblems } from './problems.js';
import { DEPLOY_FILES, validateDeploy } from './validate-deploy.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const HAS_KUBECTL = kubectlAvailable();
if (!HAS_KUBECTL) {
  // Visible in the test output; .ci/run runs `npm run validate:deploy`, which requires kubectl.
  console.warn('deploy-files: kubectl not found, the tests that render deploy/kubernetes are skipped');
}

let copy: string;

/** A scratch copy of the deployment files, to break one thing at a time. */
beforeEach(() => {
  copy = mkdtempSync(path.join(os.tmpdir(), 'chasqui-deploy-'));
  for (const file of [DEPLOY_FILES.dockerfile, ...DEPLOY_FILES.compose, 'deploy']) {
    cpSync(path.join(ROOT, file), path.join(copy, file), { recursive: true });
  }
});

afterEach(() => {
  rmSync(copy, { recursive: true, force: true });
});

function edit(file: string, from: string, to: string): void {
  const full = path.join(copy, file);
  const text = readFileSync(full, 'utf8');
  expect(text, `${file} should contain ${from}`).toContain(from);
  writeFileSync(full, text.split(from).join(to));
}

/** The base StatefulSet as written (a complete object before kustomize adds the number). */
function baseStatefulSet(): KubeObject {
  return parse(
    readFileSync(path.join(ROOT, 'deploy/kubernetes/base/statefulset.yaml'), 'utf8'),
  ) as KubeObject;
}

describe('deployment files', () => {
  it.skipIf(!HAS_KUBECTL)(
    'the repository’s Dockerfile, compose files and Kubernetes manifests are valid',
    () => {
      const report = validateDeploy(ROOT);
      expect(formatProblems(report.problems)).toBe('');
      expect(report.checked.join('\n')).toMatch(/kubectl kustomize → \d+ objetos \(.*StatefulSet/);
    },
  );

  it.skipIf(!HAS_KUBECTL)(
    'a misspelt probe in the shared template fails for every number, naming the field',
    () => {
      edit('deploy/kubernetes/base/statefulset.yaml', 'readinessProbe:', 'readinesProbe:');
      const messages = formatProblems(validateDeploy(copy).problems);
      for (const number of ['ventas', 'cobranzas']) {
        expect(messages).toContain(
          `StatefulSet/chasqui-${number}: campo desconocido spec.template.spec.containers[0].readinesProbe (no existe en Container)`,
        );
        expect(messages).toContain(`StatefulSet/chasqui-${number}: readinessProbe debe pedir /readyz`);
      }
    },
  );

  it.skipIf(!HAS_KUBECTL)(
    'a kustomization that kustomize cannot build is reported with kubectl’s reason',
    () => {
      edit(
        'deploy/kubernetes/kustomization.yaml',
        '  - numbers/cobranzas\n',
        '  - numbers/cobranzas\n  - numbers/compras\n',
      );
      const messages = formatProblems(validateDeploy(copy).problems);
      expect(messages).toMatch(/kubectl kustomize falló: .*numbers\/compras/);
    },
  );

  it('a field of the wrong type fails the Kubernetes schema', () => {
    const set = baseStatefulSet();
    (set.spec as Record<string, unknown>).replicas = 'uno';
    expect(formatProblems(validateSchemas([set]))).toBe(
      'StatefulSet/chasqui: data/spec/replicas must be integer',
    );
    expect(validateSchemas([baseStatefulSet()])).toEqual([]);
  });

  it('unknown fields are found at any depth; known ones pass', () => {
    const set = baseStatefulSet();
    const spec = set.spec as { template: { spec: { volumes: Record<string, unknown>[] } } };
    spec.template.spec.volumes[1] = { name: 'tmp', emptyDir: { sizeLimt: '1Gi' } };
    (set.metadata as Record<string, unknown>).lables = {};
    expect(formatProblems(unknownFields([set]))).toBe(
      [
        'StatefulSet/chasqui: campo desconocido metadata.lables (no existe en ObjectMeta)',
        'StatefulSet/chasqui: campo desconocido spec.template.spec.volumes[1].emptyDir.sizeLimt (no existe en EmptyDirVolumeSource)',
      ].join('\n'),
    );
    expect(unknownFields([baseStatefulSet()])).toEqual([]);
  });

  it('a kind that Kubernetes does not have is refused', () => {
    const problems = validateSchemas([
      { apiVersion: 'apps/v1', kind: 'StatefulSett', metadata: { name: 'x' } },
    ]);
    expect(formatProblems(problems)).toBe(
      'StatefulSett/x: apiVersion apps/v1 / kind StatefulSett no es un tipo de Kubernetes 1.27',
    );
  });

  it('two replicas of one number, or two numbers with one instance name, break the rules', () => {
    const service = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'chasqui' } };
    const secret = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'chasqui-env' } };
    const one = baseStatefulSet();
    const spec = one.spec as { replicas: number; template: { metadata: { labels: Record<string, string> } } };
    spec.template.metadata.labels['app.kubernetes.io/instance'] = 'ventas';
    expect(checkChasquiRules([one, service, secret])).toEqual([]);
    spec.replicas = 2;
    const twin: KubeObject = { ...baseStatefulSet(), metadata: { name: 'chasqui-copia' } };
    (twin.spec as typeof spec).template.metadata.labels['app.kubernetes.io/instance'] = 'ventas';
    expect(formatProblems(checkChasquiRules([one, twin, service, secret]))).toBe(
      [
        'StatefulSet/chasqui: replicas debe ser 1: dos pods en una misma sesión de WhatsApp se reemplazan (440)',
        'StatefulSet/chasqui-copia: la instancia ventas ya es de StatefulSet/chasqui',
      ].join('\n'),
    );
  });
});

describe('compose files', () => {
  const file = DEPLOY_FILES.numbersCompose;

  it('the repository’s compose files pass the Compose schema and the one-number-per-service rules', () => {
    expect(formatProblems([...lintCompose(copy, DEPLOY_FILES.compose), ...checkNumbers(copy, file)])).toBe(
      '',
    );
  });

  it('a misspelt key in the shared template fails the Compose schema', () => {
    edit(file, '  restart: unless-stopped', '  restrat: unless-stopped');
    const messages = formatProblems(lintCompose(copy, [file]));
    expect(messages).toMatch(
      /instancePath="\/services\/ventas".*must NOT have additional properties.*\(invalid-schema\)/,
    );
  });

  it('a number copied without changing its volume, env file, port and instance is caught', () => {
    edit(file, '      - cobranzas-data:/data', '      - ventas-data:/data');
    edit(file, 'env_file: cobranzas.env', 'env_file: ventas.env');
    edit(file, "'127.0.0.1:8392:8390'", "'127.0.0.1:8391:8390'");
    edit(file, 'CHASQUI_INSTANCE: cobranzas', 'CHASQUI_INSTANCE: ventas');
    expect(formatProblems(checkNumbers(copy, file))).toBe(
      [
        `${file} (cobranzas): CHASQUI_INSTANCE debe ser "cobranzas", el nombre del servicio`,
        `${file} (cobranzas): el volumen ventas-data ya es de ventas: cada número el suyo`,
        `${file} (cobranzas): el env_file "ventas.env" ya es de ventas: cada número el suyo`,
        `${file} (cobranzas): el puerto 127.0.0.1:8391 ya es de ventas: cada número el suyo`,
      ].join('\n'),
    );
  });

  it('a console published beyond the host’s loopback is refused', () => {
    edit(file, "'127.0.0.1:8392:8390'", "'8392:8390'");
    expect(formatProblems(checkNumbers(copy, file))).toBe(
      `${file} (cobranzas): publique la consola solo en 127.0.0.1 (no 8392)`,
    );
  });
});
