/** A practice's patient by the clinic system's own id, for the integration routes of any feature. */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { patient } from '../db/schema';
import { notFound } from './http-error';

export async function patientIdByExternalId(db: Db, practiceId: number, externalId: string): Promise<number> {
  const [row] = await db
    .select({ id: patient.id })
    .from(patient)
    .where(and(eq(patient.practiceId, practiceId), eq(patient.externalId, externalId)))
    .limit(1);
  if (!row) throw notFound('server.error.patientNotFound', { externalId });
  return row.id;
}
