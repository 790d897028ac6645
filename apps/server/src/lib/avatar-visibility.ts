/** Who may see whose avatar: read by the blob addresses, which serve avatars without a bearer token. */
import { and, eq, exists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database';
import { patient, responsiblePerson, userAccount } from '../db/schema';

const owner = alias(patient, 'avatar_owner');

/**
 * The avatar's type when the account may see it, in one statement. The account must still be able
 * to sign in (active, its patient active and alive: an avatar link lives an hour, and a deactivation
 * ends it at once like it ends a session). The avatar's owner must be in the account's practice and be
 * - the account's own patient;
 * - a patient the account's patient is an ACTIVE responsible person for, that patient being active
 *   (the rule of the patient-access guard, plugins/patient-access.ts); or
 * - an ACTIVE responsible person of the account's patient (the "viewing the account of" banner and the
 *   responsible-persons list show them).
 */
export async function visibleAvatar(
  db: Db,
  userId: number,
  s3Id: string,
): Promise<{ mimeType: string } | null> {
  const link = (
    patientId: typeof owner.id | typeof patient.id,
    responsibleId: typeof owner.id | typeof patient.id,
  ) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(responsiblePerson)
        .where(
          and(
            eq(responsiblePerson.active, true),
            eq(responsiblePerson.patientId, patientId),
            eq(responsiblePerson.responsiblePatientId, responsibleId),
          ),
        ),
    );
  const [row] = await db
    .select({ mimeType: owner.avatarMimeType })
    .from(userAccount)
    .innerJoin(patient, eq(patient.id, userAccount.patientId))
    .innerJoin(owner, and(eq(owner.avatarS3Id, s3Id), eq(owner.practiceId, userAccount.practiceId)))
    .where(
      and(
        eq(userAccount.id, userId),
        eq(userAccount.active, true),
        eq(patient.active, true),
        eq(patient.deceased, false),
        or(
          eq(owner.id, patient.id),
          and(eq(owner.active, true), link(owner.id, patient.id)),
          link(patient.id, owner.id),
        ),
      ),
    )
    .limit(1);
  return row?.mimeType ? { mimeType: row.mimeType } : null;
}
