/**
 * The errors handlers throw. The error handler turns each into the contract's errorResponse in the
 * caller's language (lib/i18n.ts), so handlers name a code and a message key, never an HTTP body.
 */
import { en, errorCodes, translate } from '@dermis/contract';
import type { Catalog, MessageKey } from '@dermis/contract';

type Params = Record<string, string | number>;
type ValidationMessages = { field: string; description: string }[];

/** The message (and field messages) of an error in another catalog than English. */
export type Localize = (catalog: Catalog) => { message: string; validationMessages?: ValidationMessages };

export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly validationMessages?: ValidationMessages,
    readonly localize?: Localize,
  ) {
    super(message);
  }

  /** The message and field messages in `catalog`; an error built from plain text keeps its text. */
  in(catalog: Catalog): { message: string; validationMessages?: ValidationMessages } {
    if (this.localize) return this.localize(catalog);
    return {
      message: this.message,
      ...(this.validationMessages ? { validationMessages: this.validationMessages } : {}),
    };
  }
}

/** An error whose message is a catalog text, answered in the caller's language. */
export function httpError(status: number, code: string, key: MessageKey, params?: Params): HttpError {
  return new HttpError(status, code, translate(key, params, en), undefined, (catalog) => ({
    message: translate(key, params, catalog),
  }));
}

export const badCredentials = () => httpError(401, errorCodes.badCredentials, 'login.error.badCredentials');
export const unauthorized = () => httpError(401, errorCodes.unauthorized, 'error.unauthorized');
export const forbidden = () => httpError(403, errorCodes.forbidden, 'error.forbidden');
export const tooManyAttempts = () => httpError(429, errorCodes.tooManyAttempts, 'login.error.throttled');
export const notFound = (key: MessageKey = 'error.notFound', params?: Params) =>
  httpError(404, errorCodes.notFound, key, params);

/** A 400 about one field, in the same shape as a schema validation failure. */
export function invalidField(field: string, key: MessageKey, params?: Params): HttpError {
  const localize: Localize = (catalog) => ({
    message: translate('error.validation', undefined, catalog),
    validationMessages: [{ field, description: translate(key, params, catalog) }],
  });
  const english = localize(en);
  return new HttpError(400, errorCodes.validation, english.message, english.validationMessages, localize);
}

/** A 400 with several field messages; `messagesIn` words them in another catalog. */
export function validationFailed(
  validationMessages: ValidationMessages,
  messagesIn?: (catalog: Catalog) => ValidationMessages,
): HttpError {
  return new HttpError(
    400,
    errorCodes.validation,
    translate('error.validation'),
    validationMessages,
    messagesIn
      ? (catalog) => ({
          message: translate('error.validation', undefined, catalog),
          validationMessages: messagesIn(catalog),
        })
      : undefined,
  );
}
