import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { runSandbox } from '../../src/cli/sandbox.js';

function capture() {
  let text = '';
  return {
    write: (chunk: string) => {
      text += chunk;
    },
    read: () => text,
  };
}

async function waitFor(predicate: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !predicate(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(predicate()).toBe(true);
}

describe('chasqui sandbox CLI', () => {
  it('prints usage with --help and exits 0', async () => {
    const out = capture();
    expect(await runSandbox(['--help'], { stdout: out.write })).toBe(0);
    expect(out.read()).toContain('chasqui sandbox');
    expect(out.read()).toContain('x-sandbox-fault');
  });

  it('rejects an unknown option or a bad port with exit code 2', async () => {
    const err = capture();
    expect(await runSandbox(['--bogus'], { stderr: err.write })).toBe(2);
    expect(await runSandbox(['--port', '70000'], { stderr: err.write })).toBe(2);
    expect(err.read()).toContain('--port');
  });

  it('starts, prints the env lines, answers /ruc with the chosen token, and stops on abort', async () => {
    const out = capture();
    const stop = new AbortController();
    const running = runSandbox(['--port', '0', '--token', 'tok-cli', '--prefix', '/v9'], {
      stdout: out.write,
      signal: stop.signal,
    });
    await waitFor(() => out.read().includes('LOOKUP_BASE_URL='));
    const baseUrl = /LOOKUP_BASE_URL=(\S+)/.exec(out.read())?.[1] ?? '';
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v9$/);
    expect(out.read()).toContain('LOOKUP_TOKEN=tok-cli');
    expect(out.read()).toContain(`MESSAGING_BASE_URL=${baseUrl.replace('/v9', '')}`);
    expect(out.read()).toContain('MESSAGING_TOKEN=tok-cli');
    const res = await request(`${baseUrl}/ruc`, {
      method: 'POST',
      headers: { authorization: 'Bearer tok-cli', 'content-type': 'application/json' },
      body: JSON.stringify({ ruc: '20123456786' }),
    });
    expect(res.statusCode).toBe(200);
    expect(await res.body.json()).toMatchObject({
      success: true,
      message: 'exito',
      data: { ruc: '20123456786' },
    });
    stop.abort();
    expect(await running).toBe(0);
    expect(out.read()).toContain('stopped');
  });
});
