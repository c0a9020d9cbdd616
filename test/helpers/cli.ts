import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** What a CLI child process left: its exit code and everything it printed. */
export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The real CLI in a child process, as a user runs it (`printf … | chasqui chat --json`). It runs
 * the TypeScript entry through tsx, so a test needs no build and never runs a stale dist/
 * (`.ci/run` smoke-tests `bin/chasqui.js`, the same code compiled). The environment is clean (no
 * LOOKUP_BASE_URL: the embedded sandbox starts) plus `env`; `nodeArgs` go to node (e.g. `--import`).
 */
export function runCli(
  args: string[],
  stdin: string,
  env: Record<string, string> = {},
  nodeArgs: readonly string[] = [],
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...nodeArgs, 'src/main.ts', ...args], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? ROOT,
        TMPDIR: process.env.TMPDIR ?? '/tmp',
        ...env,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += String(chunk);
    });
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}
