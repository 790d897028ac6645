import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, configDocs, loadConfig, repoRoot, testServices, tileCspSource } from './env';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'dermis-env-'));

describe('loadConfig', () => {
  it('gives the documented defaults', () => {
    const dataDir = tmp();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      environment: 'development',
      host: '127.0.0.1',
      port: 8080,
      dataDir,
      database: { kind: 'pglite', dir: path.join(dataDir, 'db') },
      redisUrl: null,
      accessTokenTtlSeconds: 300,
      refreshTokenTtlSeconds: 28_800,
      tempTokenTtlSeconds: 600,
      loginMaxFailuresPerUsername: 5,
      loginMaxFailuresPerAddress: 20,
      loginThrottleWindowSeconds: 900,
      logLevel: 'info',
      seedDemo: true,
      webDist: path.join(repoRoot, 'apps/web/dist'),
      appServerUrl: '/api/app',
      trustProxy: false,
    });
    const rootVersion = (
      JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string }
    ).version;
    expect(config.appVersion).toBe(rootVersion);
  });

  it('resolves DATA_DIR against the working directory', () => {
    const config = loadConfig({ DATABASE_URL: 'memory://', DATA_DIR: 'some/where' });
    expect(config.dataDir).toBe(path.resolve(process.cwd(), 'some/where'));
  });

  it('fails fast on a bad PORT, naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT: must be a whole number/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT: must be at most 65535/);
  });

  it('reports every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'x', NODE_ENV: 'staging', SEED_DEMO: 'maybe' })).toThrow(
      /PORT[\s\S]*NODE_ENV|NODE_ENV[\s\S]*PORT/,
    );
  });

  it('requires JWT_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'memory://' })).toThrow(
      /JWT_SECRET: is required in production/,
    );
    const secret = 'x'.repeat(32);
    const smtp = 'smtp://mail.example.org:25';
    expect(
      loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'memory://', JWT_SECRET: secret, SMTP_URL: smtp })
        .jwtSecret,
    ).toBe(secret);
  });

  it('requires SMTP_URL in production, and keeps mail in the outbox elsewhere', () => {
    const base = { NODE_ENV: 'production', DATABASE_URL: 'memory://', JWT_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig(base)).toThrow(/SMTP_URL: is required in production/);
    expect(() => loadConfig({ ...base, SMTP_URL: 'http://nope' })).toThrow(/SMTP_URL: must be an smtp/);
    expect(loadConfig({ DATABASE_URL: 'memory://' }).smtpUrl).toBeNull();
    expect(loadConfig({ DATABASE_URL: 'memory://', PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
  });

  it('refuses a short JWT_SECRET', () => {
    expect(() => loadConfig({ JWT_SECRET: 'short', DATABASE_URL: 'memory://' })).toThrow(
      /JWT_SECRET: must be at least 32/,
    );
  });

  it('generates the JWT secret once per data folder, readable only by the owner', () => {
    const dataDir = tmp();
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    const second = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(second).toBe(first);
    expect(fs.statSync(path.join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
  });

  it('reads the database and Redis targets', () => {
    expect(loadConfig({ DATABASE_URL: 'memory://' }).database).toEqual({ kind: 'memory' });
    const pgUrl = 'postgres://u@db:5432/dermis';
    expect(loadConfig({ DATABASE_URL: pgUrl, JWT_SECRET: 'y'.repeat(32) }).database).toEqual({
      kind: 'postgres',
      url: pgUrl,
    });
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(loadConfig({ DATABASE_URL: 'memory://', REDIS_URL: 'redis://r:6379' }).redisUrl).toBe(
      'redis://r:6379',
    );
  });

  it('never echoes a rejected secret, nor the password inside a rejected URL', () => {
    const secret = 'hunter2-but-too-short';
    const attempts = [
      { JWT_SECRET: secret },
      { SMTP_URL: `http://mailer:${secret}@mail.example.org` },
      { DATABASE_URL: `mysql://root:${secret}@db.example.org/dermis` },
      { REDIS_URL: `http://default:${secret}@cache.example.org` },
    ];
    for (const env of attempts) {
      const name = Object.keys(env)[0] ?? '';
      let message = '';
      try {
        loadConfig({ DATABASE_URL: 'memory://', ...env });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message, name).toContain(`${name}:`);
      expect(message, name).not.toContain(secret);
    }
  });

  it('seeds the demo by default except in production, where demo accounts need ALLOW_DEMO_ACCOUNTS', () => {
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'memory://',
      JWT_SECRET: 'x'.repeat(32),
      SMTP_URL: 'smtp://mail.example.org:25',
    };
    expect(loadConfig({ DATABASE_URL: 'memory://' }).seedDemo).toBe(true);
    expect(loadConfig(production)).toMatchObject({ seedDemo: false, allowDemoAccounts: false });
    expect(() => loadConfig({ ...production, SEED_DEMO: 'true' })).toThrow(
      /SEED_DEMO[\s\S]*ALLOW_DEMO_ACCOUNTS/,
    );
    expect(loadConfig({ ...production, SEED_DEMO: 'true', ALLOW_DEMO_ACCOUNTS: 'true' })).toMatchObject({
      seedDemo: true,
      allowDemoAccounts: true,
    });
  });

  it('shows the development menu links only in development, and only with DEV_MENU=true', () => {
    const memory = { DATABASE_URL: 'memory://' };
    expect(loadConfig(memory)).toMatchObject({ environment: 'development', developmentMenu: false });
    expect(loadConfig({ ...memory, DEV_MENU: 'true' }).developmentMenu).toBe(true);
    expect(loadConfig({ ...memory, NODE_ENV: 'test', DEV_MENU: 'true' }).developmentMenu).toBe(false);
    const production = {
      ...memory,
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      SMTP_URL: 'smtp://m:25',
    };
    expect(loadConfig({ ...production, DEV_MENU: 'true' }).developmentMenu).toBe(false);
    expect(() => loadConfig({ ...memory, DEV_MENU: 'sometimes' })).toThrow(/DEV_MENU: must be true or false/);
  });

  it('parses booleans and TRUST_PROXY forms, and treats empty values as unset', () => {
    const base = { DATABASE_URL: 'memory://' };
    expect(loadConfig({ ...base, SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(loadConfig({ ...base, SEED_DEMO: '' }).seedDemo).toBe(true);
    expect(loadConfig({ ...base, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
  });

  it('takes a map tile server only as an http(s) address with {z}, {x} and {y} (decision 088)', () => {
    const base = { DATABASE_URL: 'memory://' };
    expect(loadConfig(base).mapTileUrl).toBeNull();
    const url = 'https://tile.example.org/{z}/{x}/{y}.png';
    expect(loadConfig({ ...base, MAP_TILE_URL: url, MAP_TILE_ATTRIBUTION: '© Ex' })).toMatchObject({
      mapTileUrl: url,
      mapTileAttribution: '© Ex',
    });
    expect(loadConfig({ ...base, MAP_TILE_ATTRIBUTION: '© Ex' }).mapTileAttribution).toBeNull();
    for (const bad of [
      'tile.example.org/{z}/{x}/{y}.png',
      'https://tile.example.org/{z}.png',
      'javascript:1',
    ]) {
      expect(() => loadConfig({ ...base, MAP_TILE_URL: bad }), bad).toThrow(/MAP_TILE_URL/);
    }
    expect(tileCspSource(url)).toBe('https://tile.example.org');
    expect(tileCspSource('http://{s}.tile.example.org:8080/{z}/{x}/{y}.png')).toBe(
      'http://*.tile.example.org:8080',
    );
  });

  it('polls for reminder passes every 300 s except in tests, and checks the reminder settings (decisions 107, 108)', () => {
    const base = { DATABASE_URL: 'memory://' };
    expect(loadConfig(base)).toMatchObject({
      reminderIntervalSeconds: 300,
      reminderAppointmentLeadHours: 48,
      reminderTimeZone: 'America/New_York',
    });
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).reminderIntervalSeconds).toBe(0);
    expect(
      loadConfig({
        ...base,
        NODE_ENV: 'test',
        REMINDER_INTERVAL_SECONDS: '60',
        REMINDER_APPOINTMENT_LEAD_HOURS: '24',
        REMINDER_TIME_ZONE: 'America/Chicago',
      }),
    ).toMatchObject({
      reminderIntervalSeconds: 60,
      reminderAppointmentLeadHours: 24,
      reminderTimeZone: 'America/Chicago',
    });
    expect(loadConfig({ ...base, REMINDER_INTERVAL_SECONDS: '0' }).reminderIntervalSeconds).toBe(0);
    for (const [name, bad] of [
      ['REMINDER_INTERVAL_SECONDS', '-5'],
      ['REMINDER_INTERVAL_SECONDS', '86401'],
      ['REMINDER_APPOINTMENT_LEAD_HOURS', '0'],
      ['REMINDER_TIME_ZONE', 'Mars/Olympus'],
    ] as const) {
      expect(() => loadConfig({ ...base, [name]: bad }), `${name}=${bad}`).toThrow(new RegExp(name));
    }
  });

  it('documents every variable it reads', () => {
    const names = configDocs.map((d) => d.name);
    expect(names).toEqual(
      expect.arrayContaining(['NODE_ENV', 'PORT', 'JWT_SECRET', 'DATABASE_URL', 'REDIS_URL', 'APP_VERSION']),
    );
    // Each documented variable changes the config: a typo in the list would leave one that does not.
    const source = fs.readFileSync(new URL('./env.ts', import.meta.url), 'utf8');
    const schemaBlock = source.slice(
      source.indexOf('const schema = z.object({'),
      source.indexOf('type Env ='),
    );
    const read = [...schemaBlock.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]);
    expect([...names].sort()).toEqual([...read].sort());
  });
});

describe('testServices', () => {
  const url = 'postgres://postgres@127.0.0.1:5432/x';

  it('runs the database tests on both databases unless TEST_DATABASES says PostgreSQL', () => {
    expect(testServices({ DATABASE_URL: url }).postgresOnly).toBe(false);
    expect(testServices({ DATABASE_URL: url, TEST_DATABASES: 'PostgreSQL' }).postgresOnly).toBe(true);
  });

  it('refuses PostgreSQL alone without a PostgreSQL to run on, and an unknown value', () => {
    expect(() => testServices({ TEST_DATABASES: 'PostgreSQL' })).toThrow(/needs DATABASE_URL/);
    expect(() => testServices({ DATABASE_URL: 'memory://', TEST_DATABASES: 'PostgreSQL' })).toThrow(
      /needs DATABASE_URL/,
    );
    expect(() => testServices({ DATABASE_URL: url, TEST_DATABASES: 'PGlite' })).toThrow(/only PostgreSQL/);
  });
});
