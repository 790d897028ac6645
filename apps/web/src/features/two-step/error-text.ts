import { errorCodes } from '@dermis/contract';
import { isApiError } from '../../lib/api';
import { t, type MessageKey } from '../../lib/i18n';

/**
 * Spec 000 §8 two-step failures: the call's own text ('Failed!' by default), or the server's
 * validation messages joined when it sent some.
 */
export function twoStepErrorText(error: unknown, key: MessageKey = 'twoStep.error.failed'): string {
  if (isApiError(error) && error.validationMessages.length > 0) {
    return error.validationMessages.map((m) => m.description).join(' ');
  }
  return t(key);
}

/** The first step's temporary token expired or was spent: only a new sign-in helps. */
export function isSignInTimedOut(error: unknown): boolean {
  return isApiError(error) && error.code === errorCodes.signInTimedOut;
}

export function isCodeAlreadyUsed(error: unknown): boolean {
  return isApiError(error) && error.code === errorCodes.codeAlreadyUsed;
}

export function isInvalidOtp(error: unknown): boolean {
  return isApiError(error) && error.code === 'INVALID_OTP_CODE';
}
