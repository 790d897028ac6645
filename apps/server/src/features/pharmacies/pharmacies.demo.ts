/**
 * Demo data of the pharmacies: the synthetic pharmacy directory (so the pharmacies page
 * and its map show stores near Naples on a fresh demo) and Maria's one favorite pharmacy, near the
 * clinic.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { pharmacy } from '../../db/schema';
import type { DemoContext } from '../../demo/seed';
import { saveFavoritePharmacyChanges } from './favorite-pharmacies.repository';
import { upsertPharmacies } from './pharmacy-directory.repository';
import { demoFavoriteKey, syntheticPharmacies } from './synthetic-pharmacies';

export async function seedPharmacies(tx: Db, demo: DemoContext): Promise<void> {
  await upsertPharmacies(tx, await syntheticPharmacies());
  const [favorite] = await tx
    .select({ id: pharmacy.id })
    .from(pharmacy)
    .where(eq(pharmacy.syntheticKey, demoFavoriteKey));
  if (!favorite) throw new Error('the synthetic pharmacies have no demo favorite');
  await saveFavoritePharmacyChanges(tx, demo.patients.maria, [
    { pharmacyId: favorite.id, changeStatus: 'NEW' },
  ]);
}
