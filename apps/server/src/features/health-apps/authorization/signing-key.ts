/**
 * The key that signs ID tokens (RS256, as SMART requires): generated once by the first instance that
 * needs it and stored sealed with a key derived from JWT_SECRET (lib/secret-box.ts), so every instance
 * signs with the same key and the database alone does not reveal it (decision 214). A lost or changed
 * JWT_SECRET makes the stored key unreadable: a new one is generated, and apps fetch it from /jwks.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../../../db/database';
import { oauthSigningKey } from '../../../db/schema';
import { SecretBox } from '../../../lib/secret-box';

const label = 'oauth-signing-key';

export async function loadSigningKey(db: Db, masterSecret: string): Promise<JWK> {
  const box = new SecretBox(masterSecret, label);
  const stored = await readKey(db, box);
  if (stored) return stored;

  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' };
  const sealedJwk = box.seal(JSON.stringify(jwk));
  // Two instances starting together: one insert wins, and both use the row that is there.
  await db
    .insert(oauthSigningKey)
    .values({ id: 1, sealedJwk })
    .onConflictDoUpdate({
      target: oauthSigningKey.id,
      set: { sealedJwk, createdAt: new Date() },
      // Replace only a key this secret cannot open (another JWT_SECRET sealed it).
      setWhere: eq(oauthSigningKey.sealedJwk, (await unreadableSealedKey(db, box)) ?? ''),
    });
  const winner = await readKey(db, box);
  if (!winner) throw new Error('the OAuth signing key could not be stored');
  return winner;
}

async function readKey(db: Db, box: SecretBox): Promise<JWK | null> {
  const [row] = await db.select().from(oauthSigningKey).where(eq(oauthSigningKey.id, 1));
  if (!row) return null;
  try {
    return JSON.parse(box.open(row.sealedJwk)) as JWK;
  } catch {
    return null;
  }
}

async function unreadableSealedKey(db: Db, box: SecretBox): Promise<string | null> {
  const [row] = await db.select().from(oauthSigningKey).where(eq(oauthSigningKey.id, 1));
  if (!row) return null;
  try {
    box.open(row.sealedJwk);
    return null;
  } catch {
    return row.sealedJwk;
  }
}
