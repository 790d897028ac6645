import { z } from 'zod';

/** Every failure answer of every API has this shape. `message` is the English catalog text. */
export const validationMessage = z.object({ field: z.string(), description: z.string() });

export const errorResponse = z.object({
  error: z.string(),
  message: z.string(),
  validationMessages: z.array(validationMessage).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const errorCodes = {
  badCredentials: 'BAD_CREDENTIALS',
  tooManyAttempts: 'TOO_MANY_ATTEMPTS',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  validation: 'VALIDATION_ERROR',
  conflict: 'CONFLICT',
  internal: 'INTERNAL_ERROR',
  /** The temporary token of a two-step sign-in expired or was spent: start the sign-in again. */
  signInTimedOut: 'SIGN_IN_TIMED_OUT',
  /** A right authenticator code already used (e.g. to finish set-up): wait for the next one. */
  codeAlreadyUsed: 'OTP_CODE_USED',
} as const;
