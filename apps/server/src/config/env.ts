/**
 * The only reader of process.env. Every setting is validated here once, at start, so a bad value
 * stops the process with a message naming the variable instead of failing later in a request.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { repoRoot } from './paths';

export { repoRoot };

export type Environment = 'development' | 'test' | 'production';

export type DatabaseTarget =
  { kind: 'pglite'; dir: string } | { kind: 'memory' } | { kind: 'postgres'; url: string };

export interface Config {
  environment: Environment;
  host: string;
  port: number;
  dataDir: string;
  database: DatabaseTarget;
  redisUrl: string | null;
  /** Put before every Redis key, so deployments and test runs sharing one Redis never meet. */
  redisKeyPrefix: string;
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  tempTokenTtlSeconds: number;
  /** Absolute lifetime of a sign-in, from the password (or code) to the last refresh. */
  sessionMaxLifetimeSeconds: number;
  /** Lifetime of an account-creation link sent by clinic staff, in hours. */
  accountInvitationTtlHours: number;
  /** Lifetime of an e-mail-verification link, in hours. */
  emailVerificationTtlHours: number;
  /** Lifetime of a password-reset link, in minutes. */
  resetPasswordTtlMinutes: number;
  /** Minutes an e-mailed two-step code stays valid. */
  mfaEmailCodeTtlMinutes: number;
  loginMaxFailuresPerUsername: number;
  loginMaxFailuresPerAddress: number;
  /** Failed sign-ins from a browser that signed in before (device cookie), per window. */
  loginMaxFailuresPerDevice: number;
  loginThrottleWindowSeconds: number;
  logLevel: string;
  seedDemo: boolean;
  /** Production only: start although the demo accounts exist (a public demonstration site). */
  allowDemoAccounts: boolean;
  webDist: string;
  appServerUrl: string;
  /** Passed to Fastify: false, true, a hop count, or a comma-separated list of proxy addresses. */
  trustProxy: boolean | number | string;
  appVersion: string;
  /** SMTP server for outgoing mail; null keeps mail in the database outbox (/dev/mailbox). */
  smtpUrl: string | null;
  mailFrom: string;
  /** Base address of the portal as patients reach it; every link in an e-mail starts with it. */
  publicUrl: string;
}

export interface ConfigDoc {
  name: string;
  default: string;
  description: string;
}

