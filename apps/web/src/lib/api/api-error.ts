import { errorCodes, type ErrorResponse } from '@dermis/contract';
import { isErrorResponse } from 'virtual:compiled-validators';
import { t } from '../i18n';

type ValidationMessage = NonNullable<ErrorResponse['validationMessages']>[number];

export const networkErrorCode = 'NETWORK_ERROR';
export const invalidResponseCode = 'INVALID_RESPONSE';

/**
 * Statuses that mean "the service is briefly away", not "your request was wrong": the server's 503
 * during an outage (decision 173), and a proxy's 502/503/504 when no instance answers, which carry no
 * JSON. Each becomes the one SERVICE_UNAVAILABLE error with the catalog's message.
 */
const unavailableStatuses = new Set([502, 503, 504]);

/** A failed call, carrying the server's {error, message, validationMessages} when it sent them. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly validationMessages: ValidationMessage[];

  constructor(status: number, code: string, message: string, validationMessages: ValidationMessage[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.validationMessages = validationMessages;
  }

  /** Spec 000 §8: when the server lists validation messages, their descriptions are shown instead. */
  get displayMessage(): string {
    if (this.validationMessages.length > 0) {
      return this.validationMessages.map((m) => m.description).join(' ');
    }
    return this.message || t('error.generic');
  }

  static fromBody(status: number, body: unknown): ApiError {
    if (unavailableStatuses.has(status))
      return new ApiError(status, errorCodes.serviceUnavailable, t('error.serviceUnavailable'));
    const parsed = isErrorResponse(body);
    if (parsed) return new ApiError(status, parsed.error, parsed.message, parsed.validationMessages);
    return new ApiError(status, `HTTP_${status}`, '');
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The database, Redis, the blob store or the whole server was away: the same request works later. */
export function isServiceUnavailable(error: unknown): error is ApiError {
  return isApiError(error) && error.code === errorCodes.serviceUnavailable;
}
