/**
 * The summary's first page (decision 266): the newest entries of allergies, medications and
 * problems, each list cut in SQL (ORDER BY ... LIMIT), and every list's size. "Newest" is when the
 * entry was recorded (`created_at`, then id), the one date every entry has; a medication is a
 * history entry or, when the history does not name it, an active prescription, so both are ranked
 * together.
 *
 * The whole answer is one prepared statement (decision 278): the demographics as the row's columns,
 * each list as a JSON array column already in the answer's shape, the totals as the row the
 * database keeps for the patient (decision 307): counted on every request, they were most of the
 * statement's time for a long record. The lists hold names and a UTC day only, so nothing in the JSON
 * needed the driver's conversion.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { HealthInfoList, HealthInfoResponse, HistorySection } from '@dermis/contract';
import type { Db } from '../../db/database';
import { preparedPerDatabase } from '../../db/prepared';
import {
  healthListTotal,
  historyItem,
  patient,
  patientProfile,
  practice,
  prescription,
} from '../../db/schema';

/**
 * Active, named history items of one section. Written without parameters for `active` and the
 * special type, so that a prepared (generic) plan still matches the partial index of migration 0477,
 * which keeps each section's entries newest first.
 */
const activeOf = (section: HistorySection) =>
  sql`${historyItem.patientId} = ${sql.placeholder('patientId')} AND ${historyItem.section} = ${sql.raw(`'${section}'`)}
    AND ${historyItem.active} AND ${historyItem.specialType} IS NULL`;

/**
 * An active prescription the history's medications do not already name (case aside): one probe of
 * the medications' index by name (migration 0489) a prescription, so that the newest prescriptions
 * are read from their own index and the read stops at the limit. As a NOT IN over every name, the
 * database lowercased and hashed every medication and scanned every prescription on each request.
 * OFFSET 0 keeps the probe a subquery run for each prescription with its name: made a join, PGlite
 * (no statistics) compared every medication with every prescription read, 30 ms a request.
 */
const unnamedPrescription = sql`${prescription.patientId} = ${sql.placeholder('patientId')}
  AND ${prescription.status} = 'ACTIVE'
  AND NOT EXISTS (SELECT 1 FROM ${historyItem} WHERE ${activeOf('MEDICATIONS')}
    AND lower(${historyItem.name}) = lower(${prescription.fdbDescription}) OFFSET 0)`;

/**
 * The newest `limit` entries of `entries` (a query of `name`, `created_at`, `id`) as one JSON array,
 * each entry `shown` (by default `{ name }`).
 */
const newestOf = <Shown>(entries: SQL, limit: string, shown: SQL = sql`json_build_object('name', e.name)`) =>
  sql<Shown[]>`(SELECT coalesce(json_agg(${shown} ORDER BY e.created_at DESC, e.id DESC), '[]'::json)
    FROM (${entries} ORDER BY created_at DESC, id DESC LIMIT ${sql.placeholder(limit)}) e)`;

const itemsOf = (section: HistorySection) =>
  sql`SELECT ${historyItem.name}, ${historyItem.createdAt}, ${historyItem.id} FROM ${historyItem} WHERE ${activeOf(section)}`;

/**
 * The newest `medicationsLimit` of either kind: each kind cut to that many first, each by walking
 * its index newest first, so that only those are merged and sorted (not every entry of both).
 */
const newestFirstUpTo = sql`ORDER BY created_at DESC, id DESC LIMIT ${sql.placeholder('medicationsLimit')}`;
const medications = sql`(${itemsOf('MEDICATIONS')} ${newestFirstUpTo}) UNION ALL
  (SELECT ${prescription.fdbDescription} AS name, ${prescription.createdAt}, ${prescription.id}
    FROM ${prescription} WHERE ${unnamedPrescription} ${newestFirstUpTo})`;

const firstPageStatement = preparedPerDatabase((db) =>
  db
    .select({
      firstName: patient.firstName,
      lastName: patient.lastName,
      dateOfBirth: patient.dateOfBirth,
      gender: patient.gender,
      preferredLanguageIsoCode: patientProfile.preferredLanguageIsoCode,
      races: patientProfile.races,
      ethnicities: patientProfile.ethnicities,
      allergies: newestOf<{ name: string }>(itemsOf('ALLERGIES'), 'allergiesLimit'),
      medications: newestOf<{ name: string }>(medications, 'medicationsLimit'),
      // A problem's date diagnosed is the UTC day it was recorded (what toISOString() starts with).
      medicalProblems: newestOf<HealthInfoResponse['medicalProblems'][number]>(
        itemsOf('PAST_MEDICAL_HISTORY'),
        'problemsLimit',
        sql`json_build_object('name', e.name, 'dateDiagnosed', to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'))`,
      ),
      // The smoking status (one or two entries) is never cut, and left out when one list is asked;
      // oldest first, as the whole summary lists it.
      smokingStatusList: sql<{ name: string }[]>`(SELECT coalesce(json_agg(json_build_object('name', e.name)
          ORDER BY e.created_at, e.id), '[]'::json)
        FROM (${itemsOf('SMOKING')} LIMIT ${sql.placeholder('smokingLimit')}) e)`,
      // Kept by the database's triggers (migration 0489); a patient without a row has no entry.
      allergiesTotal: sql<number>`coalesce(${healthListTotal.allergies}, 0)`,
      medicationsTotal: sql<number>`coalesce(${healthListTotal.medications}, 0)`,
      medicalProblemsTotal: sql<number>`coalesce(${healthListTotal.medicalProblems}, 0)`,
    })
    .from(patient)
    .innerJoin(practice, eq(practice.id, patient.practiceId))
    .leftJoin(patientProfile, eq(patientProfile.patientId, patient.id))
    .leftJoin(healthListTotal, eq(healthListTotal.patientId, patient.id))
    .where(eq(patient.id, sql.placeholder('patientId')))
    .limit(1)
    .prepare('health_info_first_page'),
);

export interface FirstPageAsk {
  /** At most this many of each list; absent with `list`: that list whole. */
  limit?: number;
  /** Only this list (the others answer empty). */
  list?: HealthInfoList;
}

/** The summary with each list's newest entries and every list's total, or undefined for no patient. */
export async function loadHealthInfoFirstPage(
  db: Db,
  patientId: number,
  ask: FirstPageAsk,
): Promise<HealthInfoResponse | undefined> {
  // LIMIT NULL is no limit (the list whole); LIMIT 0 reads nothing (a list not asked).
  const limitOf = (list: HealthInfoList) => (!ask.list || ask.list === list ? (ask.limit ?? null) : 0);
  const [row] = await firstPageStatement(db).execute({
    patientId,
    allergiesLimit: limitOf('allergies'),
    medicationsLimit: limitOf('medications'),
    problemsLimit: limitOf('medicalProblems'),
    smokingLimit: ask.list ? 0 : null,
  });
  if (!row) return undefined;
  return {
    demographics: {
      firstName: row.firstName,
      lastName: row.lastName,
      dateOfBirth: row.dateOfBirth,
      gender: row.gender,
      preferredLanguageIsoCode: row.preferredLanguageIsoCode,
      races: row.races ?? [],
      ethnicities: row.ethnicities ?? [],
    },
    allergies: row.allergies,
    medications: row.medications,
    medicalProblems: row.medicalProblems,
    smokingStatusList: row.smokingStatusList,
    totals: {
      allergies: row.allergiesTotal,
      medications: row.medicationsTotal,
      medicalProblems: row.medicalProblemsTotal,
    },
  };
}
