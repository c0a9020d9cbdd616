import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

/** The real CLI in a child process, as a user runs it: `printf ... | chasqui chat --json`. */
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
