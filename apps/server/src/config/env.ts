/**
 * The only reader of process.env. Every setting is validated here once, at start, so a bad value
 * stops the process with a message naming the variable instead of failing later in a request.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isIanaTimeZone } from '@dermis/contract';
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
  /**
   * Development only, off by default: the menu links into the set-up flows (first-time login,
   * screening) for whoever builds them. The quick start runs in development, so patients of a
   * server started that way would otherwise see them.
   */
  developmentMenu: boolean;
  webDist: string;
  appServerUrl: string;
  /** Passed to Fastify: false, true, a hop count, or a comma-separated list of proxy addresses. */
  trustProxy: boolean | number | string;
  /** The bearer token a Prometheus scrape of /metrics must send; null: the endpoint is not served. */
  metricsToken: string | null;
  appVersion: string;
  /** SMTP server for outgoing mail; null keeps mail in the database outbox (/dev/mailbox). */
  smtpUrl: string | null;
  mailFrom: string;
  /** Base address of the portal as patients reach it; every link in an e-mail starts with it. */
  publicUrl: string;
  /**
   * Base URL of the practice's FHIR server, shown to patients with their invite code. Null when
   * neither FHIR_BASE_URL nor PUBLIC_URL is set: then it is the portal's own address as the patient's
   * browser reached it, followed by /fhir/r4.
   */
  fhirBaseUrl: string | null;
  /**
   * The practice that health apps registering themselves (RFC 7591, `/oauth2/register`) join; null:
   * dynamic registration is off and only the practice registers apps (decision 214).
   */
  healthAppsDynamicRegistrationPracticeId: number | null;
  /** Token endpoint requests a minute, counted per client and per address apart (decision 214). */
  healthAppsTokenRequestsPerMinute: number;
  /** Where avatars and documents are kept: a local folder, or an S3-compatible bucket when S3_BUCKET is set. */
  blobStore: BlobStoreTarget;
  /** Lifetime of a signed upload or download address, in seconds. */
  blobUrlTtlSeconds: number;
  /**
   * Map tile server for the pharmacies map, e.g. https://tile.example.org/{z}/{x}/{y}.png; null draws
   * the bundled US boundaries only and the page makes no request outside the portal (decision 088).
   */
  mapTileUrl: string | null;
  /** Attribution the tile server or file asks for (HTML allowed), shown in the map's corner. */
  mapTileAttribution: string | null;
  /**
   * A PMTiles archive (Protomaps basemap) on this server's disk that the pharmacies map draws instead
   * of the bundled data; the portal itself serves it, so no tile server is needed (decision 182).
   */
  mapPmtilesFile: string | null;
  /**
   * How often each instance looks for a due reminder pass, in seconds; 0 starts no poller (the
   * default in tests; `dermis reminders:run` still runs a pass). The schedule itself is in the
   * database (decision 107).
   */
  reminderIntervalSeconds: number;
  /** An appointment reminder goes out once the visit is at most this many hours away (decision 108). */
  reminderAppointmentLeadHours: number;
  /** IANA time zone in which reminder e-mails state visit times, e.g. America/New_York. */
  reminderTimeZone: string;
  /** Patient sends (messages, e-mails, transmissions) allowed per account and per practice per UTC day. */
  sendLimitPerAccount: number;
  sendLimitPerPractice: number;
  /** The practice's HISP for Direct messages to other domains (authenticated SMTP); null: local delivery only. */
  directSmtpUrl: string | null;
  /** The sender address of DSN-style notices is the HISP's; the listener accepts mail from the HISP only. */
  directInbound: DirectInboundConfig | null;
}

/** The SMTP listener the HISP delivers inbound Direct messages (and delivery-failure notices) to. */
export interface DirectInboundConfig {
  host: string;
  port: number;
  username: string;
  password: string;
  maxBytes: number;
  /** PEM certificate and key for STARTTLS; without them AUTH is allowed in clear (not in production). */
  tls: { cert: string; key: string } | null;
}

