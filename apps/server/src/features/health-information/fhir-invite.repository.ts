/**
 * FHIR invite codes (decision 095): the practice issues one (reissuing revokes the current code) and
 * revokes it; the patient reads the current one. Issuing grants the patient's `hasFhirPermission`
 * and sets `patientFhirInvite`; revoking clears both, so the profile answers them without a join.
 */
import { randomInt } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { preparedPerDatabase } from '../../db/prepared';
import { fhirInvite, patient } from '../../db/schema';

/** No 0/O or 1/I: the code is read off a screen and typed into an app. */
const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newInviteCode(): string {
  const group = () => Array.from({ length: 4 }, () => alphabet[randomInt(alphabet.length)]).join('');
  return `${group()}-${group()}-${group()}`;
}

export async function issueInvite(db: Db, patientId: number): Promise<{ code: string; issuedAt: Date }> {
  return db.transaction(async (tx) => {
    await tx
      .update(fhirInvite)
      .set({ revokedAt: new Date() })
      .where(and(eq(fhirInvite.patientId, patientId), isNull(fhirInvite.revokedAt)));
    const [row] = await tx
      .insert(fhirInvite)
      .values({ patientId, code: newInviteCode() })
      .returning({ code: fhirInvite.code, issuedAt: fhirInvite.issuedAt });
    await tx
      .update(patient)
      .set({ patientFhirInvite: true, hasFhirPermission: true })
      .where(eq(patient.id, patientId));
    if (!row) throw new Error('fhir_invite insert returned nothing');
    return row;
  });
}

/** Revokes the current code; false when there was none. */
export async function revokeInvite(db: Db, patientId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const revoked = await tx
      .update(fhirInvite)
      .set({ revokedAt: new Date() })
      .where(and(eq(fhirInvite.patientId, patientId), isNull(fhirInvite.revokedAt)))
      .returning({ id: fhirInvite.id });
    await tx
      .update(patient)
      .set({ patientFhirInvite: false, hasFhirPermission: false })
      .where(eq(patient.id, patientId));
    return revoked.length > 0;
  });
}

/**
 * The current code of a patient whose FHIR features are on (spec 000 §6: hasFhirPermission and
 * patientFhirInvite), in one prepared statement: the Health Information page asks on every load.
 */
const shownInviteStatement = preparedPerDatabase((db) =>
  db
    .select({ code: fhirInvite.code, issuedAt: fhirInvite.issuedAt })
    .from(fhirInvite)
    .innerJoin(patient, eq(patient.id, fhirInvite.patientId))
    .where(
      and(
        eq(fhirInvite.patientId, sql.placeholder('patientId')),
        isNull(fhirInvite.revokedAt),
        eq(patient.hasFhirPermission, true),
        eq(patient.patientFhirInvite, true),
      ),
    )
    .orderBy(desc(fhirInvite.issuedAt))
    .limit(1)
    .prepare('fhir_invite_shown'),
);

export async function shownInvite(db: Db, patientId: number) {
  const [row] = await shownInviteStatement(db).execute({ patientId });
  return row;
}
