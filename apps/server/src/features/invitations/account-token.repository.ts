/**
 * Account-creation and e-mail-verification tokens. The secret (32 random bytes, base64url) goes only
 * into the e-mail; the table keeps its SHA-256, so a database leak yields no usable link.
 */
import { randomBytes } from 'node:crypto';
import type { TokenStatus } from '@dermis/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import type { AccountTokenKind } from '../../db/schema';
import { accountToken } from '../../db/schema';
import { sha256Hex } from '../../lib/secrets';

export type AccountTokenRow = typeof accountToken.$inferSelect;

export async function issueAccountToken(
  db: Db,
  input: { kind: AccountTokenKind; practiceId: number; patientId: number; email: string; ttlHours: number },
): Promise<{ id: number; secret: string; expiresAt: Date }> {
  const secret = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + input.ttlHours * 3_600_000);
  const [row] = await db
    .insert(accountToken)
    .values({
      kind: input.kind,
      practiceId: input.practiceId,
      patientId: input.patientId,
      email: input.email,
      tokenHash: sha256Hex(secret),
      expiresAt,
    })
    .returning({ id: accountToken.id });
  return { id: row!.id, secret, expiresAt };
}

export type TokenLookup =
  { status: 'INVALID' } | { status: Exclude<TokenStatus, 'INVALID'>; row: AccountTokenRow };

/**
 * The token's status. USED wins over EXPIRED: a patient who already used the link is best served by
 * "please sign in", whatever its age.
 */
export async function findAccountToken(
  db: Db,
  kind: AccountTokenKind,
  secret: string,
  now = new Date(),
): Promise<TokenLookup> {
  const [row] = await db
    .select()
    .from(accountToken)
    .where(and(eq(accountToken.tokenHash, sha256Hex(secret)), eq(accountToken.kind, kind)))
    .limit(1);
  if (!row) return { status: 'INVALID' };
  if (row.usedAt) return { status: 'USED', row };
  if (row.expiresAt.getTime() <= now.getTime()) return { status: 'EXPIRED', row };
  return { status: 'UNUSED', row };
}

/** Marks the token used; false when another request used it first (the update is conditional). */
export async function markAccountTokenUsed(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(accountToken)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accountToken.id, id), isNull(accountToken.usedAt)))
    .returning({ id: accountToken.id });
  return rows.length > 0;
}

/**
 * Counts a wrong date of birth entered with this token. At `limit` the token expires at once, so a
 * stolen link cannot be used to guess the date of birth; the patient asks staff for a new link.
 */
export async function recordWrongDateOfBirth(db: Db, id: number, limit: number): Promise<void> {
  await db
    .update(accountToken)
    .set({
      failedAttempts: sql`${accountToken.failedAttempts} + 1`,
      expiresAt: sql`CASE WHEN ${accountToken.failedAttempts} + 1 >= ${limit} THEN now() ELSE ${accountToken.expiresAt} END`,
    })
    .where(eq(accountToken.id, id));
}
