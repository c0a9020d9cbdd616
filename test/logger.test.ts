import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { prettyLogs } from '../src/logger.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
/** One warning through createLogger on stderr, from a child process. */
const LOG_ONE = `import('./src/logger.ts').then(({ createLogger }) => createLogger({ fd: 2 }).warn({ module: 'prueba' }, 'hola'))`;

describe('log format', () => {
  it('is for people only on a terminal and never in production', () => {
    expect(prettyLogs(true, {})).toBe(true);
    expect(prettyLogs(false, {})).toBe(false);
    expect(prettyLogs(true, { NODE_ENV: 'production' })).toBe(false);
  });

  it('writes one JSON object a line when stderr is not a terminal', { timeout: 30_000 }, () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', '-e', LOG_ONE], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(JSON.parse(result.stderr.trim())).toMatchObject({ level: 40, module: 'prueba', msg: 'hola' });
  });

  it.skipIf(!existsSync('/usr/bin/script'))(
    'writes a readable line on a terminal',
    { timeout: 30_000 },
    () => {
      // util-linux `script` gives the child a pseudo-terminal.
      const command = `${process.execPath} --import tsx -e "${LOG_ONE}"`;
      const out = execFileSync('/usr/bin/script', ['-qc', command, '/dev/null'], {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, NODE_ENV: 'development' },
      });
      const plain = out.replace(/\u001b\[[0-9;]*m/gu, '');
      expect(plain).toMatch(/\[\d\d:\d\d:\d\d\] WARN: hola \{"module":"prueba"\}/u);
      expect(plain).not.toContain('"level"');
    },
  );
});
