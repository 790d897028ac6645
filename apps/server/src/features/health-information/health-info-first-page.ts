/**
 * The summary's first page (decision 266): the newest entries of allergies, medications and
 * problems, each list cut in SQL (ORDER BY ... LIMIT), and every list's size counted by one
 * statement. "Newest" is when the entry was recorded (`created_at`, then id), the one date every
 * entry has; a medication is a history entry or, when the history does not name it, an active
 * prescription, so both are ranked together in one statement.
 */
import { and, desc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { HealthInfoList, HealthInfoResponse, HealthInfoTotals, HistorySection } from '@dermis/contract';
import type { Db } from '../../db/database';
import { preparedPerDatabase } from '../../db/prepared';
import { historyItem, patient, prescription } from '../../db/schema';
import { activeHistoryItems, itemName, loadDemographics } from './health-info.repository';

/** Active, named history items of one section (the filter every list shares). */
const activeOf = (section: HistorySection | ReturnType<typeof sql.placeholder>) =>
  and(
    eq(historyItem.patientId, sql.placeholder('patientId')),
    eq(historyItem.section, section as HistorySection),
    eq(historyItem.active, true),
    isNull(historyItem.specialType),
  );

/**
 * An active prescription the history's medications do not already name (case aside). NOT IN over the
 * names (never null on either side, so it means what NOT EXISTS would) lets the database hash the
 * history's names once: as a correlated NOT EXISTS, PGlite compared every prescription with every
 * medication, 105 ms a request for 300 of each.
 */
const unnamedPrescriptionsOf = (db: Db) =>
  and(
    eq(prescription.patientId, sql.placeholder('patientId')),
    eq(prescription.status, 'ACTIVE'),
    notInArray(
      sql`lower(${prescription.fdbDescription})`,
      db
        .select({ name: sql`lower(${historyItem.name})` })
        .from(historyItem)
        .where(activeOf('MEDICATIONS')),
    ),
  );

/** The newest `limit` active items of one section (LIMIT NULL: all of them). */
const newestItemsStatement = preparedPerDatabase((db) =>
  db
    .select({ name: historyItem.name, createdAt: historyItem.createdAt })
    .from(historyItem)
    .where(activeOf(sql.placeholder('section')))
    .orderBy(desc(historyItem.createdAt), desc(historyItem.id))
    .limit(sql.placeholder('limit'))
    .prepare('health_info_newest_items'),
);

/** The newest `limit` medications: history entries and unnamed active prescriptions together. */
const newestMedicationsStatement = preparedPerDatabase((db) =>
  unionAll(
    db
      .select({ name: historyItem.name, recordedAt: historyItem.createdAt, id: historyItem.id })
      .from(historyItem)
      .where(activeOf('MEDICATIONS')),
    db
      .select({ name: prescription.fdbDescription, recordedAt: prescription.createdAt, id: prescription.id })
      .from(prescription)
      .where(unnamedPrescriptionsOf(db)),
  )
    // A set operation orders by its output columns: the first select's, named without a table.
    .orderBy(
      sql`${sql.identifier(historyItem.createdAt.name)} desc`,
      sql`${sql.identifier(historyItem.id.name)} desc`,
    )
    .limit(sql.placeholder('limit'))
    .prepare('health_info_newest_medications'),
);

const countItems = (section: HistorySection) =>
  sql<number>`(select count(*)::int from ${historyItem} where ${activeOf(section)})`.mapWith(Number);

/** Every list's size, one statement of scalar counts (null: no such patient). */
const totalsStatement = preparedPerDatabase((db) =>
  db
    .select({
      allergies: countItems('ALLERGIES'),
      medicalProblems: countItems('PAST_MEDICAL_HISTORY'),
      medications:
        sql<number>`(${countItems('MEDICATIONS')} + (select count(*)::int from ${prescription} where ${unnamedPrescriptionsOf(db)}))`.mapWith(
          Number,
        ),
    })
    .from(patient)
    .where(eq(patient.id, sql.placeholder('patientId')))
    .prepare('health_info_totals'),
);

export interface FirstPageAsk {
  /** At most this many of each list; absent with `list`: that list whole. */
  limit?: number;
  /** Only this list (the others answer empty). */
  list?: HealthInfoList;
}

/** The summary with each list's newest entries and every list's total. */
export async function loadHealthInfoFirstPage(
  db: Db,
  patientId: number,
  ask: FirstPageAsk,
): Promise<HealthInfoResponse | undefined> {
  const limit = ask.limit ?? null;
  const wanted = (list: HealthInfoList) => !ask.list || ask.list === list;
  const none = Promise.resolve([]);
  const [demographics, [totals], allergies, medications, problems, smoking] = await Promise.all([
    loadDemographics(db, patientId),
    totalsStatement(db).execute({ patientId }) as Promise<HealthInfoTotals[]>,
    wanted('allergies') ? newestItemsStatement(db).execute({ patientId, section: 'ALLERGIES', limit }) : none,
    wanted('medications') ? newestMedicationsStatement(db).execute({ patientId, limit }) : none,
    wanted('medicalProblems')
      ? newestItemsStatement(db).execute({ patientId, section: 'PAST_MEDICAL_HISTORY', limit })
      : none,
    // The smoking status is one or two entries: never cut, left out when one list is asked.
    ask.list ? none : activeHistoryItems(db, patientId, ['SMOKING']),
  ]);
  if (!demographics || !totals) return undefined;
  return {
    demographics,
    allergies: allergies.map((i) => ({ name: itemName(i) })),
    medications: medications.map((m) => ({ name: m.name })),
    medicalProblems: problems.map((i) => ({
      name: itemName(i),
      dateDiagnosed: i.createdAt.toISOString().slice(0, 10),
    })),
    smokingStatusList: smoking.map((i) => ({ name: itemName(i) })),
    totals,
  };
}
