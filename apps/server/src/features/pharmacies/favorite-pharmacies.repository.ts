/**
 * A patient's favorite pharmacies (spec 001 §3, §4): read in the order added, and changed item by
 * item (NEW adds, DELETED removes) in one transaction. The favorite refers to the directory row; the
 * address a client sends with NEW is not stored (the directory's own address is what the patient
 * sees, and a pharmacy the NPPES file deactivates stays readable, see migration 0055).
 *
 * Refusals: a pharmacy id twice in one request or a favorite list over the limit is a 400; NEW of a
 * pharmacy not in the directory (or no longer offered) and DELETED of a pharmacy that is not a
 * favorite are a 404. NEW of a pharmacy already a favorite changes nothing.
 */
import { favoritePharmaciesMax, type PatientPharmacyInfo, type Pharmacy } from '@dermis/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { preparedPerDatabase } from '../../db/prepared';
import { favoritePharmacy, pharmacy } from '../../db/schema';
import { invalidField, notFound } from '../../lib/http-error';
import { pharmacyShown, toPharmacy } from './pharmacy-directory.repository';

/** The favorites in the order added, prepared with only the columns shown (decision 269). */
const favoritesStatement = preparedPerDatabase((db) =>
  db
    .select(pharmacyShown)
    .from(favoritePharmacy)
    .innerJoin(pharmacy, eq(pharmacy.id, favoritePharmacy.pharmacyId))
    .where(eq(favoritePharmacy.patientId, sql.placeholder('patientId')))
    .orderBy(asc(favoritePharmacy.addedAt), asc(pharmacy.id))
    .prepare('favorite_pharmacies'),
);

export async function loadFavoritePharmacies(db: Db, patientId: number): Promise<Pharmacy[]> {
  const rows = await favoritesStatement(db).execute({ patientId });
  return rows.map((row) => toPharmacy(row, true));
}

export async function saveFavoritePharmacyChanges(
  db: Db,
  patientId: number,
  changes: readonly PatientPharmacyInfo[],
): Promise<Pharmacy[]> {
  const ids = changes.map((change) => change.pharmacyId);
  if (new Set(ids).size !== ids.length)
    throw invalidField('patientPharmacyInfoList', 'server.error.favoritePharmacyTwice');
  const added = changes.filter((c) => c.changeStatus === 'NEW').map((c) => c.pharmacyId);
  const removed = changes.filter((c) => c.changeStatus === 'DELETED').map((c) => c.pharmacyId);

  await db.transaction(async (tx) => {
    // Serialises concurrent saves of one patient's favorites (the limit check below).
    await tx.execute(sql`select pg_advisory_xact_lock(${0x0f4a_0000}, ${patientId})`);
    const current = new Set(
      (
        await tx
          .select({ id: favoritePharmacy.pharmacyId })
          .from(favoritePharmacy)
          .where(eq(favoritePharmacy.patientId, patientId))
      ).map((row) => row.id),
    );
    const notFavorite = removed.find((id) => !current.has(id));
    if (notFavorite !== undefined) throw notFound('server.error.favoritePharmacyNotFound');

    const fresh = added.filter((id) => !current.has(id));
    if (fresh.length > 0) {
      const known = new Set(
        (
          await tx
            .select({ id: pharmacy.id })
            .from(pharmacy)
            .where(and(inArray(pharmacy.id, fresh), eq(pharmacy.active, true)))
        ).map((row) => row.id),
      );
      if (fresh.some((id) => !known.has(id))) throw notFound('server.error.pharmacyNotFound');
    }
    if (current.size - removed.length + fresh.length > favoritePharmaciesMax)
      throw invalidField('patientPharmacyInfoList', 'server.error.favoritePharmaciesMax', {
        max: favoritePharmaciesMax,
      });

    if (removed.length > 0)
      await tx
        .delete(favoritePharmacy)
        .where(and(eq(favoritePharmacy.patientId, patientId), inArray(favoritePharmacy.pharmacyId, removed)));
    if (fresh.length > 0)
      await tx
        .insert(favoritePharmacy)
        .values(fresh.map((pharmacyId) => ({ patientId, pharmacyId })))
        .onConflictDoNothing();
  });
  return loadFavoritePharmacies(db, patientId);
}
