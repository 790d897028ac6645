/**
 * Sign-in, token refresh with rotation, and sign-out.
 *
 * Refresh tokens rotate: each refresh spends the presented token and issues a new one of the same
 * family. Presenting a spent token again means it was copied, so the whole family is revoked (the
 * thief and the user are both signed out). Only a SHA-256 of each refresh token is stored.
 */
import type { AccessTokenResponse, CodeLoginRequest, LoginResponse } from '@dermis/contract';
import type { Config } from '../../config/env';
import type { Db } from '../../db/database';
import type { DeviceCookies, KnownDevice } from '../../lib/device-cookie';
import { badCredentials, unauthorized } from '../../lib/http-error';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import {
  findSessionOfRefreshToken,
  issueInSession,
  revokeSession,
  spendRefreshToken,
  startSession,
} from '../../lib/sessions';
import type { TokenService } from '../../lib/tokens';
import type { TwoStepDeps } from '../../lib/two-step/codes';
import {
  completeSecondStep,
  secondStepFor,
  signInTimedOut,
  verifyTempToken,
} from '../../lib/two-step/sign-in';
import { findActiveAccount, findLoginCandidates } from './auth.repository';
import type { LoginThrottle } from './login-throttle';

export interface AuthDeps {
  db: Db;
  tokens: TokenService;
  throttle: LoginThrottle;
  devices: DeviceCookies;
  config: Pick<Config, 'appServerUrl' | 'sessionMaxLifetimeSeconds'>;
  /** Two-step verification: codes, mail and the shared counters. */
  twoStep: TwoStepDeps;
}

/** Where the attempt comes from: the client address and the browser's device cookie header. */
export interface SignInOrigin {
  address: string;
  cookieHeader: string | undefined;
}

/** The answer, and the name a device cookie should be issued for when the sign-in succeeded. */
export interface SignInOutcome {
  response: LoginResponse;
  signedIn: string | null;
}

export async function passwordLogin(
  deps: AuthDeps,
  input: { username: string; password: string },
  origin: SignInOrigin,
): Promise<SignInOutcome> {
  const device = deps.devices.read(origin.cookieHeader, input.username);
  const account = await deps.throttle.guard(input.username, origin.address, device, async () => {
    const candidates = await findLoginCandidates(deps.db, input.username);
    if (candidates.length === 0) await verifyAgainstDummy(input.password);
    for (const candidate of candidates) {
      if (await verifyPassword(candidate.passwordHash, input.password)) {
        // The password is checked before the account state so that an inactive account answers
        // exactly like a wrong password, in content and in time.
        if (!candidate.maySignIn) break;
        return candidate;
      }
    }
    throw badCredentials();
  });

  const subject = {
    practiceId: account.practiceId,
    userId: account.userId,
    username: account.username,
    patientId: account.patientId,
  };
  // A user with two-step profiles (or of a practice that requires them) gets a temporary token only.
  const secondStep = account.mayNeedSecondStep
    ? await secondStepFor(deps.twoStep, deps.tokens, subject)
    : null;
  // The device cookie waits for the code: a password alone does not make a browser known.
  if (secondStep) return { response: secondStep, signedIn: null };
  const { accessToken, refreshToken } = await startSession(deps, subject);
  return {
    response: { accessToken, refreshToken, servers: servers(deps.config) },
    signedIn: account.username,
  };
}

/**
 * The second step: a right code for one of the user's profiles, with the temporary token of the
 * first step, gives a session like a password sign-in. Codes are counted like passwords, first.
 */
export async function codeLogin(
  deps: AuthDeps,
  input: CodeLoginRequest,
  origin: SignInOrigin,
): Promise<SignInOutcome> {
  const claims = await verifyTempToken(deps, deps.tokens, input.tempToken);
  if (!claims) throw signInTimedOut();
  const device: KnownDevice | null = deps.devices.read(origin.cookieHeader, claims.username);
  const account = await deps.throttle.guard(claims.username, origin.address, device, async () => {
    const found = await findActiveAccount(deps.db, claims.userId, claims.practiceId);
    if (!found) throw badCredentials();
    await completeSecondStep(deps.twoStep, claims, input.mfaProfileId, input.otpCode);
    return found;
  });
  const { accessToken, refreshToken } = await startSession(deps, account);
  return {
    response: { accessToken, refreshToken, servers: servers(deps.config) },
    signedIn: account.username,
  };
}

/** Rotates a refresh token (one conditional statement; reuse revokes the whole session). */
export async function refreshSession(deps: AuthDeps, presented: string): Promise<AccessTokenResponse> {
  const claims = await deps.tokens.verify(presented, 'refresh');
  if (!claims?.jti) throw unauthorized();
  const spent = await spendRefreshToken(deps.db, claims.jti, presented);
  if (!spent || spent.userId !== claims.userId) throw unauthorized();

  const account = await findActiveAccount(deps.db, claims.userId, claims.practiceId);
  if (!account) {
    await revokeSession(deps.db, spent.session.id);
    throw unauthorized();
  }
  return issueInSession(deps, account, spent.session);
}

/** Revokes the sign-in the token belongs to. Unknown tokens are ignored: sign-out always succeeds. */
export async function logout(deps: Pick<AuthDeps, 'db'>, presented: string): Promise<void> {
  const sessionId = await findSessionOfRefreshToken(deps.db, presented);
  if (sessionId) await revokeSession(deps.db, sessionId);
}

export function servers(config: Pick<Config, 'appServerUrl'>) {
  return { app: config.appServerUrl, ws: config.appServerUrl };
}
