/**
 * The process logger. Secrets and credentials are redacted wherever they appear in a logged object,
 * and request bodies are never logged (they carry health information and passwords).
 */
import { pino } from 'pino';
import type { DestinationStream, Logger } from 'pino';

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
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: redactPaths, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}
