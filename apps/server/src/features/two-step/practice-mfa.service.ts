/** Turning "two-step required" on or off for a practice (integration API and CLI). */
import type { Db } from '../../db/database';
import { notFound } from '../../lib/http-error';
import { setPracticeMfaRequired } from './two-step.repository';

export async function setPracticeMfa(db: Db, practiceId: number, required: boolean) {
  if (!(await setPracticeMfaRequired(db, practiceId, required)))
    throw notFound('server.error.practiceNotFound', { practiceId });
  return { practiceId, mfaRequiredByPracticeAdmin: required };
}
