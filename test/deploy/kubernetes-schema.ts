import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { Problem } from './problems.js';

/**
 * Kubernetes objects checked offline against the API's schemas as packaged by kubernetes-models
 * (generated from the Kubernetes 1.27 OpenAPI document; its validators are compiled in, nothing
 * is downloaded). Those schemas allow unknown fields, as the API's do, so a misspelt field
 * (`readinesProbe`) would pass: the same package's TypeScript types catch it, through tsc's
 * excess-property check on the objects written out as literals.
 */

export interface KubeObject {
  apiVersion?: unknown;
  kind?: unknown;
  metadata?: { name?: unknown; labels?: Record<string, string> };
  [field: string]: unknown;
}

const require = createRequire(import.meta.url);
/** tsc's "Object literal may only specify known properties" (with and without "did you mean"). */
const EXCESS_PROPERTY_CODES = new Set([2353, 2561]);
const CANNOT_FIND_MODULE = 2307;

/** `StatefulSet/chasqui-ventas`: how problems name a rendered object. */
export function objectName(doc: KubeObject): string {
  return `${String(doc.kind)}/${String(doc.metadata?.name ?? '(sin nombre)')}`;
}

/** kubernetes-models' module for the object's apiVersion and kind, e.g. `kubernetes-models/apps/v1/StatefulSet`. */
function modelModule(doc: KubeObject): string | undefined {
  if (typeof doc.apiVersion !== 'string' || typeof doc.kind !== 'string') return undefined;
  if (!/^[\w.-]+(\/[\w.-]+)?$/.test(doc.apiVersion) || !/^[A-Z]\w*$/.test(doc.kind)) return undefined;
  return `kubernetes-models/${doc.apiVersion}/${doc.kind}`;
}

function loadModel(module: string, kind: string): (new (data: unknown) => { validate(): void }) | undefined {
  try {
    return (require(module) as Record<string, new (data: unknown) => { validate(): void }>)[kind];
  } catch {
    return undefined;
  }
}

/** Each object against its kind's JSON schema: types, required fields, formats. */
export function validateSchemas(docs: readonly KubeObject[]): Problem[] {
  const problems: Problem[] = [];
  for (const doc of docs) {
    const module = modelModule(doc);
    const Model = module ? loadModel(module, String(doc.kind)) : undefined;
    if (!Model) {
      problems.push({
        source: objectName(doc),
        message: `apiVersion ${String(doc.apiVersion)} / kind ${String(doc.kind)} no es un tipo de Kubernetes 1.27`,
      });
      continue;
    }
    try {
      new Model(doc).validate();
    } catch (error) {
      problems.push({ source: objectName(doc), message: (error as Error).message });
    }
  }
  return problems;
}

/** The field path (`spec.template.spec.containers[0].readinesProbe`) of the node at `pos`. */
function pathAt(node: ts.Node, pos: number, trail = ''): string {
  let found: ts.Node | undefined;
  ts.forEachChild(node, (child) => {
    if (found === undefined && child.getStart() <= pos && pos < child.getEnd()) found = child;
  });
  if (found === undefined) return trail;
  if (ts.isArrayLiteralExpression(node)) trail += `[${node.elements.indexOf(found as ts.Expression)}]`;
  if (ts.isPropertyAssignment(found) && ts.isStringLiteral(found.name)) {
    trail += `${trail === '' ? '' : '.'}${found.name.text}`;
  }
  return pathAt(found, pos, trail);
}

/** Fields that no version of the object's type has: misspellings and fields put at the wrong level. */
export function unknownFields(docs: readonly KubeObject[]): Problem[] {
  // A file that is never written, beside this one, so that kubernetes-models resolves from here.
  const file = fileURLToPath(new URL('./__rendered_manifests__.ts', import.meta.url));
  const checked = docs
    .map((doc) => ({ doc, module: modelModule(doc) }))
    .filter((d) => d.module !== undefined);
  const source = checked
    .map(({ doc, module }, i) => {
      const type = `import type { I${String(doc.kind)} as T${i} } from '${module}';`;
      return `${type}\nexport const doc${i}: T${i} = ${JSON.stringify(doc, null, 2)};`;
    })
    .join('\n');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2022.d.ts'],
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.ES2022, true);
  const { getSourceFile, fileExists } = host;
  host.getSourceFile = (name, ...rest) =>
    name === file ? sourceFile : getSourceFile.call(host, name, ...rest);
  host.fileExists = (name) => name === file || fileExists.call(host, name);
  const program = ts.createProgram([file], options, host);
  const problems: Problem[] = [];
  for (const diagnostic of program.getSemanticDiagnostics(sourceFile)) {
    const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    if (diagnostic.code === CANNOT_FIND_MODULE) throw new Error(`kubernetes-models no se encontró: ${text}`);
    if (!EXCESS_PROPERTY_CODES.has(diagnostic.code) || diagnostic.start === undefined) continue;
    // The i-th variable statement holds checked[i].
    const statements = sourceFile.statements.filter(ts.isVariableStatement);
    const index = statements.findIndex(
      (st) => st.getStart() <= diagnostic.start! && diagnostic.start! < st.getEnd(),
    );
    const initializer = statements[index]?.declarationList.declarations[0]?.initializer;
    const doc = checked[index]?.doc;
    const field = initializer ? pathAt(initializer, diagnostic.start) : '?';
    const type = /in type '(\w+)'/.exec(text)?.[1] ?? 'su tipo';
    problems.push({
      source: doc ? objectName(doc) : 'manifiestos',
      message: `campo desconocido ${field} (no existe en ${type.replace(/^I/, '')})`,
    });
  }
  return problems;
}