/** The documented variables; the README's table is checked against this list. */
export const configDocs: readonly ConfigDoc[] = [
  { name: 'NODE_ENV', default: 'development', description: 'development, test or production.' },
  { name: 'HOST', default: '127.0.0.1', description: 'Address to listen on (0.0.0.0 in a container).' },
  { name: 'PORT', default: '8080', description: 'TCP port to listen on.' },
  {
    name: 'DATA_DIR',
    default: './data',
    description:
      'Folder for the embedded database and the generated JWT secret (relative to the working directory).',
  },
  {
    name: 'DATABASE_URL',
    default: '(unset: PGlite in DATA_DIR/db)',
    description: 'PostgreSQL connection URL; memory:// gives a throw-away in-memory PGlite (tests).',
  },
  {
    name: 'REDIS_URL',
    default: '(unset: in-process)',
    description: 'Redis URL for sign-in throttling shared by all instances.',
  },
  {
    name: 'REDIS_KEY_PREFIX',
    default: 'dermis:',
    description: 'Put before every Redis key; give each deployment (and test run) sharing one Redis its own.',
  },
  {
    name: 'JWT_SECRET',
    default: '(unset: generated into DATA_DIR/jwt-secret)',
    description: 'HS256 signing secret, at least 32 characters. Required in production.',
  },
  { name: 'ACCESS_TOKEN_TTL_SECONDS', default: '300', description: 'Lifetime of an access token.' },
  {
    name: 'REFRESH_TOKEN_TTL_SECONDS',
    default: '28800',
    description: 'Lifetime of a refresh token; each refresh issues a new one.',
  },
  {
    name: 'TEMP_TOKEN_TTL_SECONDS',
    default: '600',
    description: 'Lifetime of the temporary token of a two-step sign-in.',
  },
  {
    name: 'SESSION_MAX_LIFETIME_SECONDS',
    default: '43200',
    description: 'Absolute lifetime of a sign-in (12 h): refreshing never carries a session past it.',
  },
  {
    name: 'ACCOUNT_INVITATION_TTL_HOURS',
    default: '168',
    description: 'Lifetime of an account-creation link sent by clinic staff, in hours (7 days).',
  },
  {
    name: 'EMAIL_VERIFICATION_TTL_HOURS',
    default: '72',
    description: 'Lifetime of an e-mail-verification link, in hours (3 days).',
  },
  {
    name: 'RESET_PASSWORD_TTL_MINUTES',
    default: '60',
    description: 'Lifetime of a password-reset link sent by e-mail, in minutes.',
  },
  {
    name: 'MFA_EMAIL_CODE_TTL_MINUTES',
    default: '10',
    description: 'Minutes an e-mailed two-step verification code stays valid.',
  },
  {
    name: 'LOGIN_MAX_FAILURES_PER_USERNAME',
    default: '5',
    description: 'Failed sign-ins per username within the window before 429.',
  },
  {
    name: 'LOGIN_MAX_FAILURES_PER_ADDRESS',
    default: '20',
    description: 'Failed sign-ins per client address within the window before 429.',
  },
  {
    name: 'LOGIN_MAX_FAILURES_PER_DEVICE',
    default: '10',
    description:
      'Failed sign-ins within the window from a browser that signed in to the account before (device cookie).',
  },
  {
    name: 'LOGIN_THROTTLE_WINDOW_SECONDS',
    default: '900',
    description: 'Window in which failed sign-ins are counted.',
  },
  {
    name: 'LOG_LEVEL',
    default: 'info',
    description: 'pino level: fatal, error, warn, info, debug, trace or silent.',
  },
  {
    name: 'SEED_DEMO',
    default: 'true (false in production)',
    description: 'Seed the demo practice and accounts when the database has no practice.',
  },
  {
    name: 'ALLOW_DEMO_ACCOUNTS',
    default: 'false',
    description:
      'Production only: start although the demo accounts (known passwords) exist, e.g. a public demonstration site. Without it a production start with demo accounts refuses.',
  },
  {
    name: 'WEB_DIST',
    default: 'apps/web/dist',
    description: 'Built web app to serve (relative to the repository root); skipped when missing.',
  },
  {
    name: 'APP_SERVER_URL',
    default: '/api/app',
    description: 'Application-server base URL answered by `servers` and at sign-in.',
  },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    description: 'Trust X-Forwarded-For: true, false, a hop count, or comma-separated proxy addresses.',
  },
  {
    name: 'SMTP_URL',
    default: '(unset: database outbox, readable at /dev/mailbox outside production)',
    description: 'smtp:// or smtps:// URL of the mail server, e.g. smtps://user:pass@smtp.example.org:465.',
  },
  {
    name: 'MAIL_FROM',
    default: 'Dermis <no-reply@localhost>',
    description: 'Sender of every e-mail.',
  },
  {
    name: 'PUBLIC_URL',
    default: 'http://localhost:PORT',
    description: 'Address patients use to reach the portal; links in e-mails start with it.',
  },
  {
    name: 'APP_VERSION',
    default: '(version in the root package.json)',
    description: 'Version shown in the footer and /api/config.',
  },
];

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

function integer(defaultValue: number, min: number, max = 2_147_483_647) {
  return z
    .string()
    .regex(/^\d+$/, { message: `must be a whole number between ${min} and ${max}` })
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(min, { message: `must be at least ${min}` })
        .max(max, { message: `must be at most ${max}` }),
    )
    .default(defaultValue);
}

const trustProxyText = z.string().transform((v): boolean | number | string => {
  if (/^(true|false)$/.test(v)) return v === 'true';
  if (/^\d+$/.test(v)) return Number(v);
  return v;
});

