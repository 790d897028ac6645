/** What each forgot/reset answer shows (spec 000 §4 and §8), kept apart from the forms so it is testable. */
import { forgotPasswordErrors, type ForgotPasswordResponse } from '@dermis/contract';
import type { Messages } from '../../components/message-banners';
import { isApiError, isServiceUnavailable, networkErrorCode } from '../../lib/api';
import { t, type MessageKey } from '../../lib/i18n';

const forgotErrorKeys: Record<string, MessageKey> = {
  [forgotPasswordErrors.noPatientForUsername]: 'forgotPassword.error.noPatientForUsername',
  [forgotPasswordErrors.patientInactiveOrDeceased]: 'forgotPassword.error.patientInactive',
  [forgotPasswordErrors.portalAccountInactive]: 'forgotPassword.error.portalAccountInactive',
  [forgotPasswordErrors.noEmailOnFile]: 'forgotPassword.error.noEmailOnFile',
  TOO_MANY_ATTEMPTS: 'forgotPassword.error.throttled',
};

export function forgotPasswordSuccess(response: ForgotPasswordResponse | undefined): Messages {
  return response?.resetPasswordToken
    ? { notifications: [t('forgotPassword.sent')] }
    : { errors: [t('forgotPassword.error.unexpected')] };
}

export function forgotPasswordFailure(error: unknown): Messages {
  if (isServiceUnavailable(error)) return { errors: [error.message] };
  if (!isApiError(error) || error.code === networkErrorCode)
    return { errors: [t('forgotPassword.error.network')] };
  if (error.code === forgotPasswordErrors.mailAlreadySent)
    return { warnings: [t('forgotPassword.error.mailAlreadySent')] };
  const key = forgotErrorKeys[error.code];
  if (key) return { errors: [t(key)] };
  // An answer without a token (or any other shape) is "unexpected"; a server failure is "went wrong".
  if (error.status >= 200 && error.status < 300) return { errors: [t('forgotPassword.error.unexpected')] };
  return { errors: [t('forgotPassword.error.network')] };
}
