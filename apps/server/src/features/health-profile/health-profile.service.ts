/**
 * subjective/getPatientSubjectiveAndTemplateItems and subjective/savePatientSubjectiveItems: a
 * patient's history items, read and replaced section by section (contract health-profile.ts).
 */
import {
  attributeOrder,
  historySection,
  listSections,
  type HistorySection,
  type HistoryTotals,
  type PatientSubjectiveItemsResponse,
  type SubjectiveType,
  type savePatientSubjectiveItemsRequest,
} from '@dermis/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { preparedPerDatabase } from '../../db/prepared';
import { encounter, encounterRole, historyItem, patient, provider } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import {
  invalidItem,
  normalizeItem,
  normalizeSection,
  sectionTemplates,
  toSubjectiveItem,
  type NormalizedItem,
} from './health-profile.model';

type SaveRequest = z.output<typeof savePatientSubjectiveItemsRequest>;

/** The columns a history item's answer is made of. */
const itemColumns = {
  id: historyItem.id,
  section: historyItem.section,
  specialType: historyItem.specialType,
  code: historyItem.code,
  name: historyItem.name,
  customValue: historyItem.customValue,
  status: historyItem.status,
  details: historyItem.details,
  active: historyItem.active,
  discontinuationReason: historyItem.discontinuationReason,
  externalId: historyItem.externalId,
  updatedAt: historyItem.updatedAt,
};

/**
 * The whole history, or for the other types (ROS, HPI) no items, with `totals` (all zero) when the
 * caller asked for a part. A part of the HISTORY is answered by history-part-json.ts.
 */
export async function loadPatientItems(
  db: Db,
  patientId: number,
  type: SubjectiveType,
  asksPart = false,
): Promise<PatientSubjectiveItemsResponse> {
  // Only HISTORY items exist; ROS and HPI belong to the clinic's visit notes and answer empty.
  if (type !== 'HISTORY')
    return { patientId, type, items: [], templates: [], ...(asksPart ? { totals: noTotals() } : {}) };
  const rows = await patientItemsStatement(db).execute({ patientId });
  return { patientId, type, items: rows.filter(named).map(toSubjectiveItem), templates: sectionTemplates };
}

function noTotals(): HistoryTotals {
  return Object.fromEntries(listSections.map((s) => [s, 0])) as HistoryTotals;
}

// Spec §4: an item without a name is not shown (a clinic feed could only send one by mistake). A part
// of the history leaves them out in the database (history-part-json.ts), so a list's newest and its
// total count the same items.
const named = (row: { name: string }) => row.name.trim() !== '';

const sectionPlace = sql.raw(`ARRAY[${historySection.options.map((o) => `'${o}'`).join(',')}]::text[]`);

/**
 * A patient's history items in the sections' order, then as entered: sorted by the database (the
 * section's place in the contract's list), with only the columns the answer shows, prepared (the
 * health profile's first read; a long history is some 1,500 rows).
 */
const patientItemsStatement = preparedPerDatabase((db) =>
  db
    .select(itemColumns)
    .from(historyItem)
    .where(eq(historyItem.patientId, sql.placeholder('patientId')))
    .orderBy(sql`array_position(${sectionPlace}, ${historyItem.section})`, asc(historyItem.id))
    .prepare('history_items_of_patient'),
);

/**
 * The encounter (complaintId) and provider of a history call, when given: the encounter must be the
 * patient's, the provider one of the patient's practice. Answers 404 otherwise (after the guard, so
 * the caller may already see the patient).
 */
export async function resolveContext(
  db: Db,
  patientId: number,
  complaintId: number | null | undefined,
  providerId: number | null | undefined,
): Promise<{ encounterId: number | null; providerId: number | null }> {
  let encounterId: number | null = null;
  if (complaintId) {
    const [row] = await db
      .select({ id: encounter.id })
      .from(encounter)
      .where(and(eq(encounter.id, complaintId), eq(encounter.patientId, patientId)))
      .limit(1);
    if (!row) throw notFound('encounter.error.notFound');
    encounterId = row.id;
  }
  let resolvedProvider: number | null = null;
  if (providerId) {
    const [row] = await db
      .select({ id: provider.id })
      .from(provider)
      .innerJoin(patient, eq(patient.practiceId, provider.practiceId))
      .where(and(eq(provider.id, providerId), eq(patient.id, patientId)))
      .limit(1);
    if (!row) throw notFound();
    resolvedProvider = row.id;
  } else if (encounterId) {
    // Spec §6: the encounter's PROVIDER role is the one used in the encounter flow.
    const [role] = await db
      .select({ providerId: encounterRole.providerId })
      .from(encounterRole)
      .where(and(eq(encounterRole.encounterId, encounterId), eq(encounterRole.role, 'PROVIDER')))
      .orderBy(asc(encounterRole.position))
      .limit(1);
    resolvedProvider = role?.providerId ?? null;
  }
  return { encounterId, providerId: resolvedProvider };
}

