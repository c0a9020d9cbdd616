import { describe, expect, it } from 'vitest';
import { ConfigError, describeConfig, parseConfig } from '../../src/config.js';
import { silentLogger } from '../../src/logger.js';
import { createOpsRuntime } from '../../src/ops/runtime.js';
import { openDatabase } from '../../src/store/sqlite.js';
import { rawRequest } from '../console/harness.js';

/** The console's allowed host names and trusted proxies (issue 19): environment over file. */
describe('console.allowedHosts and console.trustedProxies', () => {
  it('reads both from the file, and from the environment, which wins', () => {
    const file = {
      console: {
        allowedHosts: ['Chasqui.Example.PE', '192.0.2.10', '[2001:db8::1]'],
        trustedProxies: ['10.0.0.0/8'],
      },
    };
    expect(parseConfig(file, {}).console).toEqual({
      port: 8390,
      host: '127.0.0.1',
      allowedHosts: ['chasqui.example.pe', '192.0.2.10', '2001:db8::1'],
      trustedProxies: ['10.0.0.0/8'],
    });
    const env = {
      CHASQUI_CONSOLE_ALLOWED_HOSTS: ' consola.example.pe , 198.51.100.7 ',
      CHASQUI_CONSOLE_TRUSTED_PROXIES: '172.17.0.1, fd00::/8',
    };
    const config = parseConfig(file, env);
    expect(config.console.allowedHosts).toEqual(['consola.example.pe', '198.51.100.7']);
    expect(config.console.trustedProxies).toEqual(['172.17.0.1', 'fd00::/8']);
    expect(describeConfig(config).console).toMatchObject({
      allowedHosts: ['consola.example.pe', '198.51.100.7'],
      trustedProxies: ['172.17.0.1', 'fd00::/8'],
    });
    // Unset, the console section stays as it was.
    expect(parseConfig({}, {}).console).toEqual({ port: 8390, host: '127.0.0.1' });
  });

  it('names a bad host name or proxy address, in the file and in the environment', () => {
    const bad = () =>
      parseConfig(
        { console: { allowedHosts: ['https://chasqui.example.pe'], trustedProxies: ['10.0.0.0/40'] } },
        {
          CHASQUI_CONSOLE_ALLOWED_HOSTS: 'chasqui.example.pe:8390',
          CHASQUI_CONSOLE_TRUSTED_PROXIES: 'proxy.local',
        },
      );
    expect(bad).toThrow(ConfigError);
    expect(bad).toThrow(/console\.allowedHosts\[0\]: expected a host name or IP address/);
    expect(bad).toThrow(/console\.trustedProxies\[0\]: expected an IP address or range/);
    expect(bad).toThrow(/CHASQUI_CONSOLE_ALLOWED_HOSTS: expected host names or IP addresses/);
    expect(bad).toThrow(/CHASQUI_CONSOLE_TRUSTED_PROXIES: expected IP addresses or ranges/);
    expect(() => parseConfig({ console: { port: 8390 } }, {})).toThrow(/console\.port/);
  });

  it('chasqui start hands them to the console', async () => {
    const db = openDatabase({ dir: ':memory:' });
    const config = parseConfig(
      {},
      { CHASQUI_CONSOLE_PORT: '0', CHASQUI_CONSOLE_ALLOWED_HOSTS: 'chasqui.example.pe' },
    );
    const ops = createOpsRuntime({ config, db, logger: silentLogger() });
    try {
      const server = await ops.attach({
        app: { router: { handle: async () => ({ outcome: 'ok' }) }, services: {} as never, config },
        setup: { transport: {} as never, outbox: {} as never },
        sandbox: true,
        say: () => {},
      });
      if (!server) throw new Error('the console did not start');
      expect(
        (await rawRequest(server.url, '/healthz', { headers: { host: 'chasqui.example.pe' } })).status,
      ).toBe(200);
      expect(
        (await rawRequest(server.url, '/metrics', { headers: { host: 'chasqui.example.pe' } })).status,
      ).toBe(200);
      expect(
        (await rawRequest(server.url, '/metrics', { headers: { host: 'otro.example.pe' } })).status,
      ).toBe(403);
    } finally {
      await ops.close();
      db.close();
    }
  });
});
