// Constants without zod: the web's entry chunk imports them, and a module that builds zod schemas
// at load would bring zod (about 24 kB gzip) to /login with them (decision 049).

/** Business constants of spec 000 §9. */
export const limits = {
  usernameMin: 3,
  usernameMax: 35,
  passwordMin: 8,
  emailMax: 255,
  otpLength: 6,
  transientMessageMs: 10_000,
} as const;

export const defaults = {
  clientVersion: '1.8.0',
  application: 'PATIENT_PORTAL',
  /** Spec 000 §9: the hidden time-zone field sends this fixed value. */
  timeZoneId: 'Europe/Berlin',
  locale: 'en',
} as const;

/** The `error` codes of the failure answers (errors.ts). */
export const errorCodes = {
  badCredentials: 'BAD_CREDENTIALS',
  tooManyAttempts: 'TOO_MANY_ATTEMPTS',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  validation: 'VALIDATION_ERROR',
  conflict: 'CONFLICT',
  internal: 'INTERNAL_ERROR',
  /** The database, Redis or the blob store is down: 503 with Retry-After; the same request works later. */
  serviceUnavailable: 'SERVICE_UNAVAILABLE',
  /** The temporary token of a two-step sign-in expired or was spent: start the sign-in again. */
  signInTimedOut: 'SIGN_IN_TIMED_OUT',
  /** A right authenticator code already used (e.g. to finish set-up): wait for the next one. */
  codeAlreadyUsed: 'OTP_CODE_USED',
} as const;
