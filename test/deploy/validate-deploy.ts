import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validate as lintDockerfile } from 'dockerfile-utils';
import { ConfigError, ENV_VARIABLES, loadConfig } from '../../src/config.js';
import { checkNumbers, lintCompose } from './compose.js';
import { checkChasquiRules, kubectlAvailable, renderKustomize } from './kubernetes.js';
import { unknownFields, validateSchemas } from './kubernetes-schema.js';
import { formatProblems, type Problem } from './problems.js';

/**
 * `npm run validate:deploy`: every deployment file checked offline, as .ci/run requires. The
 * Dockerfile (dockerfile-utils), both compose files (dclint: the Compose schema; one number per
 * service), the Kubernetes manifests rendered by `kubectl kustomize` (kubernetes-models' schemas
 * of Kubernetes 1.27, unknown fields, one number per pod), and the example env and config files
 * against Chasqui's own configuration rules. Exit 0 valid, 1 problems (listed), 2 no kubectl.
 */

export const DEPLOY_FILES = {
  dockerfile: 'Dockerfile',
  compose: ['docker-compose.yml', 'deploy/compose/compose.yaml'],
  numbersCompose: 'deploy/compose/compose.yaml',
  kubernetes: 'deploy/kubernetes',
  envExample: 'deploy/chasqui.env.example',
} as const;

/** Variables the deployments set themselves, read by code that is on its way (issue 22). */
const DEPLOYMENT_VARIABLES = ['CHASQUI_INSTANCE'];

function checkDockerfile(root: string): Problem[] {
  const text = readFileSync(path.join(root, DEPLOY_FILES.dockerfile), 'utf8');
  return lintDockerfile(text).map((d) => ({
    source: `${DEPLOY_FILES.dockerfile}:${d.range.start.line + 1}`,
    message: typeof d.message === 'string' ? d.message : d.message.value,
  }));
}

/** Every variable the example names (set or commented out) is one Chasqui reads. */
function checkEnvExample(root: string): Problem[] {
  const known = new Set<string>([...ENV_VARIABLES, ...DEPLOYMENT_VARIABLES]);
  const lines = readFileSync(path.join(root, DEPLOY_FILES.envExample), 'utf8').split('\n');
  return lines.flatMap((line, i) => {
    const name = /^#?\s?([A-Z][A-Z0-9_]+)=/.exec(line)?.[1];
    if (name === undefined || known.has(name)) return [];
    return [
      { source: `${DEPLOY_FILES.envExample}:${i + 1}`, message: `${name} no es una variable de Chasqui` },
    ];
  });
}

/** Each number's config file passes the same validation as at `chasqui start`. */
function checkNumberConfigs(root: string): { problems: Problem[]; numbers: string[] } {
  const dir = path.join(root, DEPLOY_FILES.kubernetes, 'numbers');
  const numbers = readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
  const problems: Problem[] = [];
  for (const number of numbers) {
    const file = path.join(dir, number, 'chasqui.yaml');
    try {
      loadConfig({ env: {}, file });
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems.push({ source: path.relative(root, file), message: error.message });
    }
  }
  return { problems, numbers };
}

export interface DeployReport {
  problems: Problem[];
  /** What was checked, one line each. */
  checked: string[];
}

/** Validates the deployment files under `root` (the repository, or a copy of it in tests). */
export function validateDeploy(root: string): DeployReport {
  const checked: string[] = [];
  const problems: Problem[] = [...checkDockerfile(root)];
  checked.push(`${DEPLOY_FILES.dockerfile}: dockerfile-utils`);

  problems.push(
    ...lintCompose(root, DEPLOY_FILES.compose),
    ...checkNumbers(root, DEPLOY_FILES.numbersCompose),
  );
  checked.push(`${DEPLOY_FILES.compose.join(', ')}: dclint (Compose schema), un número por servicio`);

  problems.push(...checkEnvExample(root));
  const configs = checkNumberConfigs(root);
  problems.push(...configs.problems);
  checked.push(
    `${DEPLOY_FILES.envExample}, chasqui.yaml de ${configs.numbers.join(', ')}: reglas de Chasqui`,
  );

  const kubernetes = path.join(root, DEPLOY_FILES.kubernetes);
  const rendered = renderKustomize(kubernetes, path.join(root, DEPLOY_FILES.envExample));
  problems.push(...rendered.problems);
  if (rendered.docs.length > 0) {
    problems.push(...validateSchemas(rendered.docs), ...unknownFields(rendered.docs));
    problems.push(...checkChasquiRules(rendered.docs));
    const kinds = rendered.docs.map((d) => String(d.kind));
    checked.push(
      `${DEPLOY_FILES.kubernetes}: kubectl kustomize → ${kinds.length} objetos (${[...new Set(kinds)].join(', ')}); ` +
        'esquemas de Kubernetes 1.27 (kubernetes-models), campos desconocidos, un número por pod',
    );
  }
  return { problems, checked };
}

async function main(): Promise<void> {
  if (!kubectlAvailable()) {
    console.error(
      'validate:deploy necesita kubectl (trae kustomize) para armar deploy/kubernetes; instálelo',
    );
    process.exitCode = 2;
    return;
  }
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  const { problems, checked } = validateDeploy(root);
  for (const line of checked) console.log(`checked ${line}`);
  if (problems.length > 0) {
    console.error(
      `${problems.length} problema(s) en los archivos de despliegue:\n${formatProblems(problems)}`,
    );
    process.exitCode = 1;
    return;
  }
  console.log('deploy files valid');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
