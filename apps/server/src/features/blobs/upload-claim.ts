/**
 * An upload address takes its bytes once (decision 170). Registration (profile/addAvatar,
 * dms/file/add) checks the bytes it finds; if the signed PUT address still worked afterwards, new
 * bytes would replace the checked ones and be served in their place. So the first accepted PUT claims
 * the address in one conditional statement, which two PUTs racing cannot both win.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { blobUpload } from '../../db/schema';

/** The upload row of a blob key (`area/s3Id`) that has not taken bytes yet, now claimed; or null. */
export async function claimUpload(db: Db, key: string): Promise<{ id: number } | null> {
  const s3Id = key.slice(key.indexOf('/') + 1);
  const [row] = await db
    .update(blobUpload)
    .set({ uploadedAt: sql`now()` })
    .where(and(eq(blobUpload.s3Id, s3Id), isNull(blobUpload.uploadedAt), isNull(blobUpload.registeredAt)))
    .returning({ id: blobUpload.id });
  return row ?? null;
}

/** Gives the address back when the bytes could not be stored, so the same PUT can be tried again. */
export async function releaseUpload(db: Db, id: number): Promise<void> {
  await db
    .update(blobUpload)
    .set({ uploadedAt: null })
    .where(and(eq(blobUpload.id, id), isNull(blobUpload.registeredAt)));
}