const schema = z.object({
  NODE_ENV: z
    .enum(['development', 'test', 'production'], { message: 'must be development, test or production' })
    .default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: integer(8080, 1, 65535),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .refine((v) => v === 'memory://' || /^postgres(ql)?:\/\//.test(v), {
      message: 'must be a postgres:// URL or memory://',
    })
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { message: 'must be a redis:// or rediss:// URL' })
    .optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:._-]{1,64}$/, { message: 'must be 1-64 letters, digits or : . _ -' })
    .default('dermis:'),
  JWT_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  ACCESS_TOKEN_TTL_SECONDS: integer(300, 10),
  REFRESH_TOKEN_TTL_SECONDS: integer(28_800, 60),
  TEMP_TOKEN_TTL_SECONDS: integer(600, 10),
  SESSION_MAX_LIFETIME_SECONDS: integer(43_200, 60),
  ACCOUNT_INVITATION_TTL_HOURS: integer(168, 1, 8760),
  EMAIL_VERIFICATION_TTL_HOURS: integer(72, 1, 8760),
  RESET_PASSWORD_TTL_MINUTES: integer(60, 1),
  MFA_EMAIL_CODE_TTL_MINUTES: integer(10, 1),
  LOGIN_MAX_FAILURES_PER_USERNAME: integer(5, 1),
  LOGIN_MAX_FAILURES_PER_ADDRESS: integer(20, 1),
  LOGIN_MAX_FAILURES_PER_DEVICE: integer(10, 1),
  LOGIN_THROTTLE_WINDOW_SECONDS: integer(900, 1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: booleanText.optional(),
  ALLOW_DEMO_ACCOUNTS: booleanText.default(false),
  WEB_DIST: z.string().default('apps/web/dist'),
  APP_SERVER_URL: z.string().min(1).default('/api/app'),
  TRUST_PROXY: trustProxyText.default(false),
  APP_VERSION: z.string().min(1).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { message: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Dermis <no-reply@localhost>'),
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^/]+$/, { message: 'must be http(s)://host[:port] without a trailing slash' })
    .optional(),
});

type Env = Record<string, string | undefined>;