export type BlobStoreTarget =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      /** Null: AWS itself. */
      endpoint: string | null;
      accessKeyId: string | null;
      secretAccessKey: string | null;
      forcePathStyle: boolean;
    };

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
    name: 'DEV_MENU',
    default: 'false',
    description:
      'Development only: show the development menu links (first-time login, screening) in the profile menu.',
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
    name: 'METRICS_TOKEN',
    default: '(unset: no /metrics)',
    description:
      'Bearer token (16+ characters) that Prometheus sends to scrape GET /metrics; without it the endpoint does not exist.',
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
    name: 'FHIR_BASE_URL',
    default: 'PUBLIC_URL/fhir/r4 (without PUBLIC_URL: the address the patient opened the portal at)',
    description:
      'Base URL of the FHIR server patients give their health apps with their invite code; the FHIR API is served at its path (default `/fhir/r4`).',
  },
  {
    name: 'HEALTH_APPS_DYNAMIC_REGISTRATION_PRACTICE',
    default: '(unset: dynamic registration is off)',
    description:
      'Practice id that health apps registering themselves at /oauth2/register (RFC 7591) join; unset, only the practice registers apps.',
  },
  {
    name: 'HEALTH_APPS_TOKEN_REQUESTS_PER_MINUTE',
    default: '60',
    description: 'Requests to /oauth2/token a minute, per app and per address apart; more answer 429.',
  },
  {
    name: 'BLOB_DIR',
    default: 'DATA_DIR/blobs (a temporary folder with DATABASE_URL=memory://)',
    description: 'Folder for avatars and documents when no S3 bucket is configured.',
  },
  {
    name: 'BLOB_URL_TTL_SECONDS',
    default: '300',
    description: 'Lifetime of a signed upload or download address (avatars, documents).',
  },
  {
    name: 'S3_BUCKET',
    default: '(unset: local folder BLOB_DIR)',
    description:
      'Keep avatars and documents in this S3 bucket (any S3-compatible store) instead of BLOB_DIR.',
  },
  {
    name: 'S3_ENDPOINT',
    default: '(unset: AWS)',
    description: 'URL of an S3-compatible store, e.g. https://minio.example.org:9000.',
  },
  { name: 'S3_REGION', default: 'us-east-1', description: 'Region of the bucket.' },
  {
    name: 'S3_ACCESS_KEY_ID',
    default: '(unset: the AWS default credential chain)',
    description: 'Access key of the bucket; set together with S3_SECRET_ACCESS_KEY.',
  },
  { name: 'S3_SECRET_ACCESS_KEY', default: '(unset)', description: 'Secret key of the bucket.' },
  {
    name: 'S3_FORCE_PATH_STYLE',
    default: 'true when S3_ENDPOINT is set, else false',
    description:
      'Address the bucket as ENDPOINT/bucket (most S3-compatible stores) rather than bucket.ENDPOINT.',
  },
  {
    name: 'MAP_TILE_URL',
    default: '(unset: bundled US boundaries only, no outside request)',
    description:
      'Tile server of the pharmacies map, e.g. https://tile.example.org/{z}/{x}/{y}.png ({s} for subdomains); its origin is added to the CSP.',
  },
  {
    name: 'MAP_TILE_ATTRIBUTION',
    default: '(unset)',
    description:
      'Attribution the tile server or PMTiles file requires, shown on the map (HTML links allowed).',
  },
  {
    name: 'MAP_PMTILES_FILE',
    default: '(unset: bundled US map data)',
    description:
      'Path of a PMTiles (version 3) file with a Protomaps basemap; the portal serves it to the pharmacies map itself, no tile server needed. Not together with MAP_TILE_URL.',
  },
  {
    name: 'REMINDER_INTERVAL_SECONDS',
    default: '300 (0 in test)',
    description:
      'How often each instance checks for a due reminder pass (appointment and follow-up reminder e-mails); 0 turns the poller off.',
  },
  {
    name: 'REMINDER_APPOINTMENT_LEAD_HOURS',
    default: '48',
    description: 'An appointment reminder e-mail is sent once the visit is at most this many hours away.',
  },
  {
    name: 'REMINDER_TIME_ZONE',
    default: 'America/New_York',
    description:
      'IANA time zone in which reminder e-mails state the time of a visit and count follow-up days, for practices without a time zone of their own.',
  },
  {
    name: 'SEND_LIMIT_PER_ACCOUNT',
    default: '50',
    description:
      'Messages, e-mails and health-summary transmissions one account may send per UTC day (429 beyond); counted in Redis when REDIS_URL is set.',
  },
  {
    name: 'SEND_LIMIT_PER_PRACTICE',
    default: '2000',
    description:
      'Sends all accounts of one practice may make per UTC day, so the portal cannot be used as a spam relay.',
  },
  {
    name: 'DIRECT_SMTP_URL',
    default: "(unset: Direct only between this portal's addresses)",
    description:
      "The practice's HISP for outbound Direct messages, authenticated SMTP, e.g. smtps://user:pass@hisp.example.org:465; the HISP signs and encrypts (S/MIME).",
  },
  {
    name: 'DIRECT_INBOUND_PORT',
    default: '(unset: no listener)',
    description:
      'Start an SMTP listener on this port for Direct messages and delivery-failure notices from the HISP; needs DIRECT_INBOUND_USERNAME and DIRECT_INBOUND_PASSWORD.',
  },
  {
    name: 'DIRECT_INBOUND_HOST',
    default: 'HOST',
    description: 'Address the inbound Direct listener binds to.',
  },
  {
    name: 'DIRECT_INBOUND_USERNAME',
    default: '(unset)',
    description: 'User name the HISP authenticates with (SMTP AUTH) when delivering to the listener.',
  },
  {
    name: 'DIRECT_INBOUND_PASSWORD',
    default: '(unset)',
    description: 'Password the HISP authenticates with; at least 16 characters.',
  },
  {
    name: 'DIRECT_INBOUND_MAX_BYTES',
    default: '26214400',
    description: 'Largest inbound Direct message accepted (25 MB); larger ones are refused with 552.',
  },
  {
    name: 'DIRECT_INBOUND_TLS_CERT',
    default: '(unset)',
    description:
      'PEM certificate file for STARTTLS on the listener (with DIRECT_INBOUND_TLS_KEY); required in production, where AUTH in clear is refused.',
  },
  {
    name: 'DIRECT_INBOUND_TLS_KEY',
    default: '(unset)',
    description: 'PEM private-key file of DIRECT_INBOUND_TLS_CERT.',
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
  DEV_MENU: booleanText.default(false),
  WEB_DIST: z.string().default('apps/web/dist'),
  APP_SERVER_URL: z.string().min(1).default('/api/app'),
  TRUST_PROXY: trustProxyText.default(false),
  METRICS_TOKEN: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
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
  FHIR_BASE_URL: z
    .string()
    .regex(/^https?:\/\/[^\s]+[^/\s]$/, { message: 'must be an http(s) URL without a trailing slash' })
    .optional(),
  HEALTH_APPS_DYNAMIC_REGISTRATION_PRACTICE: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  HEALTH_APPS_TOKEN_REQUESTS_PER_MINUTE: integer(60, 1, 100_000),
  BLOB_DIR: z.string().optional(),
  BLOB_URL_TTL_SECONDS: integer(300, 10, 86_400),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      message: 'must be a bucket name (3-63 lower-case letters, digits, . and -)',
    })
    .optional(),
  S3_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^/\s]+\/?$/, { message: 'must be http(s)://host[:port]' })
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,32}$/, { message: 'must be a region name such as us-east-1' })
    .default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanText.optional(),
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/[^/\s?#]+\/\S*\{z\}\S*$/, {
      message: 'must be an http(s):// tile address containing {z}, {x} and {y}',
    })
    .refine((v) => v.includes('{x}') && v.includes('{y}'), {
      message: 'must be an http(s):// tile address containing {z}, {x} and {y}',
    })
    .optional(),
  MAP_TILE_ATTRIBUTION: z.string().max(500).optional(),
  MAP_PMTILES_FILE: z.string().min(1).optional(),
  REMINDER_INTERVAL_SECONDS: z
    .string()
    .regex(/^\d+$/, { message: 'must be a whole number between 0 and 86400' })
    .transform(Number)
    .pipe(z.number().int().min(0).max(86_400, { message: 'must be at most 86400' }))
    .optional(),
  REMINDER_APPOINTMENT_LEAD_HOURS: integer(48, 1, 336),
  REMINDER_TIME_ZONE: z
    .string()
    .refine(isIanaTimeZone, { message: 'must be an IANA time zone such as America/New_York' })
    .default('America/New_York'),
  SEND_LIMIT_PER_ACCOUNT: integer(50, 1, 1_000_000),
  SEND_LIMIT_PER_PRACTICE: integer(2000, 1, 100_000_000),
  DIRECT_SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^@\s]+@[^\s]+$/, {
      message: 'must be an smtp:// or smtps:// URL with the HISP credentials (smtps://user:pass@host:port)',
    })
    .optional(),
  DIRECT_INBOUND_PORT: z
    .string()
    .regex(/^\d{1,5}$/, { message: 'must be a port between 1 and 65535' })
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(1, { message: 'must be a port between 1 and 65535' })
        .max(65535, { message: 'must be a port between 1 and 65535' }),
    )
    .optional(),
  DIRECT_INBOUND_HOST: z.string().min(1).optional(),
  DIRECT_INBOUND_USERNAME: z.string().min(1).max(200).optional(),
  DIRECT_INBOUND_PASSWORD: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  DIRECT_INBOUND_MAX_BYTES: integer(26_214_400, 65_536, 1_073_741_824),
  DIRECT_INBOUND_TLS_CERT: z.string().min(1).optional(),
  DIRECT_INBOUND_TLS_KEY: z.string().min(1).optional(),
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

  const directInbound = directInboundOf(v);

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
    developmentMenu: v.NODE_ENV === 'development' && v.DEV_MENU,
    webDist: path.resolve(repoRoot, v.WEB_DIST),
    appServerUrl: v.APP_SERVER_URL,
    trustProxy: v.TRUST_PROXY,
    metricsToken: v.METRICS_TOKEN ?? null,
    appVersion: v.APP_VERSION ?? rootPackageVersion(),
    smtpUrl: v.SMTP_URL ?? null,
    mailFrom: v.MAIL_FROM,
    publicUrl: v.PUBLIC_URL ?? `http://localhost:${v.PORT}`,
    fhirBaseUrl: v.FHIR_BASE_URL ?? (v.PUBLIC_URL ? `${v.PUBLIC_URL}/fhir/r4` : null),
    healthAppsDynamicRegistrationPracticeId: v.HEALTH_APPS_DYNAMIC_REGISTRATION_PRACTICE ?? null,
    healthAppsTokenRequestsPerMinute: v.HEALTH_APPS_TOKEN_REQUESTS_PER_MINUTE,
    blobStore: v.S3_BUCKET
      ? {
          kind: 's3',
          bucket: v.S3_BUCKET,
          region: v.S3_REGION,
          endpoint: v.S3_ENDPOINT?.replace(/\/$/, '') ?? null,
          accessKeyId: v.S3_ACCESS_KEY_ID ?? null,
          secretAccessKey: v.S3_SECRET_ACCESS_KEY ?? null,
          forcePathStyle: v.S3_FORCE_PATH_STYLE ?? v.S3_ENDPOINT !== undefined,
        }
      : {
          kind: 'local',
          // A throw-away database gets a throw-away blob folder, like its secret.
          dir: v.BLOB_DIR
            ? path.resolve(process.cwd(), v.BLOB_DIR)
            : database.kind === 'memory'
              ? path.join(os.tmpdir(), `dermis-blobs-${randomBytes(6).toString('hex')}`)
              : path.join(dataDir, 'blobs'),
        },
    blobUrlTtlSeconds: v.BLOB_URL_TTL_SECONDS,
    mapTileUrl: v.MAP_TILE_URL ?? null,
    mapTileAttribution: v.MAP_TILE_URL || v.MAP_PMTILES_FILE ? (v.MAP_TILE_ATTRIBUTION ?? null) : null,
    mapPmtilesFile: v.MAP_PMTILES_FILE ? pmtilesFile(v.MAP_PMTILES_FILE, v.MAP_TILE_URL) : null,
    // Tests drive reminder passes themselves; a poller would race them.
    reminderIntervalSeconds: v.REMINDER_INTERVAL_SECONDS ?? (v.NODE_ENV === 'test' ? 0 : 300),
    reminderAppointmentLeadHours: v.REMINDER_APPOINTMENT_LEAD_HOURS,
    reminderTimeZone: v.REMINDER_TIME_ZONE,
    sendLimitPerAccount: v.SEND_LIMIT_PER_ACCOUNT,
    sendLimitPerPractice: v.SEND_LIMIT_PER_PRACTICE,
    directSmtpUrl: v.DIRECT_SMTP_URL ?? null,
    directInbound,
  };
}

