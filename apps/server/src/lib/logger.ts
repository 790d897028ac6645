/**
 * The process logger. Secrets and credentials are redacted wherever they appear in a logged object,
 * request bodies are never logged (they carry health information and passwords), a request is
 * logged by its redacted address (lib/log-redaction), an error by what lib/safe-error keeps, and
 * every message string is scrubbed of addresses, e-mail addresses and tokens.
 */
import { pino } from 'pino';
import type { DestinationStream, Logger, LoggerOptions } from 'pino';
import { redactUrl, scrubText } from './log-redaction';
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
];

export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'req.headers.confirmationtoken',
  'res.headers["set-cookie"]',
  ...secretFields,
  ...secretFields.map((f) => `*.${f}`),
  ...secretFields.map((f) => `*.*.${f}`),
];

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
  redact: { paths: redactPaths, censor: '[redacted]' },
  serializers: { req: serializeRequest, err: safeError },
  hooks: {
    // Message strings (Fastify's own included) can quote an address or an error's message.
    logMethod(args, method) {
      const scrubbed = args.map((arg: unknown) => (typeof arg === 'string' ? scrubText(arg) : arg));
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
