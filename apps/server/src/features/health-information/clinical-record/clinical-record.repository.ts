/**
 * Reads of the clinical record a clinic feeds (decision 220): results, vital signs,
 * immunizations, clinical notes, the plan of care and structured prescriptions, each for one patient
 * and an optional range. The portal's Health Information page, the C-CDA export and the PDF read
 * the record through these, so what a patient may see is decided here once: results only once
 * released (decision 221).
 *
 * Each section is placed in a range by its clinically relevant time: results by the time the
 * specimen was taken, vital signs by the time they were measured, immunizations by the time given
 * (or declined), notes by the time written, plan-of-care items, goals and concerns by the time the
 * clinic recorded them, prescriptions by the day written.
 */
import { healthStatusCodes, isHealthStatusCode, type HealthStatusCode } from '@dermis/contract';
import { and, asc, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/database';
import { preparedPerDatabase } from '../../../db/prepared';
import {
  carePlanItem,
  careGoal,
  clinicalNote,
  encounter,
  healthConcern,
  healthStatus,
  immunization,
  patient,
  prescription,
  resultObservation,
  resultRead,
  resultReport,
  resultReportStatus,
  vitalSign,
  vitalSignSet,
} from '../../../db/schema';
import type { ExportRange } from '../health-info.repository';

export type { ExportRange };

/** Who recorded an item and when (C-CDA author; FHIR Provenance). */
export interface Provenance {
  authorName: string;
  authorNpi: string | null;
  /** NUCC taxonomy code of the author's specialty, when known. */
  authorTaxonomyCode: string | null;
  authorOrganization: string;
  recordedAt: Date;
}

/** The visit an item belongs to, named as the clinic names it. */
export interface EncounterRef {
  encounterId: number | null;
  encounterExternalId: string | null;
  encounterDate: Date | null;
}

/**
 * The reads of this file are prepared statements (decision 284), shared by the portal's page, the
 * C-CDA export, the PDF and the FHIR API: Drizzle builds each once and PostgreSQL plans it once per
 * connection. So what varies is bound: the patient, the range as `from` and `to` (an open end bound as
 * `-infinity` or `infinity`, so every call has the same plain `>=` and `<` on the list's (patient,
 * time) index, and no `is null or` keeps the planner from a generic plan) and the list's `limit`.
 */
export const patientIs = (column: AnyPgColumn) => eq(column, sql.placeholder('patientId'));
const instant = (name: string) => sql`${sql.placeholder(name)}::timestamptz`;
export const inBoundRange = (column: AnyPgColumn) =>
  and(gte(column, instant('from')), lt(column, instant('to')));

/** The values of `inBoundRange`'s placeholders for a range. */
export const rangeBounds = (range: ExportRange) => ({
  from: range.from?.toISOString() ?? '-infinity',
  to: range.to?.toISOString() ?? 'infinity',
});

// PostgreSQL's LIMIT of a bigint: no limit, while the statement keeps one shape.
const noLimit = Number.MAX_SAFE_INTEGER;

/** The bound values of a list read: the patient, the range and the limit (none: all). */
const listValues = (patientId: number, range: ExportRange, limit: number | undefined) => ({
  patientId,
  ...rangeBounds(range),
  limit: limit ?? noLimit,
});

/**
 * The visit of an entry, selected beside it through a LEFT JOIN on `encounter` (no visit: all null).
 * Joined in the entry's own statement rather than looked up after it: one statement and one round
 * trip fewer for each list.
 */
const encounterRef = {
  encounterId: encounter.id,
  encounterExternalId: encounter.externalId,
  encounterDate: encounter.dateOfService,
};

// ---------------------------------------------------------------------------------------- results

export type RecordObservation = typeof resultObservation.$inferSelect;

export interface RecordResult extends Provenance, EncounterRef {
  id: number;
  externalId: string;
  category: 'lab' | 'pathology';
  code: string;
  name: string;
  status: 'preliminary' | 'final' | 'corrected';
  effectiveAt: Date;
  issuedAt: Date;
  specimen: string | null;
  narrative: string | null;
  diagnosisCode: string | null;
  diagnosisDisplay: string | null;
  version: number;
  releasedAt: Date;
  observations: RecordObservation[];
  /** Every status the report had, oldest first (a corrected report lists its preliminary one). */
  statusHistory: { version: number; status: 'preliminary' | 'final' | 'corrected'; issuedAt: Date }[];
  /** Asked with `readBy`: the version that person last read, null when never read (else null too). */
  readVersion?: number | null;
}

export interface ResultOptions {
  /** Results released by this instant (default now); null: every result, released or not. */
  releasedBy?: Date | null;
  category?: 'lab' | 'pathology';
  /** Only the newest this many. */
  limit?: number;
  /** The signed-in person whose read version of each result is wanted (`readVersion`). */
  readBy?: number;
}

/**
 * A report's observations in the clinic's order and its statuses oldest first, each a JSON array
 * beside the report: read with the reports rather than after them, one statement instead of three.
 * The JSON holds only what it gives back unchanged (numbers, text) and a status's instant as ISO text
 * in UTC to the millisecond, what the driver's `Date` kept of it (both cut the microseconds).
 */
const observationsOf = sql<RecordObservation[]>`coalesce(
  (select json_agg(json_build_object(
            'id', ${resultObservation.id}, 'reportId', ${resultObservation.reportId},
            'position', ${resultObservation.position}, 'code', ${resultObservation.code},
            'name', ${resultObservation.name}, 'valueNumeric', ${resultObservation.valueNumeric},
            'valueText', ${resultObservation.valueText}, 'unit', ${resultObservation.unit},
            'referenceLow', ${resultObservation.referenceLow}, 'referenceHigh', ${resultObservation.referenceHigh},
            'referenceText', ${resultObservation.referenceText},
            'interpretation', ${resultObservation.interpretation})
          order by ${resultObservation.position})
   from ${resultObservation} where ${resultObservation.reportId} = ${resultReport.id}),
  '[]')`;
const statusesOf = sql<{ version: number; status: RecordResult['status']; issuedAt: string }[]>`coalesce(
  (select json_agg(json_build_object(
            'version', ${resultReportStatus.version}, 'status', ${resultReportStatus.status},
            'issuedAt', to_char(${resultReportStatus.issuedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
          order by ${resultReportStatus.version})
   from ${resultReportStatus} where ${resultReportStatus.reportId} = ${resultReport.id}),
  '[]')`;

// Every category unless one is asked: one `= ANY` keeps one statement for both.
const everyCategory: RecordResult['category'][] = ['lab', 'pathology'];

/**
 * Results in the range released by `releasedBy` (`infinity`: released or not), of the bound
 * categories, newest specimen first; with the version `readBy` last read (null: never, or nobody
 * asked) by the read's (report, user) key.
 */
const resultsStatement = preparedPerDatabase((db) =>
  db
    .select({
      id: resultReport.id,
      externalId: resultReport.externalId,
      category: resultReport.category,
      code: resultReport.code,
      name: resultReport.name,
      status: resultReport.status,
      effectiveAt: resultReport.effectiveAt,
      issuedAt: resultReport.issuedAt,
      specimen: resultReport.specimen,
      narrative: resultReport.narrative,
      diagnosisCode: resultReport.diagnosisCode,
      diagnosisDisplay: resultReport.diagnosisDisplay,
      version: resultReport.version,
      releasedAt: resultReport.releasedAt,
      authorName: resultReport.authorName,
      authorNpi: resultReport.authorNpi,
      authorTaxonomyCode: resultReport.authorTaxonomyCode,
      authorOrganization: resultReport.authorOrganization,
      recordedAt: resultReport.recordedAt,
      ...encounterRef,
      observations: observationsOf,
      statuses: statusesOf,
      readVersion: sql<number | null>`(select ${resultRead.version} from ${resultRead}
        where ${resultRead.reportId} = ${resultReport.id} and ${resultRead.userId} = ${sql.placeholder('readBy')}::integer)`,
    })
    .from(resultReport)
    .leftJoin(encounter, eq(encounter.id, resultReport.encounterId))
    .where(
      and(
        patientIs(resultReport.patientId),
        inBoundRange(resultReport.effectiveAt),
        lte(resultReport.releasedAt, instant('releasedBy')),
        sql`${resultReport.category} = ANY(${sql.placeholder('categories')}::text[])`,
      ),
    )
    .orderBy(desc(resultReport.effectiveAt), desc(resultReport.id))
    .limit(sql.placeholder('limit'))
    .prepare('record_results'),
);

/** A patient's results in the range, newest specimen first, with observations in the clinic's order. */
export async function resultsInRange(
  db: Db,
  patientId: number,
  range: ExportRange,
  options: ResultOptions = {},
): Promise<RecordResult[]> {
  const releasedBy = options.releasedBy === undefined ? new Date() : options.releasedBy;
  const rows = await resultsStatement(db).execute({
    ...listValues(patientId, range, options.limit),
    releasedBy: releasedBy?.toISOString() ?? 'infinity',
    categories: options.category ? [options.category] : everyCategory,
    readBy: options.readBy ?? null,
  });
  return rows.map(({ statuses, readVersion, ...result }) => ({
    ...result,
    statusHistory: statuses.map((s) => ({
      version: s.version,
      status: s.status,
      issuedAt: new Date(s.issuedAt),
    })),
    readVersion,
  }));
}

// ----------------------------------------------------------------------------------- vital signs

export interface RecordVitalSigns extends Provenance, EncounterRef {
  id: number;
  externalId: string;
  effectiveAt: Date;
  /** LOINC code, value and UCUM unit of each measurement taken. */
  measurements: { code: string; value: number; unit: string }[];
}

/**
 * The measurements of a set, in the order taken, as one JSON array beside the set (through the
 * (set, code) key): read with the sets rather than after them, one statement and one round trip fewer.
 */
const measurementsOf = sql<RecordVitalSigns['measurements']>`coalesce(
  (select json_agg(json_build_object('code', ${vitalSign.code}, 'value', ${vitalSign.value}, 'unit', ${vitalSign.unit})
                   order by ${vitalSign.id})
   from ${vitalSign} where ${vitalSign.setId} = ${vitalSignSet.id}),
  '[]')`;

const vitalSignsStatement = preparedPerDatabase((db) =>
  db
    .select({
      id: vitalSignSet.id,
      externalId: vitalSignSet.externalId,
      effectiveAt: vitalSignSet.effectiveAt,
      authorName: vitalSignSet.authorName,
      authorNpi: vitalSignSet.authorNpi,
      authorTaxonomyCode: vitalSignSet.authorTaxonomyCode,
      authorOrganization: vitalSignSet.authorOrganization,
      recordedAt: vitalSignSet.recordedAt,
      ...encounterRef,
      measurements: measurementsOf,
    })
    .from(vitalSignSet)
    .leftJoin(encounter, eq(encounter.id, vitalSignSet.encounterId))
    .where(and(patientIs(vitalSignSet.patientId), inBoundRange(vitalSignSet.effectiveAt)))
    .orderBy(desc(vitalSignSet.effectiveAt), desc(vitalSignSet.id))
    .limit(sql.placeholder('limit'))
    .prepare('record_vital_signs'),
);

/** The vital-sign sets measured in the range, newest first (only the newest `limit` when given). */
export function vitalSignsInRange(
  db: Db,
  patientId: number,
  range: ExportRange,
  limit?: number,
): Promise<RecordVitalSigns[]> {
  return vitalSignsStatement(db).execute(listValues(patientId, range, limit));
}

// --------------------------------------------------------------------------------- immunizations

export interface RecordImmunization extends Provenance, EncounterRef {
  id: number;
  externalId: string;
  cvxCode: string;
  vaccineName: string;
  occurredAt: Date;
  status: 'completed' | 'not-done';
  statusReason: string | null;
  lotNumber: string | null;
  manufacturer: string | null;
  performerName: string | null;
  /** The dose given, in its UCUM unit; null when the clinic did not send it. */
  doseQuantity: number | null;
  doseUnit: string | null;
  /** Which dose of its series it was, when the clinic said. */
  doseNumber: number | null;
}

/** Immunizations given or declined in the range, newest first (only the newest `limit` when given). */
const immunizationsStatement = preparedPerDatabase((db) =>
  db
    .select({
      id: immunization.id,
      externalId: immunization.externalId,
      cvxCode: immunization.cvxCode,
      vaccineName: immunization.vaccineName,
      occurredAt: immunization.occurredAt,
      status: immunization.status,
      statusReason: immunization.statusReason,
      lotNumber: immunization.lotNumber,
      manufacturer: immunization.manufacturer,
      performerName: immunization.performerName,
      authorName: immunization.authorName,
      authorNpi: immunization.authorNpi,
      authorTaxonomyCode: immunization.authorTaxonomyCode,
      doseQuantity: immunization.doseQuantity,
      doseUnit: immunization.doseUnit,
      doseNumber: immunization.doseNumber,
      authorOrganization: immunization.authorOrganization,
      recordedAt: immunization.recordedAt,
      ...encounterRef,
    })
    .from(immunization)
    .leftJoin(encounter, eq(encounter.id, immunization.encounterId))
    .where(and(patientIs(immunization.patientId), inBoundRange(immunization.occurredAt)))
    .orderBy(desc(immunization.occurredAt), desc(immunization.id))
    .limit(sql.placeholder('limit'))
    .prepare('record_immunizations'),
);

export function immunizationsInRange(
  db: Db,
  patientId: number,
  range: ExportRange,
  limit?: number,
): Promise<RecordImmunization[]> {
  return immunizationsStatement(db).execute(listValues(patientId, range, limit));
}

// ---------------------------------------------------------------------------------------- notes

export interface RecordNote extends Provenance, EncounterRef {
  id: number;
  externalId: string;
  noteTypeCode: string;
  noteTypeName: string;
  title: string;
  text: string | null;
  /** A PDF note: its blob id (read it through the blob store), size and file name. */
  pdf: { contentS3Id: string; contentLength: number; fileName: string } | null;
  authoredAt: Date;
}

const notesStatement = preparedPerDatabase((db) =>
  db
    .select({
      id: clinicalNote.id,
      externalId: clinicalNote.externalId,
      noteTypeCode: clinicalNote.noteTypeCode,
      noteTypeName: clinicalNote.noteTypeName,
      title: clinicalNote.title,
      text: clinicalNote.text,
      contentS3Id: clinicalNote.contentS3Id,
      contentLength: clinicalNote.contentLength,
      fileName: clinicalNote.fileName,
      authoredAt: clinicalNote.authoredAt,
      authorName: clinicalNote.authorName,
      authorNpi: clinicalNote.authorNpi,
      authorTaxonomyCode: clinicalNote.authorTaxonomyCode,
      authorOrganization: clinicalNote.authorOrganization,
      recordedAt: clinicalNote.recordedAt,
      ...encounterRef,
    })
    .from(clinicalNote)
    .leftJoin(encounter, eq(encounter.id, clinicalNote.encounterId))
    .where(and(patientIs(clinicalNote.patientId), inBoundRange(clinicalNote.authoredAt)))
    .orderBy(desc(clinicalNote.authoredAt), desc(clinicalNote.id))
    .limit(sql.placeholder('limit'))
    .prepare('record_notes'),
);

/** Notes written in the range, newest first (only the newest `limit` when given). */
export async function clinicalNotesInRange(
  db: Db,
  patientId: number,
  range: ExportRange,
  limit?: number,
): Promise<RecordNote[]> {
  const rows = await notesStatement(db).execute(listValues(patientId, range, limit));
  return rows.map((r) => ({
    id: r.id,
    externalId: r.externalId,
    noteTypeCode: r.noteTypeCode,
    noteTypeName: r.noteTypeName,
    title: r.title,
    text: r.text,
    pdf: notePdf(r),
    authoredAt: r.authoredAt,
    authorName: r.authorName,
    authorNpi: r.authorNpi,
    authorTaxonomyCode: r.authorTaxonomyCode,
    authorOrganization: r.authorOrganization,
    recordedAt: r.recordedAt,
    encounterId: r.encounterId,
    encounterExternalId: r.encounterExternalId,
    encounterDate: r.encounterDate,
  }));
}

/** A note as the portal's list shows it, without its text or PDF (read when opened: `noteContent`). */
export interface RecordNoteHeading {
  id: number;
  noteTypeName: string;
  title: string;
  authoredAt: Date;
  authorName: string;
  authorOrganization: string;
  recordedAt: Date;
}

const noteHeadingsStatement = preparedPerDatabase((db) =>
  db
    .select({
      id: clinicalNote.id,
      noteTypeName: clinicalNote.noteTypeName,
      title: clinicalNote.title,
      authoredAt: clinicalNote.authoredAt,
      authorName: clinicalNote.authorName,
      authorOrganization: clinicalNote.authorOrganization,
      recordedAt: clinicalNote.recordedAt,
    })
    .from(clinicalNote)
    .where(and(patientIs(clinicalNote.patientId), inBoundRange(clinicalNote.authoredAt)))
    .orderBy(desc(clinicalNote.authoredAt), desc(clinicalNote.id))
    .limit(sql.placeholder('limit'))
    .prepare('record_note_headings'),
);

/** The headings of the notes written in the range, newest first (only the newest `limit` when given). */
export function noteHeadingsInRange(
  db: Db,
  patientId: number,
  range: ExportRange,
  limit?: number,
): Promise<RecordNoteHeading[]> {
  return noteHeadingsStatement(db).execute(listValues(patientId, range, limit));
}

/** One note's text and PDF, when it is the patient's; null otherwise. */
export async function noteContent(
  db: Db,
  patientId: number,
  noteId: number,
): Promise<Pick<RecordNote, 'id' | 'text' | 'pdf'> | null> {
  const [row] = await db
    .select({
      id: clinicalNote.id,
      text: clinicalNote.text,
      contentS3Id: clinicalNote.contentS3Id,
      contentLength: clinicalNote.contentLength,
      fileName: clinicalNote.fileName,
    })
    .from(clinicalNote)
    .where(and(eq(clinicalNote.id, noteId), eq(clinicalNote.patientId, patientId)));
  if (!row) return null;
  return { id: row.id, text: row.text, pdf: notePdf(row) };
}

const notePdf = (r: { contentS3Id: string | null; contentLength: number | null; fileName: string | null }) =>
  r.contentS3Id !== null && r.contentLength !== null && r.fileName !== null
    ? { contentS3Id: r.contentS3Id, contentLength: r.contentLength, fileName: r.fileName }
    : null;

// ---------------------------------------------------------------------------------- plan of care

export interface RecordCarePlanItem extends Provenance, EncounterRef {
  id: number;
  externalId: string;
  kind: 'visit' | 'procedure' | 'medication' | 'education';
  description: string;
  code: string | null;
  codeSystem: 'SNOMED' | 'CPT' | 'LOINC' | 'RXNORM' | null;
  plannedAt: Date | null;
  status: 'active' | 'completed' | 'cancelled';
}

export interface RecordGoal extends Provenance, EncounterRef {
  id: number;
  externalId: string;
  description: string;
  /** YYYY-MM-DD. */
  targetDate: string | null;
  status: 'active' | 'achieved' | 'cancelled';
  priority: 'high' | 'normal' | 'delayed' | null;
}

export interface RecordHealthConcern extends Provenance, EncounterRef {
  id: number;
  externalId: string;
  code: string | null;
  codeSystem: 'SNOMED' | 'ICD10' | null;
  description: string;
  status: 'active' | 'inactive' | 'resolved';
  /** YYYY-MM-DD. */
  onsetDate: string | null;
}

/** An assessment of the patient's overall health status (decision 251). */
export interface RecordHealthStatus extends Provenance, EncounterRef {
  id: number;
  externalId: string;
  /** SNOMED CT, of the HL7 HealthStatus value set. */
  code: HealthStatusCode;
  /** The value set's display name. */
  display: string;
}

export interface RecordCarePlan {
  /** Planned soonest first, the undated last. */
  items: RecordCarePlanItem[];
  goals: RecordGoal[];
  concerns: RecordHealthConcern[];
  /** Newest first (the first is the patient's current status); withdrawn ones left out. */
  healthStatuses: RecordHealthStatus[];
}

/** An instant as ISO text in UTC to the millisecond, what the driver's `Date` keeps of it. */
const isoText = (instantSql: SQL) =>
  sql`to_char(${instantSql} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * One list of the plan of care as a JSON array of its entries (with their provenance and visit), in
 * `order` and cut at the bound limit unless `whole`. Instants are ISO text, turned back into dates.
 */
function planList(
  table: typeof carePlanItem | typeof careGoal | typeof healthConcern | typeof healthStatus,
  fields: SQL,
  where: SQL,
  order: SQL,
  whole = false,
) {
  return sql`coalesce((select json_agg(entry.json order by entry.n) from (
    select row_number() over (order by ${order}) as n, json_build_object(
      'id', e.id, 'externalId', e.external_id, 'authorName', e.author_name, 'authorNpi', e.author_npi,
      'authorTaxonomyCode', e.author_taxonomy_code, 'authorOrganization', e.author_organization,
      'recordedAt', ${isoText(sql`e.recorded_at`)}, 'encounterId', v.id, 'encounterExternalId', v.external_id,
      'encounterDate', ${isoText(sql`v.date_of_service`)}, ${fields}) as json
    from ${table} e left join ${encounter} v on v.id = e.encounter_id
    where e.patient_id = ${sql.placeholder('patientId')}
      and e.recorded_at >= ${instant('from')} and e.recorded_at < ${instant('to')} and ${where}
    order by ${order}
    ${whole ? sql`` : sql`limit ${sql.placeholder('limit')}`}) entry), '[]')`;
}

interface PlanJson {
  id: number;
  externalId: string;
  authorName: string;
  authorNpi: string | null;
  authorTaxonomyCode: string | null;
  authorOrganization: string;
  recordedAt: string;
  encounterId: number | null;
  encounterExternalId: string | null;
  encounterDate: string | null;
}
type PlanRow<T> = PlanJson & T;

/**
 * The four lists of the plan of care in one statement (one round trip, not four), hung on the
 * patient's row as the totals are. The health statuses are a few at most and the first is the
 * current one: never cut.
 */
const carePlanStatement = preparedPerDatabase((db) =>
  db
    .select({
      items: sql<
        PlanRow<
          Pick<RecordCarePlanItem, 'kind' | 'description' | 'code' | 'codeSystem' | 'status'> & {
            plannedAt: string | null;
          }
        >[]
      >`${planList(
        carePlanItem,
        sql`'kind', e.kind, 'description', e.description, 'code', e.code, 'codeSystem', e.code_system,
            'plannedAt', ${isoText(sql`e.planned_at`)}, 'status', e.status`,
        sql`true`,
        sql`e.planned_at, e.id`,
      )}`,
      goals: sql<
        PlanRow<Pick<RecordGoal, 'description' | 'targetDate' | 'status' | 'priority'>>[]
      >`${planList(
        careGoal,
        sql`'description', e.description, 'targetDate', e.target_date, 'status', e.status, 'priority', e.priority`,
        sql`true`,
        sql`e.target_date, e.id`,
      )}`,
      concerns: sql<
        PlanRow<Pick<RecordHealthConcern, 'code' | 'codeSystem' | 'description' | 'status' | 'onsetDate'>>[]
      >`${planList(
        healthConcern,
        sql`'code', e.code, 'codeSystem', e.code_system, 'description', e.description, 'status', e.status,
            'onsetDate', e.onset_date`,
        sql`true`,
        sql`e.recorded_at desc, e.id`,
      )}`,
      statuses: sql<PlanRow<{ code: string }>[]>`${planList(
        healthStatus,
        sql`'code', e.code`,
        sql`e.status = 'final'`,
        sql`e.recorded_at desc, e.id desc`,
        true,
      )}`,
    })
    .from(patient)
    .where(patientIs(patient.id))
    .prepare('record_care_plan'),
);

/**
 * The plan of treatment, goals and health concerns the clinic recorded in the range; with `limit`,
 * the first that many of each list in its order.
 */
export async function carePlanInRange(
  db: Db,
  patientId: number,
  range: ExportRange,
  limit?: number,
): Promise<RecordCarePlan> {
  const [row] = await carePlanStatement(db).execute(listValues(patientId, range, limit));
  if (!row) return { items: [], goals: [], concerns: [], healthStatuses: [] };
  const common = (e: PlanJson) => ({
    id: e.id,
    externalId: e.externalId,
    authorName: e.authorName,
    authorNpi: e.authorNpi,
    authorTaxonomyCode: e.authorTaxonomyCode,
    authorOrganization: e.authorOrganization,
    recordedAt: new Date(e.recordedAt),
    encounterId: e.encounterId,
    encounterExternalId: e.encounterExternalId,
    encounterDate: e.encounterDate === null ? null : new Date(e.encounterDate),
  });
  return {
    items: row.items.map((entry) => ({
      ...common(entry),
      kind: entry.kind,
      description: entry.description,
      code: entry.code,
      codeSystem: entry.codeSystem,
      plannedAt: entry.plannedAt === null ? null : new Date(entry.plannedAt),
      status: entry.status,
    })),
    goals: row.goals.map((entry) => ({
      ...common(entry),
      description: entry.description,
      targetDate: entry.targetDate,
      status: entry.status,
      priority: entry.priority,
    })),
    concerns: row.concerns.map((entry) => ({
      ...common(entry),
      code: entry.code,
      codeSystem: entry.codeSystem,
      description: entry.description,
      status: entry.status,
      onsetDate: entry.onsetDate,
    })),
    // The CHECK of 0470 holds the column to the value set; a code outside it is skipped, not shown raw.
    healthStatuses: row.statuses.flatMap((entry) => {
      const code = entry.code;
      return isHealthStatusCode(code) ? [{ ...common(entry), code, display: healthStatusCodes[code] }] : [];
    }),
  };
}

// --------------------------------------------------------------------------------- prescriptions

export type RecordPrescription = typeof prescription.$inferSelect;

/**
 * The patient's prescriptions with their structured dose, route, frequency and RxNorm code (null
 * where the clinic sent only a sig), active first, then by day written, newest first. The range
 * filters on the day written; prescriptions without one are always included.
 */
export async function prescriptionsInRange(
  db: Db,
  patientId: number,
  range: ExportRange,
): Promise<RecordPrescription[]> {
  const rows = await db
    .select()
    .from(prescription)
    .where(eq(prescription.patientId, patientId))
    .orderBy(asc(prescription.status), desc(prescription.dateWritten), asc(prescription.id));
  const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);
  const from = day(range.from);
  const to = day(range.to);
  return rows.filter(
    (r) => r.dateWritten === null || ((!from || r.dateWritten >= from) && (!to || r.dateWritten < to)),
  );
}