/** The inbound Direct listener's settings, all or nothing, TLS required in production. */
function directInboundOf(v: z.infer<typeof schema>): DirectInboundConfig | null {
  const fail = (line: string) => {
    throw new ConfigError(`Invalid configuration:\n  ${line}`);
  };
  if (v.DIRECT_INBOUND_PORT === undefined) return null;
  if (!v.DIRECT_INBOUND_USERNAME || !v.DIRECT_INBOUND_PASSWORD)
    fail(
      'DIRECT_INBOUND_PORT: needs DIRECT_INBOUND_USERNAME and DIRECT_INBOUND_PASSWORD (the HISP must authenticate)',
    );
  if (Boolean(v.DIRECT_INBOUND_TLS_CERT) !== Boolean(v.DIRECT_INBOUND_TLS_KEY))
    fail('DIRECT_INBOUND_TLS_CERT: set together with DIRECT_INBOUND_TLS_KEY');
  if (v.NODE_ENV === 'production' && !v.DIRECT_INBOUND_TLS_CERT)
    fail('DIRECT_INBOUND_TLS_CERT: is required in production (the HISP authenticates and sends health data)');
  let tls: DirectInboundConfig['tls'] = null;
  if (v.DIRECT_INBOUND_TLS_CERT && v.DIRECT_INBOUND_TLS_KEY) {
    try {
      tls = {
        cert: fs.readFileSync(path.resolve(process.cwd(), v.DIRECT_INBOUND_TLS_CERT), 'utf8'),
        key: fs.readFileSync(path.resolve(process.cwd(), v.DIRECT_INBOUND_TLS_KEY), 'utf8'),
      };
    } catch {
      fail('DIRECT_INBOUND_TLS_CERT: the certificate or key file cannot be read');
    }
  }
  return {
    host: v.DIRECT_INBOUND_HOST ?? v.HOST,
    port: v.DIRECT_INBOUND_PORT,
    username: v.DIRECT_INBOUND_USERNAME!,
    password: v.DIRECT_INBOUND_PASSWORD!,
    maxBytes: v.DIRECT_INBOUND_MAX_BYTES,
    tls,
  };
}

