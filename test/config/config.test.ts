import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEFAULT_CACHE_TTL_SECONDS,
  describeConfig,
  loadConfig,
  normalizePhone,
  parseConfig,
} from '../../src/config.js';

const dir = mkdtempSync(path.join(tmpdir(), 'chasqui-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function writeFile(name: string, text: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

function configError(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig defaults and precedence', () => {
  it('starts with no file and no variables using the documented defaults', () => {
    const config = loadConfig({ env: {} });
    expect(config.dataDir).toBe('./data');
    expect(config.logLevel).toBe('info');
    expect(config.lookup).toEqual({ timeoutMs: 10_000, retries: 2 });
    expect(config.taxPortal).toBeUndefined();
    expect(config.admins).toEqual([]);
    expect(config.groups).toEqual([]);
    expect(config.directChats).toBe('admins');
    expect(config.groupAdminsAreAdmins).toBe(false);
    expect(config.rateLimitPerMinute).toBe(10);
    expect(config.maxListItems).toBe(10);
    expect(config.maxZipBytes).toBe(10 * 1024 * 1024);
    expect(config.cacheTtlSeconds).toEqual(DEFAULT_CACHE_TTL_SECONDS);
    expect(config.cacheTtlSeconds.invoiceXml).toBe(0);
    expect(config.whatsapp).toEqual({
      maxMessageAgeSeconds: 600,
      outbox: { minDelayMs: 400, maxDelayMs: 1500, perChatGapMs: 1000, payloadRetentionMinutes: 60 },
      shutdownFlushMs: 5000,
      delivery: { serverAckTimeoutSeconds: 120, reportAfterMinutes: 10 },
      newChats: { dailyCap: 20 },
      sentCopies: { days: 14, maxMegabytes: 64 },
      retryReceipts: { alertPerHour: 20 },
    });
    expect(config.scheduler).toEqual({
      catchUpMinutes: 180,
      rateRetries: 3,
      rateRetryIntervalMinutes: 30,
      holidays: [],
    });
    expect(config.credits).toEqual({});
    expect(config.guides).toEqual({ resendCooldownMinutes: 30, maxDocumentsPerDriverPerDay: 20 });
    expect(config.secret).toBeUndefined();
  });

  it('reads the credit budget from the environment over the file, and per-group caps from the file', () => {
    const file = writeFile(
      'credits.yaml',
      [
        'credits: { daily: 100, monthly: 2000 }',
        'groups: [{ id: "120363000000000001@g.us", credits: { daily: 5 } }]',
      ].join('\n'),
    );
    const config = loadConfig({ file, env: { CHASQUI_CREDITS_DAILY: '40' } });
    expect(config.credits).toEqual({ daily: 40, monthly: 2000 });
    expect(config.groups[0]?.credits).toEqual({ daily: 5 });
    expect(() => loadConfig({ env: { CHASQUI_CREDITS_MONTHLY: 'muchos' } })).toThrow(
      /CHASQUI_CREDITS_MONTHLY/,
    );
  });

  it('lets the environment override the file, and the file override defaults', () => {
    const file = writeFile(
      'precedence.yaml',
      [
        'dataDir: /srv/from-file',
        'logLevel: debug',
        'lookup: { baseUrl: "http://127.0.0.1:9/api/v1/", timeoutMs: 3000, retries: 5 }',
        'admins: ["+51 911 111 111"]',
        'rateLimitPerMinute: 4',
        'maxListItems: 25',
        'whatsapp: { waVersion: "2.3000.1", pairPhone: "51922222222" }',
      ].join('\n'),
    );
    const fromFile = loadConfig({ env: {}, file });
    expect(fromFile.dataDir).toBe('/srv/from-file');
    expect(fromFile.lookup).toEqual({ baseUrl: 'http://127.0.0.1:9/api/v1', timeoutMs: 3000, retries: 5 });
    expect(fromFile.admins).toEqual(['51911111111']);
    expect(fromFile.maxListItems).toBe(25);
    expect(fromFile.whatsapp.waVersion).toEqual([2, 3000, 1]);

    const config = loadConfig({
      file,
      env: {
        CHASQUI_DATA_DIR: '/srv/from-env',
        LOG_LEVEL: 'warn',
        LOOKUP_TIMEOUT_MS: '2500',
        CHASQUI_ADMINS: '+51 987 654 321, 51 912 345 678',
        CHASQUI_RATE_LIMIT_PER_MINUTE: '7',
        CHASQUI_WA_VERSION: '2.3000.1027934701',
        CHASQUI_PAIR_PHONE: '+51 987 654 321',
        LOOKUP_TOKEN: 'tok',
      },
    });
    expect(config.dataDir).toBe('/srv/from-env');
    expect(config.logLevel).toBe('warn');
    expect(config.lookup).toEqual({
      baseUrl: 'http://127.0.0.1:9/api/v1',
      token: 'tok',
      timeoutMs: 2500,
      retries: 5,
    });
    expect(config.admins).toEqual(['51987654321', '51912345678']);
    expect(config.rateLimitPerMinute).toBe(7);
    expect(config.whatsapp.waVersion).toEqual([2, 3000, 1027934701]);
    expect(config.whatsapp.pairPhone).toBe('51987654321');
    expect(config.maxListItems).toBe(25);
    expect(config.configFile).toBe(file);
  });

  it('treats empty environment values as unset', () => {
    const config = loadConfig({ env: { LOOKUP_TIMEOUT_MS: '', TAX_PORTAL_RUC: ' ', CHASQUI_CONFIG: '' } });
    expect(config.lookup.timeoutMs).toBe(10_000);
    expect(config.taxPortal).toBeUndefined();
  });

  it('reads the file named by CHASQUI_CONFIG, and an explicit file wins over it', () => {
    const a = writeFile('a.yaml', 'maxListItems: 3\n');
    const b = writeFile('b.yaml', 'maxListItems: 4\n');
    expect(loadConfig({ env: { CHASQUI_CONFIG: a } }).maxListItems).toBe(3);
    expect(loadConfig({ env: { CHASQUI_CONFIG: a }, file: b }).maxListItems).toBe(4);
  });

  it('takes the tax-portal credentials when all three variables are set', () => {
    const config = loadConfig({
      env: {
        TAX_PORTAL_RUC: '20123456786',
        TAX_PORTAL_USER: 'CHASQUI1',
        TAX_PORTAL_PASSWORD: 'sandbox-clave',
      },
    });
    expect(config.taxPortal).toEqual({ ruc: '20123456786', user: 'CHASQUI1', password: 'sandbox-clave' });
  });
});

describe('config files', () => {
  const yamlText = `
admins:
  - "+51 987 654 321"
groupAdminsAreAdmins: true
directChats: everyone
groups:
  - name: Despacho Lima
    personalData: true
    schedules:
      - { job: tc, spec: "08:30" }
  - id: 120363000000000002@g.us
cacheTtlSeconds:
  dni: 0
  ruc: 7200
drivers:
  "41234567": "+51 999 888 777"
  "70123456": 51911222333
scheduler:
  catchUpMinutes: 60
  holidays: [2026-04-02, "2026-04-03"]
`;

  it('reads YAML and the same content as JSON to the same Config', () => {
    const fromYaml = loadConfig({ env: {}, file: writeFile('c.yaml', yamlText) });
    const asObject = {
      admins: ['+51 987 654 321'],
      groupAdminsAreAdmins: true,
      directChats: 'everyone',
      groups: [
        { name: 'Despacho Lima', personalData: true, schedules: [{ job: 'tc', spec: '08:30' }] },
        { id: '120363000000000002@g.us' },
      ],
      cacheTtlSeconds: { dni: 0, ruc: 7200 },
      drivers: { '41234567': '+51 999 888 777', '70123456': 51911222333 },
      scheduler: { catchUpMinutes: 60, holidays: ['2026-04-02', '2026-04-03'] },
    };
    const jsonFile = writeFile('c.json', JSON.stringify(asObject, null, 2));
    const fromJson = loadConfig({ env: {}, file: jsonFile });
    expect({ ...fromJson, configFile: undefined }).toEqual({ ...fromYaml, configFile: undefined });
    expect(fromYaml.groups).toEqual([
      { name: 'Despacho Lima', personalData: true, schedules: [{ job: 'tc', spec: '08:30' }] },
      { id: '120363000000000002@g.us', personalData: false, schedules: [] },
    ]);
    expect(fromYaml.cacheTtlSeconds.dni).toBe(0);
    expect(fromYaml.cacheTtlSeconds.ruc).toBe(7200);
    expect(fromYaml.cacheTtlSeconds.guide).toBe(DEFAULT_CACHE_TTL_SECONDS.guide);
    expect(fromYaml.drivers).toEqual({ '41234567': '51999888777', '70123456': '51911222333' });
    expect(fromYaml.scheduler).toEqual({
      catchUpMinutes: 60,
      rateRetries: 3,
      rateRetryIntervalMinutes: 30,
      holidays: ['2026-04-02', '2026-04-03'],
    });
  });

  it('accepts an empty file as no settings', () => {
    expect(loadConfig({ env: {}, file: writeFile('empty.yaml', '') }).groups).toEqual([]);
  });

  it('reports a syntax error by line without quoting the file', () => {
    const file = writeFile('broken.yaml', 'admins: [1,\n secretish: hunter2-value');
    const error = configError(() => loadConfig({ env: {}, file }));
    expect(error.issues[0]?.path).toBe('CHASQUI_CONFIG');
    expect(error.message).toMatch(/line 2/);
    expect(error.message).not.toContain('hunter2-value');
  });

  it('reports a missing file on CHASQUI_CONFIG', () => {
    const error = configError(() => loadConfig({ env: { CHASQUI_CONFIG: path.join(dir, 'nope.yaml') } }));
    expect(error.issues).toEqual([
      {
        path: 'CHASQUI_CONFIG',
        message: expect.stringMatching(/not found/),
        fix: expect.stringMatching(/no existe: corrija la ruta en CHASQUI_CONFIG/),
      },
    ]);
  });

  it('ships a config.example.yaml that validates', () => {
    const config = loadConfig({ env: {}, file: path.resolve('config.example.yaml') });
    expect(config.groups.length).toBeGreaterThan(0);
  });
});

describe('normalizePhone', () => {
  it.each([
    ['+51 987 654 321', '51987654321'],
    ['51-987-654-321', '51987654321'],
    ['(51) 987654321', '51987654321'],
    ['987654321', '51987654321'],
    ['0051987654321', '51987654321'],
    ['+1 415 555 0100', '14155550100'],
  ])('normalises %s to %s', (raw, expected) => {
    expect(normalizePhone(raw)).toBe(expected);
  });

  it.each(['', 'abc', '12', '+51 98x 654 321', '0987654321'])('rejects %j', (raw) => {
    expect(normalizePhone(raw)).toBeUndefined();
  });
});

describe('describeConfig', () => {
  it('masks secrets and phone numbers in the loggable summary', () => {
    const config = parseConfig(
      { admins: ['51987654321'], drivers: { '41234567': '51999888777' } },
      {
        LOOKUP_TOKEN: 'lookup-secret-123',
        MESSAGING_TOKEN: 'messaging-secret-456',
        LOOKUP_BASE_URL: 'https://user:pw-in-url@api.example.pe/api/v1?key=query-secret',
        TAX_PORTAL_RUC: '20123456786',
        TAX_PORTAL_USER: 'CHASQUI1',
        TAX_PORTAL_PASSWORD: 'sandbox-clave',
      },
    );
    const summary = describeConfig(config);
    const text = JSON.stringify(summary);
    for (const secret of [
      'lookup-secret-123',
      'messaging-secret-456',
      'pw-in-url',
      'query-secret',
      'sandbox-clave',
      'CHASQUI1',
      '51987654321',
      '41234567',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(summary).toMatchObject({
      lookup: { token: 'set', baseUrl: 'https://api.example.pe/api/v1' },
      taxPortal: { ruc: '20123456786', password: 'set' },
      admins: ['********321'],
      drivers: 1,
    });
  });
});
