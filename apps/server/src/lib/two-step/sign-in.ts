/**
 * The second step of sign-in. After a right password, a user with verified two-step profiles (or of a
 * practice that requires two-step) receives a single-use temporary token instead of a session; the
 * session comes from a right code for one of their profiles (features/auth).
 */
import { randomUUID } from 'node:crypto';
import { errorCodes, translate } from '@dermis/contract';
import type { LoginResponse } from '@dermis/contract';
import { HttpError } from '../http-error';
import type { TokenService, TokenSubject, VerifiedToken } from '../tokens';
import type { TwoStepDeps } from './codes';
import { checkCode, invalidOtp, isSpentTotp, sendEmailCode } from './codes';
import {
  findAccountContext,
  findOwnProfile,
  findVerifiedProfiles,
  isTempTokenSpent,
  spendTempToken,
} from './profiles.repository';

/** The two-step answer to a right password, or null when the user signs in with the password alone. */
export async function secondStepFor(
  deps: TwoStepDeps,
  tokens: TokenService,
  subject: TokenSubject,
): Promise<LoginResponse | null> {
  const [profiles, account] = await Promise.all([
    findVerifiedProfiles(deps.db, subject.userId),
    findAccountContext(deps.db, subject.userId),
  ]);
  if (profiles.length === 0 && !account?.mfaRequired) return null;

  const preferred = profiles.find((p) => p.preferred) ?? profiles[0];
  const { token } = tokens.sign('temp', subject, { jti: randomUUID() });
  // The preferred e-mail profile's code goes out now, so it is waiting when the code modal opens.
  if (preferred?.type === 'EMAIL') await sendEmailCode(deps, preferred);
  return {
    tempToken: token,
    available2FATypes: [...new Set(profiles.map((p) => p.type))],
    preferredProfileId: preferred?.id ?? null,
    preferredProfileType: preferred?.type ?? null,
    hasMoreProfiles: profiles.length > 1,
  };
}

/** The claims of a temporary token that is well-signed, unexpired, of type temp and not yet spent. */
/** The temporary token of the first step expired or was spent: the patient must sign in again. */
export const signInTimedOut = () =>
  new HttpError(401, errorCodes.signInTimedOut, translate('login.error.signInTimedOut'));

export async function verifyTempToken(
  deps: Pick<TwoStepDeps, 'db'>,
  tokens: TokenService,
  token: string,
): Promise<(VerifiedToken & { jti: string }) | null> {
  const claims = await tokens.verify(token, 'temp');
  if (!claims?.jti || (await isTempTokenSpent(deps.db, claims.jti))) return null;
  return { ...claims, jti: claims.jti };
}

/**
 * Checks the code of the second step and spends the temporary token. Throws 401 INVALID_OTP_CODE
 * for a wrong code, a profile that is not the user's verified one, or a token spent meanwhile.
 */
export async function completeSecondStep(
  deps: TwoStepDeps,
  claims: VerifiedToken & { jti: string },
  profileId: number,
  code: string,
): Promise<void> {
  const profile = await findOwnProfile(deps.db, claims.userId, profileId);
  if (!profile?.verified) throw invalidOtp(401);
  if (!(await checkCode(deps, profile, code))) {
    // The code that just finished the authenticator's set-up is right but spent: say so, not "invalid".
    if (isSpentTotp(deps, profile, code))
      throw new HttpError(401, errorCodes.codeAlreadyUsed, translate('login.error.codeAlreadyUsed'));
    throw invalidOtp(401);
  }
  if (!(await spendTempToken(deps.db, claims.jti, new Date(claims.exp * 1000)))) throw signInTimedOut();
}
