import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The real CLI in a child process, as a user runs it: `printf ... | chasqui chat --json`. It runs
 * the TypeScript entry through tsx, so the test needs no build and never runs a stale dist/;
 * `.ci/run` also smoke-tests `bin/chasqui.js`, the same code compiled.
 */
function runCli(
  args: string[],
  stdin: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], {
      cwd: ROOT,
      // A clean environment: no LOOKUP_BASE_URL, so the embedded sandbox starts.
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? ROOT,
        TMPDIR: process.env.TMPDIR ?? '/tmp',
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

describe('chasqui chat as a child process', () => {
  it('answers piped lines as JSON and exits 0 at the end of input', { timeout: 60_000 }, async () => {
    const result = await runCli(['chat', '--json'], 'ruc 20123456786\nplaca abc-123\nbuenos días\n');
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { chat: string; text: string });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ chat: '120363000000000001@g.us' });
    expect(lines[0]?.text).toContain('TRANSPORTES ANDINOS DEL SUR S.A.C.');
    expect(lines[1]?.text).toContain('ABC123');
    expect(result.stderr).toMatch(/SANDBOX/);
  });
});
