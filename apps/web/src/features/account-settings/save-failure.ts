/** Which text a failed save shows (spec 000 §8 "Account settings"). */
import { accountSettingsErrors } from '@dermis/contract';
import { isApiError, serverRefusal } from '../../lib/api';
import { t } from '../../lib/i18n';

/**
 * The banner's text. `reason` is what the form could not put under a field (setServerErrors); by
 * default the whole refusal is read here. Null: nothing left for the banner.
 */
const savedReason = (error: unknown) => serverRefusal(error, [], t('accountSettings.saveFailed')).reason;

export function usernameSaveFailure(error: unknown, reason = savedReason(error)): string | null {
  if (isApiError(error) && error.code === accountSettingsErrors.changeUsername)
    return t('accountSettings.usernameTaken');
  return reason;
}

/** The server's message is shown as it is for CHANGE_PASSWORD_EXCEPTION (and the throttle's 429). */
export function passwordSaveFailure(error: unknown, reason = savedReason(error)): string | null {
  if (
    isApiError(error) &&
    (error.code === accountSettingsErrors.changePassword || error.status === 429) &&
    error.message
  )
    return error.message;
  return reason;
}
