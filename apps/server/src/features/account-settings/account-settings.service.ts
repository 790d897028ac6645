/**
 * Username and password change (spec 000 §2 "Account Settings", §5, §7, §8).
 *
 * Both change a credential, so both end every other sign-in of the account at once (their access
 * tokens included), and the caller's own sign-in gets a fresh token pair in the SAME session: it
 * keeps its start and absolute end, so an access token alone never mints a longer sign-in
 * (docs/decisions/021, 043).
 */
import {
  accountSettingsErrors,
  errorCodes,
  isStrongPassword,
  type ChangePasswordRequest,
  type ChangePasswordResponse,
  type ChangeUsernameResponse,
  type MessageKey,
} from '@dermis/contract';
import type { AuthContext } from '../../app-context';
import type { Config } from '../../config/env';
import type { Db } from '../../db/database';
import type { CounterStore } from '../../lib/counters/counter-store';
import { httpError } from '../../lib/http-error';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { renewSession } from '../../lib/sessions';
import type { TokenService } from '../../lib/tokens';
import { findAccount, isUsernameTaken, updatePassword, updateUsername } from './account-settings.repository';

export interface AccountSettingsDeps {
  db: Db;
  tokens: TokenService;
  counters: CounterStore;
  config: Pick<Config, 'loginThrottleWindowSeconds'>;
}

/** Wrong old passwords allowed per account in the throttle window before 429. */
export const maxWrongOldPasswords = 5;

export async function changeUsername(
  deps: AccountSettingsDeps,
  caller: AuthContext,
  username: string,
): Promise<ChangeUsernameResponse> {
  const wanted = username.trim();
  if (await isUsernameTaken(deps.db, caller.practiceId, wanted, caller.userId)) throw usernameTaken();
  try {
    await updateUsername(deps.db, caller.userId, wanted);
  } catch (error) {
    // Two accounts asking for the same free name at once: the unique index decides.
    if (isUniqueViolation(error)) throw usernameTaken();
    throw error;
  }
  const session = await renewSession(
    deps,
    { practiceId: caller.practiceId, userId: caller.userId, username: wanted },
    caller.sessionId,
  );
  return { username: wanted, ...session };
}

export async function changePassword(
  deps: AccountSettingsDeps,
  caller: AuthContext,
  input: ChangePasswordRequest,
): Promise<ChangePasswordResponse> {
  if (input.newPassword !== input.confirmNewPassword)
    throw passwordRefused('accountSettings.passwordMismatch');
  if (!isStrongPassword(input.newPassword)) throw passwordRefused('validation.password');

  const throttleKey = `change-password:user:${caller.userId}`;
  // Counted before the old password is checked, so parallel guesses check at most the limit.
  const tries = await deps.counters.increment(throttleKey, deps.config.loginThrottleWindowSeconds);
  if (tries > maxWrongOldPasswords)
    throw httpError(429, errorCodes.tooManyAttempts, 'accountSettings.passwordChangeThrottled');

  const account = await findAccount(deps.db, caller.userId);
  if (!account || !(await verifyPassword(account.passwordHash, input.oldPassword)))
    throw passwordRefused('accountSettings.oldPasswordWrong');
  await deps.counters.reset(throttleKey);
  if (input.newPassword === input.oldPassword) throw passwordRefused('accountSettings.samePassword');

  const changedAt = new Date();
  await updatePassword(deps.db, caller.userId, await hashPassword(input.newPassword), changedAt);
  const session = await renewSession(
    deps,
    { practiceId: caller.practiceId, userId: caller.userId, username: account.username },
    caller.sessionId,
  );
  return { lastChangePasswordDate: passwordStamp(changedAt), ...session };
}

/**
 * Spec 000 §9's password-change stamp, YYYY-MM-DDTHH:mm:ss.SSS, with the UTC zone designator 'Z':
 * the same ISO 8601 form patient/getByUsername answers, so no client guesses the zone.
 */
export function passwordStamp(date: Date): string {
  return date.toISOString();
}

const usernameTaken = () =>
  httpError(409, accountSettingsErrors.changeUsername, 'accountSettings.usernameTaken');

const passwordRefused = (key: MessageKey) => httpError(400, accountSettingsErrors.changePassword, key);

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown; cause?: { code?: unknown } } | null)?.code;
  const causeCode = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return code === '23505' || causeCode === '23505';
}
