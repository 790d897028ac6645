import type { UserProfile } from '@dermis/contract';
import { isApiError, isServiceUnavailable, invalidResponseCode, type HttpClient } from '../../lib/api';
import { t, type MessageKey } from '../../lib/i18n';
import { decodeJwt, type SessionStore } from '../../lib/session';
import { codeLogin, login, type PasswordCredentials } from './api/login';
import { getUserByUsername } from './api/get-user-by-username';

/** A sign-in answer that breaks spec 000 §4 (no token, no servers, no user). */
export class SignInError extends Error {
  readonly key: MessageKey;
  constructor(key: MessageKey) {
    super(t(key));
    this.name = 'SignInError';
    this.key = key;
  }
}

export type SignInResult = { kind: 'signedIn'; user: UserProfile } | { kind: 'twoStep' };

/**
 * Spec 000 §4 sign-in: start from an empty session, store tokens and servers, then load the user
 * named in the token. Any failure leaves the session empty again, never half signed in.
 */
export async function signIn(
  client: HttpClient,
  store: SessionStore,
  credentials: PasswordCredentials,
): Promise<SignInResult> {
  store.clear();
  const answer = await login(client, credentials);

  if (!answer.accessToken || !answer.refreshToken) {
    if (!answer.tempToken) throw new SignInError('login.error.noToken');
    // Two-step sign-in: keep the state its modals (a later release) will need.
    const claims = decodeJwt(answer.tempToken);
    store.startTwoStep(answer.tempToken, {
      available2FATypes: answer.available2FATypes ?? [],
      preferredProfileId: answer.preferredProfileId ?? null,
      preferredProfileType: answer.preferredProfileType ?? null,
      hasMoreProfiles: answer.hasMoreProfiles ?? false,
      username: claims?.username ?? credentials.username,
      userId: claims?.userId,
      practiceId: claims?.practiceId,
    });
    return { kind: 'twoStep' };
  }
  return finishSignIn(client, store, answer, credentials.username);
}

/**
 * Spec 000 §4 second step: the code of one of the user's profiles with the temporary token. A wrong
 * code leaves the two-step state in place (the modal stays, with empty boxes).
 */
export async function codeSignIn(
  client: HttpClient,
  store: SessionStore,
  code: { mfaProfileId: number; otpCode: string },
): Promise<SignInResult> {
  const { tempToken, twoStep } = store.get();
  if (!tempToken) throw new SignInError('login.error.noToken');
  const answer = await codeLogin(client, { ...code, tempToken });
  if (!answer.accessToken || !answer.refreshToken) throw new SignInError('login.error.noToken');
  return finishSignIn(client, store, answer, twoStep?.username ?? '');
}

/** Stores tokens and servers, then loads the user named in the token; a failure empties the session. */
async function finishSignIn(
  client: HttpClient,
  store: SessionStore,
  answer: Awaited<ReturnType<typeof login>>,
  fallbackUsername: string,
): Promise<SignInResult> {
  if (!answer.accessToken || !answer.refreshToken) throw new SignInError('login.error.noToken');
  if (!answer.servers) throw new SignInError('login.error.noServers');

  store.setTokens({
    accessToken: answer.accessToken,
    refreshToken: answer.refreshToken,
    servers: answer.servers,
  });
  try {
    const username = decodeJwt(answer.accessToken)?.username ?? fallbackUsername;
    const user = await getUserByUsername(client, username).catch((error: unknown) => {
      if (isApiError(error) && error.code === invalidResponseCode)
        throw new SignInError('login.error.noUser');
      throw error;
    });
    store.setUser(user);
    return { kind: 'signedIn', user };
  } catch (error) {
    store.clear();
    throw error;
  }
}

/** The sign-in error texts of spec 000 §8. */
export function signInErrorMessage(error: unknown): string {
  if (error instanceof SignInError) return error.message;
  // An outage (decision 173) says so: the password was not judged, and trying again will work.
  if (isServiceUnavailable(error)) return error.message;
  if (isApiError(error)) {
    if (error.status === 401) return t('login.error.badCredentials');
    if (error.status === 429) return error.message || t('login.error.throttled');
  }
  return t('login.error.requestFailed');
}
