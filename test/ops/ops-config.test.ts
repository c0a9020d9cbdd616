import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runStart } from '../../src/cli/start.js';
import { ConfigError, describeConfig, parseConfig } from '../../src/config.js';
import { captureOutput } from '../helpers/capture.js';

describe('console, alert and backup settings', () => {
  it('defaults to the console on 127.0.0.1:8390, no webhook, no daily backup', () => {
    const config = parseConfig({}, {});
    expect(config.console).toEqual({ port: 8390, host: '127.0.0.1' });
    expect(config.alertWebhook).toBeUndefined();
    expect(config.backup).toEqual({ keep: 7, dir: 'backups' });
  });

  it('reads the environment and the backup section; the webhook path never reaches the log', () => {
    const config = parseConfig(
      { backup: { daily: '03:30', keep: 14 } },
      {
        CHASQUI_CONSOLE_PORT: 'off',
        CHASQUI_CONSOLE_HOST: '0.0.0.0',
        CHASQUI_CONSOLE_PASSWORD: 'clave-larga-123',
        CHASQUI_ALERT_WEBHOOK: 'https://hooks.example.pe/T000/B000/secreto',
      },
    );
    expect(config.console).toEqual({ port: 'off', host: '0.0.0.0', password: 'clave-larga-123' });
    expect(config.backup).toEqual({ daily: '03:30', keep: 14, dir: 'backups' });
    const described = JSON.stringify(describeConfig(config));
    expect(described).not.toContain('secreto');
    expect(described).not.toContain('clave-larga-123');
    expect(described).toContain('https://hooks.example.pe/…');
  });

  it('names the bad keys', () => {
    const bad = () =>
      parseConfig(
        { backup: { daily: '25:00' } },
        { CHASQUI_CONSOLE_PORT: '70000', CHASQUI_CONSOLE_PASSWORD: 'corta' },
      );
    expect(bad).toThrow(ConfigError);
    expect(bad).toThrow(/CHASQUI_CONSOLE_PORT/);
    expect(bad).toThrow(/CHASQUI_CONSOLE_PASSWORD/);
    expect(bad).toThrow(/backup\.daily/);
  });

  it('chasqui start refuses to publish the console beyond loopback without a password (exit 3, a config error)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-ops-config-'));
    const out = captureOutput();
    try {
      const code = await runStart([], {
        env: { CHASQUI_DATA_DIR: dir, CHASQUI_CONSOLE_HOST: '0.0.0.0' },
        stdout: out.stream,
      });
      expect(code).toBe(3);
      expect(out.text()).toContain('requires CHASQUI_CONSOLE_PASSWORD');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
