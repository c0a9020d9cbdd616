import path from 'node:path';
import type { Import } from './module-graph.js';
import { type Layer, LAYERS } from './layers.js';

/** A file's place in the table: its row, its module and its path inside the matched path. */
export interface Place {
  readonly layer: Layer;
  /** The row's name (`bot`, `config`), or for a row of many folders the folder (`commands/watch`). */
  readonly module: string;
  /** The path below the matched folder (`stages/access.ts`); empty for a one-file path. */
  readonly inside: string;
}

const PORT_FILES = new Set(['port.ts', 'ports.ts']);

/** The row a repository path belongs to: the longest matching path of any row. */
export function placeOf(file: string, layers: readonly Layer[] = LAYERS): Place | undefined {
  let best: { place: Place; length: number } | undefined;
  for (const layer of layers) {
    for (const pattern of layer.paths) {
      const place = match(file, pattern, layer);
      if (place && (!best || pattern.length > best.length)) best = { place, length: pattern.length };
    }
  }
  return best?.place;
}

function match(file: string, pattern: string, layer: Layer): Place | undefined {
  if (pattern.endsWith('*/')) {
    const parent = pattern.slice(0, -2);
    if (!file.startsWith(parent)) return undefined;
    const [folder, ...rest] = file.slice(parent.length).split('/');
    if (rest.length === 0) return undefined; // a loose file beside the folders belongs to no row
    return { layer, module: parent + folder, inside: rest.join('/') };
  }
  if (pattern.endsWith('/')) {
    if (!file.startsWith(pattern)) return undefined;
    return { layer, module: layer.name, inside: file.slice(pattern.length) };
  }
  return file === pattern ? { layer, module: layer.name, inside: '' } : undefined;
}

const inProduct = (file: string) => file.startsWith('src/') || file.startsWith('commands/');

/**
 * Why the table refuses one import, or undefined when it allows it. Files of src/ and commands/
 * are held to every rule; test/ and bench/ files only to the entry of a layer that names its
 * `tests` folder (and only outside that folder).
 */
export function refusal(imp: Import, layers: readonly Layer[] = LAYERS): string | undefined {
  if (!inProduct(imp.to)) {
    return inProduct(imp.from) ? 'imports outside src/ and commands/' : undefined;
  }
  const to = placeOf(imp.to, layers);
  if (!to) return `${imp.to} is in no row of the table`;
  if (!inProduct(imp.from)) {
    const closed = to.layer.tests !== undefined && !imp.from.startsWith(to.layer.tests);
    return closed ? entryRefusal(to) : undefined;
  }
  const from = placeOf(imp.from, layers);
  if (!from) return `${imp.from} is in no row of the table`;
  if (from.module === to.module) return undefined;
  const entry = entryRefusal(to);
  if (entry) return entry;
  const a = from.layer;
  const b = to.layer.name;
  if (a.name === b) return `${from.module} imports its sibling ${to.module}`;
  if (a.uses.includes(b)) return undefined;
  if (imp.typeOnly && a.typesOf?.includes(b)) return undefined;
  if (imp.typeOnly && a.portsOf?.includes(b) && PORT_FILES.has(path.posix.basename(imp.to))) return undefined;
  if (a.typesOf?.includes(b)) return `${a.name} may import only types from ${b}`;
  if (a.portsOf?.includes(b)) return `${a.name} may import only types of ${b}'s port files (upward)`;
  const upward = layers.findIndex((l) => l.name === b) > layers.indexOf(a);
  return `${a.name} may not import ${b}${upward ? ' (upward)' : ''}`;
}

function entryRefusal(to: Place): string | undefined {
  const { entry } = to.layer;
  if (!entry || entry.includes(to.inside)) return undefined;
  return `${to.inside} is inside ${to.layer.name}: import ${entry.join(' or ')}`;
}

/** `importer -> imported: why` for every import the table refuses. */
export function refusals(imports: readonly Import[], layers: readonly Layer[] = LAYERS): string[] {
  return imports.flatMap((imp) => {
    const why = refusal(imp, layers);
    return why === undefined ? [] : [`${imp.from} -> ${imp.to}: ${why}`];
  });
}

/** A row's "May import" as ARCHITECTURE.md writes it: `time, text, lookup types, bot ports`. */
export function mayImportCell(layer: Layer): string {
  const parts = [
    ...layer.uses,
    ...(layer.typesOf ?? []).map((name) => `${name} types`),
    ...(layer.portsOf ?? []).map((name) => `${name} ports`),
  ];
  return parts.length === 0 ? 'nothing' : parts.join(', ');
}

/** A row's "Folder" as ARCHITECTURE.md writes it: `` `src/language/` (entry `index.ts`) ``. */
export function folderCell(layer: Layer): string {
  const paths = layer.paths.map((p) => `\`${p.replace('*/', '<feature>/')}\``).join(', ');
  if (!layer.entry) return paths;
  return `${paths} (entry ${layer.entry.map((file) => `\`${file}\``).join(', ')})`;
}
