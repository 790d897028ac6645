/**
 * What the health information page shows (spec 001 §3 "Health information"): demographics and the
 * current allergies, medical problems, active medications and smoking status, and the encounters of
 * an export range. Reads the tables the health history and the integration API keep.
 */
import { and, asc, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type {
  CcdaEncounterInfo,
  HealthInfoDemographics,
  HealthInfoResponse,
  HistorySection,
} from '@dermis/contract';
import type { Db } from '../../db/database';
import { preparedPerDatabase } from '../../db/prepared';
import {
  clinic,
  encounter,
  encounterRole,
  historyItem,
  patient,
  patientProfile,
  practice,
  prescription,
  provider,
} from '../../db/schema';

/** An export range as instants: `from` inclusive, `to` exclusive; null is open. */
export interface ExportRange {
  from: Date | null;
  to: Date | null;
}

export interface PatientHeader {
  patientId: number;
  practiceId: number;
  practiceName: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  gender: string;
}

export async function findPatientHeader(db: Db, patientId: number): Promise<PatientHeader | undefined> {
  const [row] = await db
    .select({
      patientId: patient.id,
      practiceId: patient.practiceId,
      practiceName: practice.name,
      firstName: patient.firstName,
      lastName: patient.lastName,
      dateOfBirth: patient.dateOfBirth,
      gender: patient.gender,
    })
    .from(patient)
    .innerJoin(practice, eq(practice.id, patient.practiceId))
    .where(eq(patient.id, patientId))
    .limit(1);
  return row;
}

/**
 * Active, named history items of some sections, oldest first (what the patient entered first leads):
 * only the columns the page shows, prepared (a long history is a thousand rows, read on every visit
 * of the page).
 */
const activeItemsStatement = preparedPerDatabase((db) =>
  db
    .select({ section: historyItem.section, name: historyItem.name, createdAt: historyItem.createdAt })
    .from(historyItem)
    .where(
      and(
        eq(historyItem.patientId, sql.placeholder('patientId')),
        sql`${historyItem.section} = ANY(${sql.placeholder('sections')}::text[])`,
        eq(historyItem.active, true),
        isNull(historyItem.specialType),
      ),
    )
    .orderBy(asc(historyItem.createdAt), asc(historyItem.id))
    .prepare('health_info_active_items'),
);

export function activeHistoryItems(db: Db, patientId: number, sections: readonly HistorySection[]) {
  return activeItemsStatement(db).execute({ patientId, sections: [...sections] });
}

/** The names of the patient's active prescriptions, alphabetical. */
const activePrescriptionsStatement = preparedPerDatabase((db) =>
  db
    .select({ name: prescription.fdbDescription })
    .from(prescription)
    .where(and(eq(prescription.patientId, sql.placeholder('patientId')), eq(prescription.status, 'ACTIVE')))
    .orderBy(asc(prescription.fdbDescription))
    .prepare('health_info_active_prescriptions'),
);

/** A history item's name (its `customValue` is the concept type, e.g. "IN", never shown). */
export const itemName = (item: { name: string }) => item.name;

/** The patient's demographics (header and profile, read together), or undefined for no patient. */
export async function loadDemographics(
  db: Db,
  patientId: number,
): Promise<HealthInfoDemographics | undefined> {
  const [header, [profile]] = await Promise.all([
    findPatientHeader(db, patientId),
    db
      .select({
        races: patientProfile.races,
        ethnicities: patientProfile.ethnicities,
        language: patientProfile.preferredLanguageIsoCode,
      })
      .from(patientProfile)
      .where(eq(patientProfile.patientId, patientId))
      .limit(1),
  ]);
  if (!header) return undefined;
  return {
    firstName: header.firstName,
    lastName: header.lastName,
    dateOfBirth: header.dateOfBirth,
    gender: header.gender,
    preferredLanguageIsoCode: profile?.language ?? null,
    races: profile?.races ?? [],
    ethnicities: profile?.ethnicities ?? [],
  };
}

/** The whole summary, oldest recorded first: the spec's call, the PDF and the export read this. */
export async function loadHealthInfo(db: Db, patientId: number): Promise<HealthInfoResponse | undefined> {
  // Independent reads, sent together (on PostgreSQL, over as many pooled connections).
  const [demographics, items, prescriptions] = await Promise.all([
    loadDemographics(db, patientId),
    activeHistoryItems(db, patientId, ['ALLERGIES', 'MEDICATIONS', 'PAST_MEDICAL_HISTORY', 'SMOKING']),
    activePrescriptionsStatement(db).execute({ patientId }),
  ]);
  if (!demographics) return undefined;
  const named = (section: HistorySection) =>
    items.filter((i) => i.section === section).map((i) => ({ name: itemName(i) }));
  const medications = named('MEDICATIONS');
  const known = new Set(medications.map((m) => m.name.toLowerCase()));
  for (const p of prescriptions) if (!known.has(p.name.toLowerCase())) medications.push({ name: p.name });

  return {
    demographics,
    allergies: named('ALLERGIES'),
    medications,
    medicalProblems: items
      .filter((i) => i.section === 'PAST_MEDICAL_HISTORY')
      .map((i) => ({ name: itemName(i), dateDiagnosed: i.createdAt.toISOString().slice(0, 10) })),
    smokingStatusList: named('SMOKING'),
  };
}

/** The encounters whose date of service falls in the range, newest first, with their providers. */
export async function encountersInRange(
  db: Db,
  patientId: number,
  range: ExportRange,
): Promise<CcdaEncounterInfo[]> {
  const now = new Date();
  const rows = await db
    .select({
      encounterId: encounter.id,
      dateOfService: encounter.dateOfService,
      clinicName: clinic.name,
      providerNames: sql<string[]>`coalesce((
        SELECT array_agg(trim(${provider.firstName} || ' ' || ${provider.lastName}
          || coalesce(', ' || ${provider.credentials}, '')) ORDER BY ${encounterRole.position})
        FROM ${encounterRole} JOIN ${provider} ON ${provider.id} = ${encounterRole.providerId}
        WHERE ${encounterRole.encounterId} = ${encounter.id}), '{}')`,
    })
    .from(encounter)
    .leftJoin(clinic, eq(clinic.id, encounter.clinicId))
    .where(
      and(
        eq(encounter.patientId, patientId),
        range.from ? gte(encounter.dateOfService, range.from) : undefined,
        // Never later than now: a booked visit is an appointment, not care to summarise.
        lt(encounter.dateOfService, range.to && range.to < now ? range.to : now),
      ),
    )
    .orderBy(desc(encounter.dateOfService), desc(encounter.id));
  return rows.map((r) => ({
    encounterId: r.encounterId,
    encounterDateOfService: r.dateOfService.toISOString(),
    providerNames: r.providerNames,
    clinicName: r.clinicName,
  }));
}
