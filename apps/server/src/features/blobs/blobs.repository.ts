/** What the blob addresses read from the database besides upload claims: a provider photo's type. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { provider } from '../../db/schema';

/** The content type of the provider photo with that id, or null when no provider has it. */
export async function providerAvatarMimeType(db: Db, s3Id: string): Promise<string | null> {
  const [row] = await db
    .select({ mimeType: provider.avatarMimeType })
    .from(provider)
    .where(eq(provider.avatarS3Id, s3Id))
    .limit(1);
  return row?.mimeType ?? null;
}
