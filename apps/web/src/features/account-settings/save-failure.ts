/** Which text a failed save shows (spec 000 §8 "Account settings"). */
import { accountSettingsErrors } from '@dermis/contract';
import { isApiError, isServiceUnavailable } from '../../lib/api';
import { t } from '../../lib/i18n';

export function usernameSaveFailure(error: unknown): string {
  if (isServiceUnavailable(error)) return error.message;
  if (isApiError(error) && error.code === accountSettingsErrors.changeUsername)
    return t('accountSettings.usernameTaken');
  if (isApiError(error) && error.validationMessages.length > 0) return error.displayMessage;
  return t('accountSettings.saveFailed');
}

/** The server's message is shown as it is for CHANGE_PASSWORD_EXCEPTION (and the throttle's 429). */
export function passwordSaveFailure(error: unknown): string {
  if (isServiceUnavailable(error)) return error.message;
  if (
    isApiError(error) &&
    (error.code === accountSettingsErrors.changePassword || error.status === 429) &&
    error.message
  )
    return error.message;
  if (isApiError(error) && error.validationMessages.length > 0) return error.displayMessage;
  return t('accountSettings.saveFailed');
}