/** Reads, validates and resolves the configuration. Throws ConfigError naming every bad variable. */
export function loadConfig(env: Env = process.env): Config {
  // An empty variable (common in compose files) means "unset".
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '?');
      return `  ${name}: ${issue.message} (got ${describeRejected(name, present[name])})`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const v = parsed.data;
  if (v.NODE_ENV === 'production' && !v.JWT_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  JWT_SECRET: is required in production (at least 32 random characters, e.g. `openssl rand -base64 48`)',
    );
  }

  if (v.NODE_ENV === 'production' && !v.SMTP_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  SMTP_URL: is required in production (patients must receive their e-mails)',
    );
  }

  // The demo accounts have published passwords: never on a production portal unless asked for by name.
  const seedDemo = v.SEED_DEMO ?? v.NODE_ENV !== 'production';
  if (v.NODE_ENV === 'production' && seedDemo && !v.ALLOW_DEMO_ACCOUNTS) {
    throw new ConfigError(
      'Invalid configuration:\n  SEED_DEMO: is true in production, which creates accounts whose passwords are published; set ALLOW_DEMO_ACCOUNTS=true too if this is a demonstration site',
    );
  }

  const dataDir = path.resolve(process.cwd(), v.DATA_DIR);
  const database: DatabaseTarget =
    v.DATABASE_URL === undefined
      ? { kind: 'pglite', dir: path.join(dataDir, 'db') }
      : v.DATABASE_URL === 'memory://'
        ? { kind: 'memory' }
        : { kind: 'postgres', url: v.DATABASE_URL };

  return {
    environment: v.NODE_ENV,
    host: v.HOST,
    port: v.PORT,
    dataDir,
    database,
    redisUrl: v.REDIS_URL ?? null,
    redisKeyPrefix: v.REDIS_KEY_PREFIX,
    // A throw-away database gets a throw-away secret; otherwise the secret must survive restarts.
    jwtSecret: v.JWT_SECRET ?? (database.kind === 'memory' ? randomSecret() : persistedSecret(dataDir)),
    accessTokenTtlSeconds: v.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: v.REFRESH_TOKEN_TTL_SECONDS,
    tempTokenTtlSeconds: v.TEMP_TOKEN_TTL_SECONDS,
    sessionMaxLifetimeSeconds: v.SESSION_MAX_LIFETIME_SECONDS,
    accountInvitationTtlHours: v.ACCOUNT_INVITATION_TTL_HOURS,
    emailVerificationTtlHours: v.EMAIL_VERIFICATION_TTL_HOURS,
    resetPasswordTtlMinutes: v.RESET_PASSWORD_TTL_MINUTES,
    mfaEmailCodeTtlMinutes: v.MFA_EMAIL_CODE_TTL_MINUTES,
    loginMaxFailuresPerUsername: v.LOGIN_MAX_FAILURES_PER_USERNAME,
    loginMaxFailuresPerAddress: v.LOGIN_MAX_FAILURES_PER_ADDRESS,
    loginMaxFailuresPerDevice: v.LOGIN_MAX_FAILURES_PER_DEVICE,
    loginThrottleWindowSeconds: v.LOGIN_THROTTLE_WINDOW_SECONDS,
    logLevel: v.LOG_LEVEL,
    seedDemo,
    allowDemoAccounts: v.ALLOW_DEMO_ACCOUNTS,
    webDist: path.resolve(repoRoot, v.WEB_DIST),
    appServerUrl: v.APP_SERVER_URL,
    trustProxy: v.TRUST_PROXY,
    appVersion: v.APP_VERSION ?? rootPackageVersion(),
    smtpUrl: v.SMTP_URL ?? null,
    mailFrom: v.MAIL_FROM,
    publicUrl: v.PUBLIC_URL ?? `http://localhost:${v.PORT}`,
  };
}

/**
 * Test-only settings: which real services the test run may use. Read here so that this file stays
 * the only reader of process.env.
 */
export function testServices(env: Env = process.env): {
  databaseUrl: string | null;
  redisUrl: string | null;
  fuzzRuns: number;
} {
  const databaseUrl =
    env.DATABASE_URL && /^postgres(ql)?:\/\//.test(env.DATABASE_URL) ? env.DATABASE_URL : null;
  const fuzzRuns = /^\d+$/.test(env.FUZZ_RUNS ?? '') ? Math.max(1, Number(env.FUZZ_RUNS)) : 10;
  return { databaseUrl, redisUrl: env.REDIS_URL || null, fuzzRuns };
}

/** Variables whose value is itself a secret: a rejected one is described, never echoed. */
const secretVariable = /SECRET|PASSWORD|TOKEN|API_KEY|PRIVATE/;

/**
 * A rejected value as the start-up message may show it. Secrets are described by their length only,
 * and the credentials of a URL (a password inside SMTP_URL, DATABASE_URL or REDIS_URL) are masked.
 */
export function describeRejected(name: string, value: string | undefined): string {
  if (value === undefined) return 'nothing';
  if (secretVariable.test(name)) return `a value of ${value.length} characters, not shown`;
  return JSON.stringify(value.replace(/\/\/[^/@\s]*@/, '//***@'));
}

function randomSecret(): string {
  return randomBytes(48).toString('base64url');
}

/** Development convenience: one secret per data folder, created on first start, readable only by us. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (fs.existsSync(file)) {
    const secret = fs.readFileSync(file, 'utf8').trim();
    if (secret.length < 32)
      throw new ConfigError(
        `Invalid configuration:\n  ${file} holds a secret shorter than 32 characters; delete it to generate a new one`,
      );
    return secret;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomSecret();
  try {
    fs.writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process (the CLI beside the server) created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return persistedSecret(dataDir);
    throw error;
  }
  return secret;
}

function rootPackageVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    version?: string;
  };
  return pkg.version ?? '0.0.0';
}
