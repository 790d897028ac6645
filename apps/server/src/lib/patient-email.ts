import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { patientContact } from '../db/schema';

/** Where the portal writes to a patient: the first active e-mail contact, in the clinic's order. */
export async function firstActiveEmail(db: Db, patientId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ value: patientContact.value })
    .from(patientContact)
    .where(
      and(
        eq(patientContact.patientId, patientId),
        eq(patientContact.type, 'EMAIL_ADDRESS'),
        eq(patientContact.active, true),
      ),
    )
    .orderBy(asc(patientContact.position), asc(patientContact.id))
    .limit(1);
  return row?.value;
}
