/**
 * Account-wide session control for features that change credentials (password reset, password and
 * username change): revoke every refresh token of an account, and start a new sign-in (a new
 * refresh family) for the caller who made the change. Stored like the auth feature stores them:
 * only a SHA-256 of each refresh token.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/database';
import { refreshToken } from '../db/schema';
import { sha256Hex } from './secrets';
import type { TokenService, TokenSubject } from './tokens';

/** Signs the account out everywhere: no refresh token of it works any more. */
export async function revokeAllRefreshTokens(db: Db, userId: number): Promise<void> {
  await db
    .update(refreshToken)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshToken.userId, userId), isNull(refreshToken.revokedAt)));
}

/** A fresh access + refresh token pair in a new refresh family. */
export async function startSession(
  db: Db,
  tokens: TokenService,
  subject: TokenSubject,
): Promise<{ accessToken: string; refreshToken: string }> {
  const access = await tokens.sign('access', subject);
  const id = randomUUID();
  const refresh = await tokens.sign('refresh', subject, { jti: id });
  await db.insert(refreshToken).values({
    id,
    userId: subject.userId,
    familyId: randomUUID(),
    tokenHash: sha256Hex(refresh.token),
    expiresAt: refresh.expiresAt,
  });
  return { accessToken: access.token, refreshToken: refresh.token };
}
