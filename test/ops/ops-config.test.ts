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

  it('names the instance and the alert format; the environment wins over the file', () => {
    expect(parseConfig({}, {})).toMatchObject({ instance: 'chasqui', alerts: { format: 'generic' } });
    expect(parseConfig({ alerts: { format: 'Discord' } }, {}).alerts).toEqual({ format: 'discord' });
    const config = parseConfig(
      { alerts: { format: 'discord' } },
      {
        CHASQUI_ALERT_FORMAT: 'ntfy',
        CHASQUI_INSTANCE: 'cobranzas-norte',
        CHASQUI_METRICS_TOKEN: 'token-de-metricas-01',
      },
    );
    expect(config).toMatchObject({ instance: 'cobranzas-norte', alerts: { format: 'ntfy' } });
    expect(config.console.metricsToken).toBe('token-de-metricas-01');
    expect(JSON.stringify(describeConfig(config))).not.toContain('token-de-metricas-01');
  });

  it('refuses an unknown alert format with a Spanish line naming the five, and a long or spaced instance name', () => {
    const error = (file: unknown, env: Record<string, string>) => {
      try {
        parseConfig(file, env);
      } catch (caught) {
        if (caught instanceof ConfigError) return caught;
      }
      throw new Error('expected a ConfigError');
    };
    const format = error({}, { CHASQUI_ALERT_FORMAT: 'telegram' });
    expect(format.issues.map((issue) => issue.path)).toEqual(['CHASQUI_ALERT_FORMAT']);
    expect(format.message).toContain(
      'CHASQUI_ALERT_FORMAT: expected one of generic, slack, discord, ntfy, teams',
    );
    expect(format.message).toContain(
      '- CHASQUI_ALERT_FORMAT: el formato de las alertas es el servicio que las recibe: generic (JSON), slack, discord, ntfy o teams',
    );
    expect(error({ alerts: { format: 3 } }, {}).issues.map((issue) => issue.path)).toEqual(['alerts.format']);
    expect(error({ alerts: { webhook: 'https://x' } }, {}).message).toMatch(/alerts\.webhook: unknown key/);
    for (const name of ['Ventas', 'ventas lima', '-ventas', 'ventas-', 'v'.repeat(33)]) {
      expect(
        error({}, { CHASQUI_INSTANCE: name }).issues.map((issue) => issue.path),
        name,
      ).toEqual(['CHASQUI_INSTANCE']);
    }
    expect(parseConfig({}, { CHASQUI_INSTANCE: 'v'.repeat(32) }).instance).toHaveLength(32);
    expect(error({}, { CHASQUI_METRICS_TOKEN: 'corto' }).issues.map((issue) => issue.path)).toEqual([
      'CHASQUI_METRICS_TOKEN',
    ]);
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
