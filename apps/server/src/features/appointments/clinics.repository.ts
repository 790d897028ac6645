/** Clinics of a practice, where its visits happen, named by the clinic system's own ids. */
import type { upsertClinicRequest } from '@dermis/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { clinic } from '../../db/schema';
import { rowDiffers } from '../../db/upsert-changes';
import { notFound } from '../../lib/http-error';

/** A clinic by the clinic system's id (integration PUT clinics/{externalId} and `dermis clinic:upsert`). */
export async function upsertClinic(
  db: Db,
  practiceId: number,
  externalId: string,
  b: z.output<typeof upsertClinicRequest>,
): Promise<{ id: number; externalId: string; name: string; created: boolean }> {
  const fields = {
    name: b.name,
    phone: b.phone ?? null,
    addressLine1: b.addressLine1 ?? null,
    addressLine2: b.addressLine2 ?? null,
    city: b.city ?? null,
    state: b.state ?? null,
    zipCode: b.zipCode ?? null,
    website: b.website ?? null,
  };
  // Written only when what is sent differs: a clinic system sends its clinics again and again, and
  // a clinic's write moves on the visit lists of every patient with a visit there.
  const [written] = await db
    .insert(clinic)
    .values({ practiceId, externalId, ...fields })
    .onConflictDoUpdate({
      target: [clinic.practiceId, clinic.externalId],
      set: fields,
      setWhere: rowDiffers(clinic, Object.keys(fields) as (keyof typeof fields)[]),
    })
    .returning({ id: clinic.id, name: clinic.name, created: sql<boolean>`(xmax = 0)` });
  if (written) return { ...written, externalId };
  const [same] = await db
    .select({ id: clinic.id, name: clinic.name })
    .from(clinic)
    .where(and(eq(clinic.practiceId, practiceId), eq(clinic.externalId, externalId)));
  if (!same) throw new Error('clinic upsert returned nothing');
  return { ...same, externalId, created: false };
}

/** The practice's clinic with that external id; 404 (integration.error.unknownClinic) otherwise. */
export async function clinicIdByExternalId(db: Db, practiceId: number, externalId: string): Promise<number> {
  const [own] = await db
    .select({ id: clinic.id })
    .from(clinic)
    .where(and(eq(clinic.externalId, externalId), eq(clinic.practiceId, practiceId)))
    .limit(1);
  if (!own) throw notFound('integration.error.unknownClinic');
  return own.id;
}

/** Refuses a clinic id that is not the practice's own (404, as for an unknown one). */
export async function assertOwnClinic(db: Db, practiceId: number, clinicId: number): Promise<void> {
  const [own] = await db
    .select({ id: clinic.id })
    .from(clinic)
    .where(and(eq(clinic.id, clinicId), eq(clinic.practiceId, practiceId)))
    .limit(1);
  if (!own) throw notFound('integration.error.unknownClinic');
}
