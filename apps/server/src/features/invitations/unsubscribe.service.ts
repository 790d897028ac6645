/** POST patient/unsubscribe: a signed link from a reminder e-mail stores the patient's opt-out. */
import { unsubscribeErrorCodes } from '@dermis/contract';
import type { UnsubscribeQuery } from '@dermis/contract';
import type { Config } from '../../config/env';
import type { Db } from '../../db/database';
import { emailPreference } from '../../db/schema';
import { httpError } from '../../lib/http-error';
import { verifyUnsubscribeToken } from '../../lib/mail/unsubscribe-link';
import { patientById } from './patient-lookup.repository';

const invalidLink = () =>
  httpError(400, unsubscribeErrorCodes.invalidLink, 'server.error.invalidUnsubscribeLink');

export async function unsubscribe(
  deps: { db: Db; config: Pick<Config, 'jwtSecret'> },
  query: UnsubscribeQuery,
): Promise<{ unsubscribed: true; type: UnsubscribeQuery['type'] }> {
  const subject = { patientId: query.pid, userId: query.uid, type: query.type };
  if (!verifyUnsubscribeToken(deps.config, subject, query.token)) throw invalidLink();
  if (!(await patientById(deps.db, query.pid))) throw invalidLink();
  // Unsubscribing twice is not an error: the first date is kept.
  await deps.db
    .insert(emailPreference)
    .values({ patientId: query.pid, type: query.type })
    .onConflictDoNothing();
  return { unsubscribed: true, type: query.type };
}
