/** Queries of password recovery: accounts by sign-in name, and the reset-token store. */
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Language } from '@dermis/contract';
import type { Db } from '../../db/database';
import { passwordResetToken, patient, patientContact, practice, userAccount } from '../../db/schema';

export interface RecoveryCandidate {
  userId: number;
  practiceId: number;
  practiceName: string;
  practiceBrandColor: string | null;
  practiceLogoMimeType: string | null;
  username: string;
  accountActive: boolean;
  patientActive: boolean;
  deceased: boolean;
  language: Language | null;
}

/** Every account with this sign-in name (one per practice at most), oldest first. */
export async function findRecoveryCandidates(db: Db, username: string): Promise<RecoveryCandidate[]> {
  return db
    .select({
      userId: userAccount.id,
      practiceId: userAccount.practiceId,
      practiceName: practice.name,
      practiceBrandColor: practice.brandColor,
      practiceLogoMimeType: practice.logoMimeType,
      username: userAccount.username,
      accountActive: userAccount.active,
      patientActive: patient.active,
      deceased: patient.deceased,
      language: userAccount.language,
    })
    .from(userAccount)
    .innerJoin(patient, eq(patient.id, userAccount.patientId))
    .innerJoin(practice, eq(practice.id, userAccount.practiceId))
    .where(eq(sql`lower(${userAccount.username})`, username.trim().toLowerCase()))
    .orderBy(asc(userAccount.id))
    .limit(5);
}

/** The patient's first active e-mail contact, where the reset link goes. */
export async function findEmailOfAccount(db: Db, userId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ value: patientContact.value })
    .from(userAccount)
    .innerJoin(patientContact, eq(patientContact.patientId, userAccount.patientId))
    .where(
      and(
        eq(userAccount.id, userId),
        eq(patientContact.type, 'EMAIL_ADDRESS'),
        eq(patientContact.active, true),
      ),
    )
    .orderBy(asc(patientContact.position), asc(patientContact.id))
    .limit(1);
  return row?.value;
}

/** True when an unused, unexpired link was issued to the account after `since`. */
export async function hasRecentOpenToken(db: Db, userId: number, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: passwordResetToken.id })
    .from(passwordResetToken)
    .where(
      and(
        eq(passwordResetToken.userId, userId),
        isNull(passwordResetToken.usedAt),
        gt(passwordResetToken.expiresAt, new Date()),
        gt(passwordResetToken.createdAt, since),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertResetToken(
  db: Db,
  row: { publicId: string; userId: number; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetToken).values(row);
}

export async function deleteResetToken(db: Db, publicId: string): Promise<void> {
  await db.delete(passwordResetToken).where(eq(passwordResetToken.publicId, publicId));
}

export async function findResetTokenByHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      id: passwordResetToken.id,
      userId: passwordResetToken.userId,
      expiresAt: passwordResetToken.expiresAt,
      usedAt: passwordResetToken.usedAt,
      username: userAccount.username,
    })
    .from(passwordResetToken)
    .innerJoin(userAccount, eq(userAccount.id, passwordResetToken.userId))
    .where(eq(passwordResetToken.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/**
 * Spends the token and sets the new password in one transaction; every other open link of the
 * account is spent too. False when another request spent the token first.
 */
export async function spendTokenAndSetPassword(
  db: Db,
  token: { id: number; userId: number },
  passwordHash: string,
  onSpent: (tx: Db) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const spent = await tx
      .update(passwordResetToken)
      .set({ usedAt: now })
      .where(and(eq(passwordResetToken.id, token.id), isNull(passwordResetToken.usedAt)))
      .returning({ id: passwordResetToken.id });
    if (spent.length !== 1) return false;
    await tx
      .update(passwordResetToken)
      .set({ usedAt: now })
      .where(and(eq(passwordResetToken.userId, token.userId), isNull(passwordResetToken.usedAt)));
    await tx
      .update(userAccount)
      .set({ passwordHash, lastChangePasswordDate: now })
      .where(eq(userAccount.id, token.userId));
    await onSpent(tx);
    return true;
  });
}
