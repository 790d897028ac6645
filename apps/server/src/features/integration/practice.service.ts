/** Practices and their API keys (the CLI creates both; keys are shown once and stored hashed). */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { apiKey, practice } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { newApiKey, sha256Hex } from '../../lib/secrets';

export async function createPractice(
  db: Db,
  input: { name: string; mfaRequiredByPracticeAdmin?: boolean; npi?: string | null },
): Promise<{ practiceId: number; apiKey: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(practice)
      .values({
        name: input.name,
        mfaRequiredByPracticeAdmin: input.mfaRequiredByPracticeAdmin ?? false,
        npi: input.npi ?? null,
      })
      .returning({ id: practice.id });
    if (!row) throw new Error('practice insert returned nothing');
    const key = await createApiKey(tx, row.id, 'initial key');
    return { practiceId: row.id, apiKey: key.apiKey };
  });
}

export async function createApiKey(
  db: Db,
  practiceId: number,
  label?: string,
): Promise<{ id: number; apiKey: string }> {
  await assertPracticeExists(db, practiceId);
  const key = newApiKey();
  const [row] = await db
    .insert(apiKey)
    .values({ practiceId, keyHash: sha256Hex(key), label: label ?? null })
    .returning({ id: apiKey.id });
  if (!row) throw new Error('api key insert returned nothing');
  return { id: row.id, apiKey: key };
}

export async function assertPracticeExists(db: Db, practiceId: number): Promise<void> {
  const [row] = await db
    .select({ id: practice.id })
    .from(practice)
    .where(eq(practice.id, practiceId))
    .limit(1);
  if (!row) throw notFound('server.error.practiceNotFound', { practiceId });
}
