import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/config.js';

function issuesOf(data: unknown, env: NodeJS.ProcessEnv = {}): ConfigError {
  try {
    parseConfig(data, env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('config validation names the bad key', () => {
  it.each<[string, unknown, string, RegExp]>([
    [
      'a non-boolean personalData',
      { groups: [{ name: 'A' }, { name: 'B', personalData: 'yes' }] },
      'groups[1].personalData',
      /true or false/,
    ],
    ['a group without id or name', { groups: [{ personalData: true }] }, 'groups[0]', /"id" or a "name"/],
    ['a malformed group id', { groups: [{ id: '12345' }] }, 'groups[0].id', /@g\.us/],
    [
      'a duplicated group name (accents ignored)',
      { groups: [{ name: 'Contabilidad' }, { name: 'contabilidád' }] },
      'groups[1].name',
      /groups\[0\]/,
    ],
    [
      'an empty schedule spec',
      { groups: [{ name: 'A', schedules: [{ job: 'tc', spec: '' }] }] },
      'groups[0].schedules[0].spec',
      /08:30/,
    ],
    ['a wrong directChats', { directChats: 'all' }, 'directChats', /"admins" or "everyone"/],
    [
      'a text where a number goes',
      { maxListItems: '10' },
      'maxListItems',
      /whole number of items from 1 to 100/,
    ],
    ['a zero rate limit', { rateLimitPerMinute: 0 }, 'rateLimitPerMinute', /from 1 to 600/],
    ['a fractional zip limit', { maxZipBytes: 2048.5 }, 'maxZipBytes', /whole number of bytes/],
    ['a bad admin phone', { admins: ['51987654321', 'jefe'] }, 'admins[1]', /country code/],
    ['a long personal-data cache', { cacheTtlSeconds: { dni: 3600 } }, 'cacheTtlSeconds.dni', /0 to 600/],
    [
      'a cached invoice',
      { cacheTtlSeconds: { invoicePdf: 60 } },
      'cacheTtlSeconds.invoicePdf',
      /never cached/,
    ],
    ['a negative TTL', { cacheTtlSeconds: { ruc: -1 } }, 'cacheTtlSeconds.ruc', /from 0/],
    ['a bad lookup URL', { lookup: { baseUrl: 'ftp://x' } }, 'lookup.baseUrl', /http\(s\) URL/],
    ['a bad WA version', { whatsapp: { waVersion: '2.x' } }, 'whatsapp.waVersion', /2\.3000\.1027934701/],
    [
      'inverted outbox delays',
      { whatsapp: { outbox: { minDelayMs: 900, maxDelayMs: 100 } } },
      'whatsapp.outbox.maxDelayMs',
      /minDelayMs/,
    ],
    [
      'a scheduler retry interval of 0',
      { scheduler: { rateRetryIntervalMinutes: 0 } },
      'scheduler.rateRetryIntervalMinutes',
      /minutes/,
    ],
    [
      'a holiday that is not a real date',
      { scheduler: { holidays: ['2026-04-02', '2026-02-30'] } },
      'scheduler.holidays[1]',
      /YYYY-MM-DD/,
    ],
    [
      'a holiday given as a number',
      { scheduler: { holidays: [20260402] } },
      'scheduler.holidays[0]',
      /YYYY-MM-DD/,
    ],
    ['a bad log level', { logLevel: 'verbose' }, 'logLevel', /info/],
    ['a top-level list', [], '(root)', /object/],
  ])('rejects %s', (_label, data, pathName, message) => {
    const error = issuesOf(data);
    const issue = error.issues.find((i) => i.path === pathName);
    expect(issue, error.message).toBeDefined();
    expect(issue?.message).toMatch(message);
    expect(error.message).toContain(pathName);
    expect(error.message).toMatch(/Configuración inválida: corrige .* y vuelve a iniciar/);
  });

  it.each<[string, NodeJS.ProcessEnv, RegExp]>([
    ['LOOKUP_TIMEOUT_MS', { LOOKUP_TIMEOUT_MS: 'abc' }, /milliseconds from 100 to 120000/],
    ['LOOKUP_TIMEOUT_MS', { LOOKUP_TIMEOUT_MS: '50' }, /from 100/],
    ['LOOKUP_RETRIES', { LOOKUP_RETRIES: '-1' }, /retries from 0 to 10/],
    ['LOOKUP_BASE_URL', { LOOKUP_BASE_URL: 'not a url' }, /http\(s\) URL/],
    ['MESSAGING_BASE_URL', { MESSAGING_BASE_URL: 'localhost:9' }, /http\(s\) URL/],
    ['CHASQUI_ADMINS', { CHASQUI_ADMINS: '51987654321,boss' }, /entry 2/],
    ['CHASQUI_PAIR_PHONE', { CHASQUI_PAIR_PHONE: 'x' }, /country code/],
    ['CHASQUI_WA_VERSION', { CHASQUI_WA_VERSION: '2.3000' }, /2\.3000\.1027934701/],
    ['CHASQUI_RATE_LIMIT_PER_MINUTE', { CHASQUI_RATE_LIMIT_PER_MINUTE: '0' }, /from 1/],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }, /expected one of/],
    [
      'TAX_PORTAL_RUC',
      { TAX_PORTAL_RUC: '20123456787', TAX_PORTAL_USER: 'U', TAX_PORTAL_PASSWORD: 'p' },
      /check digit/,
    ],
  ])('rejects a bad %s', (name, env, message) => {
    const error = issuesOf({}, env);
    const issue = error.issues.find((i) => i.path === name);
    expect(issue, error.message).toBeDefined();
    expect(issue?.message).toMatch(message);
  });

  it('names the missing tax-portal variables when only some are set', () => {
    const error = issuesOf({}, { TAX_PORTAL_RUC: '20123456786', TAX_PORTAL_PASSWORD: 'clave-secreta-xyz' });
    expect(error.issues.map((i) => i.path)).toEqual(['TAX_PORTAL_USER']);
    expect(error.issues[0]?.message).toMatch(/TAX_PORTAL_RUC and TAX_PORTAL_PASSWORD are set/);
    expect(error.message).not.toContain('clave-secreta-xyz');
  });

  it('names an unknown key and suggests the closest known one', () => {
    const error = issuesOf({ groups: [{ name: 'A', personaldata: true }], maxListItem: 3 });
    expect(error.issues).toEqual(
      expect.arrayContaining([
        { path: 'groups[0].personaldata', message: expect.stringContaining('did you mean "personalData"?') },
        { path: 'maxListItem', message: expect.stringContaining('did you mean "maxListItems"?') },
      ]),
    );
  });

  it('refuses secrets in the file without echoing them', () => {
    const error = issuesOf({ lookup: { token: 'file-secret-token-999' }, taxPortal: { password: 'pw-777' } });
    expect(error.issues.map((i) => i.path).sort()).toEqual(['lookup.token', 'taxPortal']);
    expect(error.issues[0]?.message).toMatch(/only from the environment/);
    expect(error.message).not.toContain('file-secret-token-999');
    expect(error.message).not.toContain('pw-777');
  });

  it('never puts secret values in the message, even next to other errors', () => {
    const secrets = {
      LOOKUP_TOKEN: 'tok-AAAA-1111',
      MESSAGING_TOKEN: 'tok-BBBB-2222',
      TAX_PORTAL_PASSWORD: 'pw-CCCC',
    };
    const error = issuesOf({ maxListItems: 0 }, { ...secrets, LOOKUP_TIMEOUT_MS: 'tok-AAAA-1111' });
    for (const value of Object.values(secrets)) expect(error.message).not.toContain(value);
    expect(error.issues.map((i) => i.path).sort()).toEqual([
      'LOOKUP_TIMEOUT_MS',
      'TAX_PORTAL_RUC',
      'TAX_PORTAL_USER',
      'maxListItems',
    ]);
  });

  it('masks a driver document number in the key path', () => {
    const error = issuesOf({ drivers: { '41234567': 'no-phone', '123': '51987654321' } });
    const paths = error.issues.map((i) => i.path).sort();
    expect(paths).toEqual(['drivers["***"]', 'drivers["*****567"]']);
    expect(error.message).not.toContain('41234567');
  });

  it('collects every problem in one error', () => {
    const error = issuesOf({ maxListItems: 0, directChats: 'x' }, { LOOKUP_RETRIES: 'many' });
    expect(error.issues.map((i) => i.path).sort()).toEqual(['LOOKUP_RETRIES', 'directChats', 'maxListItems']);
  });
});
