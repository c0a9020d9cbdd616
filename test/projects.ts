import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Which vitest project a test file belongs to, read from what the file does (its value imports,
 * and those of the test helpers it imports, transitively), so a file moved or added lands in the
 * right project without a list to keep. The rule is written out in vitest.config.ts.
 */
export type Project = 'unit' | 'integration' | 'browser';

/** Modules whose value import means the file leaves the process: a browser, a process, a socket. */
const MODULES: Record<string, Project> = {
  'playwright-core': 'browser',
  'node:child_process': 'integration',
  'node:http': 'integration',
  'node:https': 'integration',
  'node:http2': 'integration',
  'node:net': 'integration',
  'node:tls': 'integration',
  'node:dgram': 'integration',
};

/**
 * What writes to disk, from node:fs or node:fs/promises: a test that makes a temporary folder, a
 * file or a SQLite database on disk waits on the disk and pays its clean-up, so it is integration
 * (`npm run test:unit` stays the quick loop: pure code and in-memory fakes). Reading is unit.
 */
const DISK_MODULES = new Set(['node:fs', 'node:fs/promises']);
const DISK_WRITERS = new Set([
  'writeFileSync',
  'writeFile',
  'appendFileSync',
  'appendFile',
  'mkdtempSync',
  'mkdtemp',
  'mkdirSync',
  'mkdir',
  'createWriteStream',
  'copyFileSync',
  'copyFile',
  'cpSync',
  'cp',
  'renameSync',
  'rename',
  'rmSync',
  'rm',
  'unlinkSync',
  'unlink',
  'truncateSync',
  'truncate',
  'symlinkSync',
  'chmodSync',
  'utimesSync',
]);

/**
 * Our functions that start a server or a WhatsApp connection: the sandbox and console HTTP
 * servers, the CLI commands that open them in process, and the transport on a fake socket.
 */
const STARTERS = new Set([
  'startSandbox',
  'startConsole',
  'runStart',
  'runChat',
  'runSandbox',
  'fakeSocketFactory',
  'startTestTransport',
]);

/**
 * What takes seconds of CPU, not milliseconds: rendering a guide PDF (fonts embedded, a QR, many
 * pages) and reading a PDF back with pdf.js. The quick loop leaves them to `npm test`.
 */
const HEAVY_MODULES = new Set(['pdfjs-dist', 'pdfjs-dist/legacy/build/pdf.mjs']);
const HEAVY = new Set(['renderGuidePdf', 'createGuidePdfRenderer']);

const IMPORT = /^import\s+(type\s+)?([^'";]*?)\s*from\s*'([^']+)';/gm;

/** The names a value import brings in (`type` members and `import type` bring none). */
function valueNames(clause: string): string[] {
  const inBraces = /\{([^}]*)\}/.exec(clause)?.[1]?.split(',') ?? [];
  const outside = clause
    .replace(/\{[^}]*\}/, '')
    .replace(/\*\s+as\s+/, '')
    .split(',');
  return [...inBraces.map((part) => part.trim().split(/\s+as\s+/)[0] ?? ''), ...outside]
    .map((name) => name.trim())
    .filter((name) => name !== '' && !name.startsWith('type '));
}

const rank: Record<Project, number> = { unit: 0, integration: 1, browser: 2 };
const known = new Map<string, Project>();

/** The project of a test file or of a helper under `testDir` it imports (memoized). */
function projectOf(file: string, testDir: string): Project {
  const cached = known.get(file);
  if (cached) return cached;
  known.set(file, 'unit'); // a cycle back to a file being read counts that file as unit
  let project: Project = /fuzz/.test(path.basename(file)) ? 'integration' : 'unit';
  for (const [, typeOnly, clause = '', from = ''] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const names = typeOnly ? [] : valueNames(clause);
    if (names.length === 0) continue;
    const writesDisk = DISK_MODULES.has(from) && names.some((name) => DISK_WRITERS.has(name));
    const starts = names.some((name) => STARTERS.has(name));
    const heavy = HEAVY_MODULES.has(from) || names.some((name) => HEAVY.has(name));
    let found: Project = MODULES[from] ?? (writesDisk || starts || heavy ? 'integration' : 'unit');
    const helper = path.resolve(path.dirname(file), from.replace(/\.js$/, '.ts'));
    if (from.startsWith('.') && helper.startsWith(testDir + path.sep) && existsSync(helper)) {
      const inherited = projectOf(helper, testDir);
      if (rank[inherited] > rank[found]) found = inherited;
    }
    if (rank[found] > rank[project]) project = found;
  }
  known.set(file, project);
  return project;
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Every test file under `root/test`, relative to `root`, grouped by project. */
export function testProjects(root: string): Record<Project, string[]> {
  const testDir = path.join(root, 'test');
  const split: Record<Project, string[]> = { unit: [], integration: [], browser: [] };
  for (const file of testFiles(testDir).sort()) {
    split[projectOf(file, testDir)].push(path.relative(root, file));
  }
  return split;
}