function valuesOf(item: SaveRequest['items'][number], order: number) {
  return item.attributes.find((a) => a.order === order)?.values ?? [];
}

/** The request's items, each through the rules, grouped by the sections the save replaces. */
export function normalizeSave(request: SaveRequest): Map<HistorySection, NormalizedItem[]> {
  const sections = new Set<HistorySection>(request.sections ?? request.items.map((i) => i.sectionId));
  const bySection = new Map<HistorySection, NormalizedItem[]>([...sections].map((s) => [s, []]));
  for (const item of request.items) {
    const list = bySection.get(item.sectionId);
    if (!list) throw invalidItem();
    const primary = valuesOf(item, attributeOrder.primary);
    if (primary.length !== 1 || !primary[0]) throw invalidItem();
    if (item.primaryAttributeValue !== undefined && item.primaryAttributeValue !== primary[0].value)
      throw invalidItem();
    const status = valuesOf(item, attributeOrder.status)[0]?.value ?? null;
    const third = valuesOf(item, attributeOrder.detail);
    list.push(
      normalizeItem({
        id: item.id ?? null,
        section: item.sectionId,
        specialType: item.specialType,
        code: primary[0].value,
        name: primary[0].description,
        customValue: primary[0].customValue,
        status,
        details:
          item.sectionId === 'MEDICATIONS'
            ? []
            : third.map((v) => ({ code: v.value, customValue: v.customValue })),
        active: item.active,
        discontinuationReason: item.sectionId === 'MEDICATIONS' ? (third[0]?.value ?? null) : null,
      }),
    );
  }
  for (const [section, items] of bySection) bySection.set(section, normalizeSection(section, items));
  return bySection;
}

/** Replaces the sections of the request; items keep their ids, the rest of each section is removed. */
export async function savePatientItems(
  db: Db,
  patientId: number,
  request: SaveRequest,
): Promise<PatientSubjectiveItemsResponse> {
  if (request.type !== 'HISTORY') throw invalidItem();
  const bySection = normalizeSave(request);
  const context = await resolveContext(db, patientId, request.complaintId, request.providerId);
  const [owner] = await db
    .select({ practiceId: patient.practiceId })
    .from(patient)
    .where(eq(patient.id, patientId))
    .limit(1);
  if (!owner) throw notFound();

  await db.transaction(async (tx) => {
    // Saves of one patient's history take turns: each then sees what the one before it stored, so
    // two identical saves store the new entry once (history_item_duplicate_unique is the last word).
    await tx.select({ id: patient.id }).from(patient).where(eq(patient.id, patientId)).for('no key update');
    for (const [section, items] of bySection) {
      const existing = await tx
        .select({ id: historyItem.id })
        .from(historyItem)
        .where(and(eq(historyItem.patientId, patientId), eq(historyItem.section, section)));
      const existingIds = new Set(existing.map((r) => r.id));
      const keptIds = new Set<number>();
      for (const item of items) {
        if (item.id !== null) {
          // An id must be an item of this patient and section, named once.
          if (!existingIds.has(item.id) || keptIds.has(item.id)) throw invalidItem();
          keptIds.add(item.id);
        }
      }
      const removed = [...existingIds].filter((id) => !keptIds.has(id));
      if (removed.length > 0) await tx.delete(historyItem).where(inArray(historyItem.id, removed));
      for (const item of items) {
        const fields = {
          specialType: item.specialType,
          code: item.code,
          name: item.name,
          customValue: item.customValue,
          status: item.status,
          details: item.details,
          active: item.active,
          discontinuationReason: item.discontinuationReason,
          duplicateKey: item.duplicateKey,
          encounterId: context.encounterId,
          providerId: context.providerId,
        };
        if (item.id !== null) {
          await tx
            .update(historyItem)
            .set({
              ...fields,
              // The clinic's assessment holds for the allergen it assessed: kept while the patient
              // edits the entry's reactions, dropped when they change the allergen itself.
              criticality: sql`CASE WHEN ${historyItem.code} = ${item.code} THEN ${historyItem.criticality} END`,
              updatedAt: new Date(),
            })
            .where(eq(historyItem.id, item.id));
        } else {
          await tx
            .insert(historyItem)
            .values({ ...fields, practiceId: owner.practiceId, patientId, section });
        }
      }
    }
  });
  return loadPatientItems(db, patientId, 'HISTORY');
}
