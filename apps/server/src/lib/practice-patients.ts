/** Patients of a practice named by the clinic's own id (the integration API's way of naming them). */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { patient } from '../db/schema';
import { notFound } from './http-error';

/** The id of the practice's patient with that external id; 404 (server.error.patientNotFound) otherwise. */
export async function patientIdByExternalId(db: Db, practiceId: number, externalId: string): Promise<number> {
  const [row] = await db
    .select({ id: patient.id })
    .from(patient)
    .where(and(eq(patient.practiceId, practiceId), eq(patient.externalId, externalId)))
    .limit(1);
  if (!row) throw notFound('server.error.patientNotFound', { externalId });
  return row.id;
}
