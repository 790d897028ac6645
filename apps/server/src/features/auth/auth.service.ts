/**
 * Sign-in, token refresh with rotation, and sign-out.
 *
 * Refresh tokens rotate: each refresh spends the presented token and issues a new one of the same
 * family. Presenting a spent token again means it was copied, so the whole family is revoked (the
 * thief and the user are both signed out). Only a SHA-256 of each refresh token is stored.
 */
import { randomUUID } from 'node:crypto';
import type { AccessTokenResponse, CodeLoginRequest, LoginResponse } from '@dermis/contract';
import type { Config } from '../../config/env';
import type { Db } from '../../db/database';
import { badCredentials, unauthorized } from '../../lib/http-error';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import { recordActivity } from '../../plugins/activity-log';
import { sha256Hex } from '../../lib/secrets';
import type { TokenService, TokenSubject } from '../../lib/tokens';
import type { TwoStepDeps } from '../../lib/two-step/codes';
import { completeSecondStep, secondStepFor, verifyTempToken } from '../../lib/two-step/sign-in';
import {
  findActiveAccount,
  findFamilyByTokenHash,
  findLoginCandidates,
  findRefreshToken,
  insertRefreshToken,
  markRefreshTokenUsed,
  revokeFamily,
} from './auth.repository';
import type { LoginThrottle } from './login-throttle';

export interface AuthDeps {
  db: Db;
  tokens: TokenService;
  throttle: LoginThrottle;
  config: Pick<Config, 'appServerUrl'>;
  /** Two-step verification: codes, mail and the shared counters. */
  twoStep: TwoStepDeps;
}

export async function passwordLogin(
  deps: AuthDeps,
  input: { username: string; password: string },
  address: string,
): Promise<LoginResponse> {
  await deps.throttle.assertAllowed(input.username, address);

  const candidates = await findLoginCandidates(deps.db, input.username);
  let account: (typeof candidates)[number] | undefined;
  if (candidates.length === 0) await verifyAgainstDummy(input.password);
  for (const candidate of candidates) {
    if (await verifyPassword(candidate.passwordHash, input.password)) {
      account = candidate;
      break;
    }
  }
  // The password is checked before the account state so that an inactive account answers exactly
  // like a wrong password, in content and in time.
  if (!account?.maySignIn) {
    await deps.throttle.recordFailure(input.username, address);
    throw badCredentials();
  }
  await deps.throttle.recordSuccess(input.username);

  const subject = { practiceId: account.practiceId, userId: account.userId, username: account.username };
  // A user with two-step profiles (or of a practice that requires them) gets a temporary token only.
  const secondStep = await secondStepFor(deps.twoStep, deps.tokens, subject);
  if (secondStep) return secondStep;
  const { accessToken, refreshToken } = await issueTokens(deps, subject, randomUUID());
  await recordSignIn(deps.db, account);
  return { accessToken, refreshToken, servers: servers(deps.config) };
}

/**
 * The second step: a right code for one of the user's profiles, with the temporary token of the
 * first step, gives a session like a password sign-in. Wrong codes count as failed sign-ins.
 */
export async function codeLogin(
  deps: AuthDeps,
  input: CodeLoginRequest,
  address: string,
): Promise<LoginResponse> {
  const claims = await verifyTempToken(deps, deps.tokens, input.tempToken);
  if (!claims) throw badCredentials();
  await deps.throttle.assertAllowed(claims.username, address);
  const account = await findActiveAccount(deps.db, claims.userId, claims.practiceId);
  if (!account) throw badCredentials();
  try {
    await completeSecondStep(deps.twoStep, claims, input.mfaProfileId, input.otpCode);
  } catch (error) {
    await deps.throttle.recordFailure(claims.username, address);
    throw error;
  }
  await deps.throttle.recordSuccess(claims.username);
  const { accessToken, refreshToken } = await issueTokens(deps, account, randomUUID());
  await recordSignIn(deps.db, account);
  return { accessToken, refreshToken, servers: servers(deps.config) };
}

/** The privacy policy promises a log of sign-ins: the patient sees each in the activity log. */
function recordSignIn(db: Db, account: { practiceId: number; patientId: number; userId: number }) {
  return recordActivity(db, {
    practiceId: account.practiceId,
    patientId: account.patientId,
    actorUserId: account.userId,
    action: 'SIGN_IN',
  });
}

export async function refreshSession(deps: AuthDeps, presented: string): Promise<AccessTokenResponse> {
  const claims = await deps.tokens.verify(presented, 'refresh');
  if (!claims?.jti) throw unauthorized();
  const stored = await findRefreshToken(deps.db, claims.jti);
  if (!stored || stored.tokenHash !== sha256Hex(presented) || stored.userId !== claims.userId)
    throw unauthorized();
  if (stored.revokedAt || stored.expiresAt.getTime() <= Date.now()) throw unauthorized();
  if (stored.usedAt || !(await markRefreshTokenUsed(deps.db, stored.id))) {
    await revokeFamily(deps.db, stored.familyId);
    throw unauthorized();
  }

  const account = await findActiveAccount(deps.db, claims.userId, claims.practiceId);
  if (!account) {
    await revokeFamily(deps.db, stored.familyId);
    throw unauthorized();
  }
  return issueTokens(deps, account, stored.familyId);
}

/** Revokes the sign-in the token belongs to. Unknown tokens are ignored: sign-out always succeeds. */
export async function logout(deps: Pick<AuthDeps, 'db'>, presented: string): Promise<void> {
  const familyId = await findFamilyByTokenHash(deps.db, sha256Hex(presented));
  if (familyId) await revokeFamily(deps.db, familyId);
}

export function servers(config: Pick<Config, 'appServerUrl'>) {
  return { app: config.appServerUrl, ws: config.appServerUrl };
}

async function issueTokens(
  deps: AuthDeps,
  subject: TokenSubject,
  familyId: string,
): Promise<AccessTokenResponse> {
  const access = await deps.tokens.sign('access', subject);
  const id = randomUUID();
  const refresh = await deps.tokens.sign('refresh', subject, { jti: id });
  await insertRefreshToken(deps.db, {
    id,
    userId: subject.userId,
    familyId,
    tokenHash: sha256Hex(refresh.token),
    expiresAt: refresh.expiresAt,
  });
  return { accessToken: access.token, refreshToken: refresh.token };
}