/**
 * MAP_PMTILES_FILE as an absolute path, once it is known to be a readable PMTiles version 3 archive
 * (its first bytes are "PMTiles" and 3): a wrong path must stop the start, not blank the map later.
 */
function pmtilesFile(file: string, tileUrl: string | undefined): string {
  if (tileUrl)
    throw new ConfigError('MAP_PMTILES_FILE: set either MAP_TILE_URL or MAP_PMTILES_FILE, not both');
  const absolute = path.resolve(process.cwd(), file);
  const head = Buffer.alloc(8);
  try {
    const fd = fs.openSync(absolute, 'r');
    try {
      fs.readSync(fd, head, 0, 8, 0);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    throw new ConfigError(`MAP_PMTILES_FILE: ${absolute} cannot be read`);
  }
  if (head.subarray(0, 7).toString('latin1') !== 'PMTiles' || head[7] !== 3) {
    throw new ConfigError(`MAP_PMTILES_FILE: ${absolute} is not a PMTiles version 3 file`);
  }
  return absolute;
}

/**
 * The CSP source that admits a tile address: its scheme and host, with a `{s}` subdomain placeholder
 * as a wildcard (https://{s}.tile.example.org/... gives https://*.tile.example.org).
 */
export function tileCspSource(tileUrl: string): string {
  const match = /^(https?:\/\/)([^/]+)/.exec(tileUrl);
  if (!match) throw new ConfigError(`MAP_TILE_URL: not an http(s) address (got ${tileUrl})`);
  const host = match[2]!.replace(/\{s\}/g, '*').replace(/\{[a-z]+\}/g, '*');
  return `${match[1]}${host}`;
}

/**
 * Test-only settings: which real services the test run may use. Read here so that this file stays
 * the only reader of process.env.
 */
export function testServices(env: Env = process.env): {
  databaseUrl: string | null;
  redisUrl: string | null;
  fuzzRuns: number;
  /** TEST_DATABASES=PostgreSQL: the tests registered for each database run on PostgreSQL alone. */
  postgresOnly: boolean;
} {
  const databaseUrl =
    env.DATABASE_URL && /^postgres(ql)?:\/\//.test(env.DATABASE_URL) ? env.DATABASE_URL : null;
  const fuzzRuns = /^\d+$/.test(env.FUZZ_RUNS ?? '') ? Math.max(1, Number(env.FUZZ_RUNS)) : 10;
  if (env.TEST_DATABASES !== undefined && env.TEST_DATABASES !== 'PostgreSQL')
    throw new Error(`TEST_DATABASES: only PostgreSQL is known, not ${JSON.stringify(env.TEST_DATABASES)}`);
  const postgresOnly = env.TEST_DATABASES === 'PostgreSQL';
  if (postgresOnly && !databaseUrl)
    throw new Error('TEST_DATABASES=PostgreSQL needs DATABASE_URL=postgres://… to run those tests anywhere');
  return { databaseUrl, redisUrl: env.REDIS_URL || null, fuzzRuns, postgresOnly };
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
