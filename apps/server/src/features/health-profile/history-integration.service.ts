/** The clinic's history items (integration API and CLI): one item by the clinic's own id. */
import {
  socialHistoryCategories,
  type SocialHistorySection,
  type upsertHistoryItemRequest,
} from '@dermis/contract';
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { historyItem, patient } from '../../db/schema';
import { patientIdByExternalId } from '../../lib/practice-patients';
import { invalidItem, normalizeItem, normalizeSection, type NormalizedItem } from './health-profile.model';

const social = socialHistoryCategories as Record<
  string,
  (typeof socialHistoryCategories)[SocialHistorySection]
>;

export async function upsertHistoryItem(
  db: Db,
  practiceId: number,
  externalId: string,
  input: z.output<typeof upsertHistoryItemRequest>,
): Promise<{ id: number; externalId: string; created: boolean }> {
  const patientId = await patientIdByExternalId(db, practiceId, input.patientExternalId);
  const item = normalizeItem({
    id: null,
    section: input.sectionId,
    specialType: input.specialType,
    code: input.code,
    name: input.name,
    customValue: input.customValue,
    status: input.status ?? null,
    details: input.details.map((code) => ({ code, customValue: null })),
    active: input.active,
    discontinuationReason: input.discontinuationReason,
  });
  // Criticality is an allergy's only.
  if (input.criticality !== null && (item.section !== 'ALLERGIES' || item.specialType)) throw invalidItem();

  return db.transaction(async (tx) => {
    // Takes turns with the patient's own saves (savePatientItems), so each sees the other's entries.
    await tx.select({ id: patient.id }).from(patient).where(eq(patient.id, patientId)).for('no key update');
    const others = await tx
      .select()
      .from(historyItem)
      .where(
        and(
          eq(historyItem.patientId, patientId),
          eq(historyItem.section, item.section),
          or(isNull(historyItem.externalId), ne(historyItem.externalId, externalId)),
        ),
      );
    const asNormalized = (row: (typeof others)[number]): NormalizedItem => ({ ...row, id: row.id });
    const category = social[item.section];
    let replaced: number[] = [];
    if (category) {
      // The clinic's latest answer wins over the answers it cannot stand beside.
      const clash = (a: string, b: string) =>
        !category.multiple || category.exclusiveOptions.includes(a) || category.exclusiveOptions.includes(b);
      replaced = others.filter((o) => o.code === item.code || clash(item.code, o.code)).map((o) => o.id);
    } else if (!item.specialType) {
      // A real entry displaces the negatives; a discontinued medication does not.
      replaced = item.active ? others.filter((o) => o.specialType).map((o) => o.id) : [];
    } else if (others.some((o) => !o.specialType && o.active)) {
      throw invalidItem();
    } else {
      replaced = others.filter((o) => o.specialType).map((o) => o.id);
    }
    const remaining = others.filter((o) => !replaced.includes(o.id)).map(asNormalized);
    normalizeSection(item.section, [...remaining, item]);

    if (replaced.length > 0) await tx.delete(historyItem).where(inArray(historyItem.id, replaced));
    const fields = {
      patientId,
      section: item.section,
      specialType: item.specialType,
      code: item.code,
      name: item.name,
      customValue: item.customValue,
      status: item.status,
      details: item.details,
      active: item.active,
      discontinuationReason: item.discontinuationReason,
      criticality: input.criticality,
      duplicateKey: item.duplicateKey,
    };
    const [row] = await tx
      .insert(historyItem)
      .values({ practiceId, externalId, ...fields })
      .onConflictDoUpdate({
        target: [historyItem.practiceId, historyItem.externalId],
        set: { ...fields, updatedAt: sql`now()` },
      })
      .returning({ id: historyItem.id, created: sql<boolean>`(xmax = 0)` });
    if (!row) throw new Error('history item upsert returned nothing');
    return { id: row.id, externalId, created: row.created };
  });
}

/** Removes the clinic's item; true when there was one. */
export async function deleteHistoryItem(db: Db, practiceId: number, externalId: string): Promise<boolean> {
  const rows = await db
    .delete(historyItem)
    .where(and(eq(historyItem.practiceId, practiceId), eq(historyItem.externalId, externalId)))
    .returning({ id: historyItem.id });
  return rows.length > 0;
}
