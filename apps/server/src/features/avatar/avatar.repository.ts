/** Avatar rows: the patient's avatar columns and the uploads handed out for them. */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { blobUpload, patient } from '../../db/schema';

export async function recordUpload(db: Db, s3Id: string, userId: number, expiresAt: Date): Promise<void> {
  await db.insert(blobUpload).values({ s3Id, userId, purpose: 'AVATAR', expiresAt });
}

/**
 * The account's unregistered avatar upload, while it may still be registered: an hour after its URL
 * expired, so a slow connection finishing the PUT at the last second can still save it.
 */
export async function pendingUpload(db: Db, s3Id: string, userId: number): Promise<{ id: number } | null> {
  const [row] = await db
    .select({ id: blobUpload.id })
    .from(blobUpload)
    .where(
      and(
        eq(blobUpload.s3Id, s3Id),
        eq(blobUpload.userId, userId),
        eq(blobUpload.purpose, 'AVATAR'),
        isNull(blobUpload.registeredAt),
        gt(blobUpload.expiresAt, sql`now() - interval '1 hour'`),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function markRegistered(db: Db, uploadId: number): Promise<void> {
  await db
    .update(blobUpload)
    .set({ registeredAt: sql`now()` })
    .where(eq(blobUpload.id, uploadId));
}

export interface AvatarColumns {
  avatarS3Id: string | null;
  avatarContentLength: number | null;
  avatarMimeType: string | null;
}

export async function avatarOf(db: Db, patientId: number): Promise<AvatarColumns | null> {
  const [row] = await db
    .select({
      avatarS3Id: patient.avatarS3Id,
      avatarContentLength: patient.avatarContentLength,
      avatarMimeType: patient.avatarMimeType,
    })
    .from(patient)
    .where(eq(patient.id, patientId))
    .limit(1);
  return row ?? null;
}

export async function setAvatar(db: Db, patientId: number, avatar: AvatarColumns): Promise<void> {
  await db
    .update(patient)
    .set({ ...avatar, updatedAt: sql`now()` })
    .where(eq(patient.id, patientId));
}
