/** Who may see whose avatar: read by the blob addresses, which serve avatars without a bearer token. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { patient, responsiblePerson, userAccount } from '../db/schema';

/**
 * The avatar `s3Id` when the account may see it: its own patient's, that of a patient it is an active
 * responsible person for, or that of an active responsible person of its patient (the "viewing the
 * account of" banner and the responsible-persons list show them), within its practice.
 */
export async function visibleAvatar(
  db: Db,
  userId: number,
  s3Id: string,
): Promise<{ mimeType: string } | null> {
  const [account] = await db
    .select({ patientId: userAccount.patientId })
    .from(userAccount)
    .where(eq(userAccount.id, userId))
    .limit(1);
  if (!account) return null;
  const [owner] = await db
    .select({ id: patient.id, practiceId: patient.practiceId, mimeType: patient.avatarMimeType })
    .from(patient)
    .where(eq(patient.avatarS3Id, s3Id))
    .limit(1);
  if (!owner?.mimeType) return null;
  if (owner.id === account.patientId) return { mimeType: owner.mimeType };
  const [link] = await db
    .select({ id: responsiblePerson.id })
    .from(responsiblePerson)
    .where(
      and(
        eq(responsiblePerson.active, true),
        sql`((${responsiblePerson.patientId} = ${owner.id} AND ${responsiblePerson.responsiblePatientId} = ${account.patientId})
          OR (${responsiblePerson.patientId} = ${account.patientId} AND ${responsiblePerson.responsiblePatientId} = ${owner.id}))`,
      ),
    )
    .limit(1);
  return link ? { mimeType: owner.mimeType } : null;
}
