/**
 * The errors handlers throw. The error handler turns each into the contract's errorResponse with the
 * English catalog text, so handlers name a code and a message key, never an HTTP body.
 */
import { errorCodes, translate } from '@dermis/contract';
import type { MessageKey } from '@dermis/contract';

export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly validationMessages?: { field: string; description: string }[],
  ) {
    super(message);
  }
}

function fromKey(status: number, code: string, key: MessageKey, params?: Record<string, string | number>) {
  return new HttpError(status, code, translate(key, params));
}

export const badCredentials = () => fromKey(401, errorCodes.badCredentials, 'login.error.badCredentials');
export const unauthorized = () => fromKey(401, errorCodes.unauthorized, 'error.unauthorized');
export const forbidden = () => fromKey(403, errorCodes.forbidden, 'error.forbidden');
export const tooManyAttempts = () => fromKey(429, errorCodes.tooManyAttempts, 'login.error.throttled');
export const notFound = (key: MessageKey = 'error.notFound', params?: Record<string, string | number>) =>
  fromKey(404, errorCodes.notFound, key, params);

/** A 400 about one field, in the same shape as a schema validation failure. */
export function invalidField(
  field: string,
  key: MessageKey,
  params?: Record<string, string | number>,
): HttpError {
  return new HttpError(400, errorCodes.validation, translate('error.validation'), [
    { field, description: translate(key, params) },
  ]);
}

/** A 400 with several field messages (already translated). */
export function validationFailed(validationMessages: { field: string; description: string }[]): HttpError {
  return new HttpError(400, errorCodes.validation, translate('error.validation'), validationMessages);
}
