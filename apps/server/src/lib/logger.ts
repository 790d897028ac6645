/**
 * The process logger. Secrets and credentials are redacted wherever they appear in a logged object,
 * request bodies are never logged (they carry health information and passwords), a request is
 * logged by its redacted address (lib/log-redaction), an error by what lib/safe-error keeps, and
 * every message string is scrubbed of addresses, e-mail addresses and tokens.
 */
import { pino } from 'pino';
import type { DestinationStream, Logger, LoggerOptions } from 'pino';
import { masked, redactUrl, scrubText } from './log-redaction';
import { safeError } from './safe-error';

const secretFields = [
  'password',
  'newPassword',
  'oldPassword',
  'confirmNewPassword',
  'otpCode',
  'token',
  'refreshToken',
  'accessToken',
  'tempToken',
  'apiKey',
  // Two-step verification: authenticator secrets and password confirmations (codes are otpCode).
  'secret',
  'confirmationToken',
  // OAuth 2.0 (health apps): the grant's secrets as oidc-provider and RFC 6749 name them.
  'code_verifier',
  'access_token',
  'refresh_token',
  'id_token',
  'client_secret',
  'clientSecret',
  'client_assertion',
  'inviteCode',
];

/**
 * What pino itself masks: headers, and secret fields at the top of a logged object. Secret fields
 * deeper down are masked by `maskSecrets` in the logMethod hook instead of pino's wildcard paths
 * (`*.password`): pino applies wildcard paths to the bindings of every child logger, and Fastify
 * makes one for every request, about 6 µs each whether or not anything is logged
 * (docs/decisions/045). The hook runs only for lines that are written.
 */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'req.headers.dpop',
  'res.headers.location',
  'req.headers.confirmationtoken',
  'res.headers["set-cookie"]',
  ...secretFields,
];

const secretFieldNames = new Set(secretFields);

/**
 * A copy of a plain object or array in which every secret field, at any depth, is masked. Other
 * objects (errors, requests, buffers) are left to their serializers; a cycle is left to pino.
 */
export function maskSecrets(value: unknown, seen = new WeakSet<object>()): unknown {
  if (typeof value !== 'object' || value === null || seen.has(value)) return value;
  if (Array.isArray(value)) {
    seen.add(value);
    return value.map((item) => maskSecrets(item, seen));
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  seen.add(value);
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value))
    copy[key] = secretFieldNames.has(key) ? masked : maskSecrets(field, seen);
  return copy;
}

/** `destination` exists for tests; the default is standard output. */
/** A request as Fastify hands it to the `req` serializer (its own request object, or a raw one). */
interface LoggedRequest {
  method?: string;
  url?: string;
  ip?: string;
  routeOptions?: { url?: string };
  socket?: { remoteAddress?: string };
}

export function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? redactUrl(req.url) : undefined,
    // The route pattern (/api/app/patient/getDermisPatientById/_rid/:id) names the call without values.
    route: req.routeOptions?.url,
    remoteAddress: req.ip ?? req.socket?.remoteAddress,
  };
}

export const loggerOptions = (level: string): LoggerOptions => ({
  level,
  redact: { paths: redactPaths, censor: masked },
  serializers: { req: serializeRequest, err: safeError },
  hooks: {
    // Message strings (Fastify's own included) can quote an address or an error's message.
    logMethod(args, method) {
      const scrubbed = args.map((arg: unknown) =>
        typeof arg === 'string' ? scrubText(arg) : maskSecrets(arg),
      );
      // An Error passed first is logged as `err`: route it through the serializer too.
      if (scrubbed[0] instanceof Error) scrubbed[0] = { err: scrubbed[0] };
      method.apply(this, scrubbed as Parameters<typeof method>);
    },
  },
});

/** `destination` exists for tests; the default is standard output. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = loggerOptions(level);
  return destination ? pino(options, destination) : pino(options);
}
