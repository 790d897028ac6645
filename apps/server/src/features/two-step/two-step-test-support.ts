/** Helpers of the two-step API tests: the newest e-mailed code and an authenticator's code. */
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { mailOutbox } from '../../db/schema';
import { totp } from '../../lib/totp';
import { bearer } from '../../test/fixtures';

export async function newestCodeMailedTo(db: Db, address: string): Promise<string> {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, address))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const code = mail ? /verification code is (\d{6})/.exec(mail.textBody)?.[1] : undefined;
  if (!code) throw new Error(`no code mailed to ${address}`);
  return code;
}

/** A code of the authenticator `secret` for a moment `offsetSteps` steps away from now. */
export function authenticatorCode(secret: string, offsetSteps = 0): string {
  return totp(secret, Date.now() + offsetSteps * 30_000);
}

export interface AddedProfile {
  id: number;
  secret?: string;
}

/** Adds and verifies a profile through the API, as the account-settings page does. */
export async function givenVerifiedProfile(
  app: FastifyInstance,
  db: Db,
  accessToken: string,
  userId: number,
  profile: { type: 'EMAIL'; value: string } | { type: 'AUTH_APP' },
): Promise<AddedProfile> {
  const added = await app.inject({
    method: 'POST',
    url: '/api/app/mfa/userProfiles/add',
    headers: bearer(accessToken),
    payload: { ...profile, userId, preferred: false },
  });
  if (added.statusCode !== 200) throw new Error(`add failed: ${added.body}`);
  const body = added.json<{ profileInfo: { id: number }; secret?: string }>();
  const code =
    profile.type === 'EMAIL' ? await newestCodeMailedTo(db, profile.value) : authenticatorCode(body.secret!);
  const verified = await app.inject({
    method: 'POST',
    url: '/api/app/mfa/userProfiles/verify',
    headers: bearer(accessToken),
    payload: { id: body.profileInfo.id, code },
  });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
  return { id: body.profileInfo.id, ...(body.secret ? { secret: body.secret } : {}) };
}
