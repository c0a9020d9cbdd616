import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** `chasqui` itself (the TypeScript entry through tsx), as the README's exit codes describe it. */
function chasqui(...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? ROOT },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('chasqui with no command or an unknown one', () => {
  it('exits 2 with the usage on stderr when no command is given (npx chasqui)', { timeout: 30_000 }, () => {
    const result = chasqui();
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Uso / usage: chasqui <comando>');
    expect(result.stdout).toBe('');
  });

  it('exits 0 for --help and 2 for an unknown command', { timeout: 30_000 }, () => {
    const help = chasqui('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('chasqui <comando>');
    const unknown = chasqui('arrancar');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Comando desconocido / unknown command: arrancar');
  });
});
