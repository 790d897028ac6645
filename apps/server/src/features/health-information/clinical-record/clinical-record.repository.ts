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
import { and, asc, desc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/database';
import {
  carePlanItem,
  careGoal,
  clinicalNote,
  encounter,
  healthConcern,
  healthStatus,
  immunization,
  prescription,
  resultObservation,
  resultRead,
  resultReport,
  resultReportStatus,
  vitalSign,
  vitalSignSet,
} from '../../../db/schema';
import type { ExportRange } from '../health-info.repository';
import { groupBy } from '../../../lib/group-by';

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

/** `from` inclusive, `to` exclusive, either open when null (the ExportRange of the export). */
export function inRange(column: AnyPgColumn, range: ExportRange): SQL | undefined {
  return and(range.from ? gte(column, range.from) : undefined, range.to ? lt(column, range.to) : undefined);
}

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

// PostgreSQL's LIMIT of a bigint: no limit, while the query keeps one shape.
const noLimit = Number.MAX_SAFE_INTEGER;

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

/** A patient's results in the range, newest specimen first, with observations in the clinic's order. */
export async function resultsInRange(
  db: Db,
  patientId: number,
  range: ExportRange,
  options: ResultOptions = {},
): Promise<RecordResult[]> {
  const releasedBy = options.releasedBy === undefined ? new Date() : options.releasedBy;
  // The reader's version by the (report, user) key beside each report: read with the reports rather
  // than after them, one statement and one round trip fewer for the portal's list.
  const readVersion: SQL<number | null> =
    options.readBy === undefined
      ? sql`null`
      : sql`(select ${resultRead.version} from ${resultRead}
             where ${resultRead.reportId} = ${resultReport.id} and ${resultRead.userId} = ${options.readBy})`;
  const rows = await db
    .select({ report: resultReport, ...encounterRef, readVersion })
    .from(resultReport)
    .leftJoin(encounter, eq(encounter.id, resultReport.encounterId))
    .where(
      and(
        eq(resultReport.patientId, patientId),
        inRange(resultReport.effectiveAt, range),
        releasedBy ? lte(resultReport.releasedAt, releasedBy) : undefined,
        options.category ? eq(resultReport.category, options.category) : undefined,
      ),
    )
    .orderBy(desc(resultReport.effectiveAt), desc(resultReport.id))
    .limit(options.limit ?? noLimit);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.report.id);
  const [observations, statuses] = await Promise.all([
    db
      .select()
      .from(resultObservation)
      .where(inArray(resultObservation.reportId, ids))
      .orderBy(asc(resultObservation.reportId), asc(resultObservation.position)),
    db
      .select()
      .from(resultReportStatus)
      .where(inArray(resultReportStatus.reportId, ids))
      .orderBy(asc(resultReportStatus.reportId), asc(resultReportStatus.version)),
  ]);
  // Grouped once: matching each report against every observation was quadratic in a long record.
  const observationsOf = groupBy(observations, (o) => o.reportId);
  const statusesOf = groupBy(statuses, (s) => s.reportId);
  return rows.map(({ report: r, encounterId, encounterExternalId, encounterDate, readVersion }) => ({
    id: r.id,
    externalId: r.externalId,
    category: r.category,
    code: r.code,
    name: r.name,
    status: r.status,
    effectiveAt: r.effectiveAt,
    issuedAt: r.issuedAt,
    specimen: r.specimen,
    narrative: r.narrative,
    diagnosisCode: r.diagnosisCode,
    diagnosisDisplay: r.diagnosisDisplay,
    version: r.version,
    releasedAt: r.releasedAt,
    authorName: r.authorName,
    authorNpi: r.authorNpi,
    authorTaxonomyCode: r.authorTaxonomyCode,
    authorOrganization: r.authorOrganization,
    recordedAt: r.recordedAt,
    encounterId,
    encounterExternalId,
    encounterDate,
    observations: observationsOf.get(r.id) ?? [],
    statusHistory: (statusesOf.get(r.id) ?? []).map((s) => ({
      version: s.version,
      status: s.status,
      issuedAt: s.issuedAt,
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

/** The vital-sign sets measured in the range, newest first (only the newest `limit` when given). */
export async function vitalSignsInRange(
  db: Db,
  patientId: number,
  range: ExportRange,
  limit?: number,
): Promise<RecordVitalSigns[]> {
  const sets = await db
    .select({ set: vitalSignSet, ...encounterRef, measurements: measurementsOf })
    .from(vitalSignSet)
    .leftJoin(encounter, eq(encounter.id, vitalSignSet.encounterId))
    .where(and(eq(vitalSignSet.patientId, patientId), inRange(vitalSignSet.effectiveAt, range)))
    .orderBy(desc(vitalSignSet.effectiveAt), desc(vitalSignSet.id))
    .limit(limit ?? noLimit);
  return sets.map(({ set: s, encounterId, encounterExternalId, encounterDate, measurements }) => ({
    id: s.id,
    externalId: s.externalId,
    effectiveAt: s.effectiveAt,
    authorName: s.authorName,
    authorNpi: s.authorNpi,
    authorTaxonomyCode: s.authorTaxonomyCode,
    authorOrganization: s.authorOrganization,
    recordedAt: s.recordedAt,
    encounterId,
    encounterExternalId,
    encounterDate,
    measurements,
  }));
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
export async function immunizationsInRange(
  db: Db,
  patientId: number,
  range: ExportRange,
  limit?: number,
): Promise<RecordImmunization[]> {
  return db
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
    .where(and(eq(immunization.patientId, patientId), inRange(immunization.occurredAt, range)))
    .orderBy(desc(immunization.occurredAt), desc(immunization.id))
    .limit(limit ?? noLimit);
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

/** Notes written in the range, newest first (only the newest `limit` when given). */
export async function clinicalNotesInRange(
  db: Db,
  patientId: number,
  range: ExportRange,
  limit?: number,
): Promise<RecordNote[]> {
  const rows = await db
    .select({ note: clinicalNote, ...encounterRef })
    .from(clinicalNote)
    .leftJoin(encounter, eq(encounter.id, clinicalNote.encounterId))
    .where(and(eq(clinicalNote.patientId, patientId), inRange(clinicalNote.authoredAt, range)))
    .orderBy(desc(clinicalNote.authoredAt), desc(clinicalNote.id))
    .limit(limit ?? noLimit);
  return rows.map(({ note: r, encounterId, encounterExternalId, encounterDate }) => ({
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
    encounterId,
    encounterExternalId,
    encounterDate,
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

/** The headings of the notes written in the range, newest first (only the newest `limit` when given). */
export async function noteHeadingsInRange(
  db: Db,
  patientId: number,
  range: ExportRange,
  limit?: number,
): Promise<RecordNoteHeading[]> {
  return db
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
    .where(and(eq(clinicalNote.patientId, patientId), inRange(clinicalNote.authoredAt, range)))
    .orderBy(desc(clinicalNote.authoredAt), desc(clinicalNote.id))
    .limit(limit ?? noLimit);
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
  const [items, goals, concerns, statuses] = await Promise.all([
    db
      .select({ row: carePlanItem, ...encounterRef })
      .from(carePlanItem)
      .leftJoin(encounter, eq(encounter.id, carePlanItem.encounterId))
      .where(and(eq(carePlanItem.patientId, patientId), inRange(carePlanItem.recordedAt, range)))
      .orderBy(asc(carePlanItem.plannedAt), asc(carePlanItem.id))
      .limit(limit ?? noLimit),
    db
      .select({ row: careGoal, ...encounterRef })
      .from(careGoal)
      .leftJoin(encounter, eq(encounter.id, careGoal.encounterId))
      .where(and(eq(careGoal.patientId, patientId), inRange(careGoal.recordedAt, range)))
      .orderBy(asc(careGoal.targetDate), asc(careGoal.id))
      .limit(limit ?? noLimit),
    db
      .select({ row: healthConcern, ...encounterRef })
      .from(healthConcern)
      .leftJoin(encounter, eq(encounter.id, healthConcern.encounterId))
      .where(and(eq(healthConcern.patientId, patientId), inRange(healthConcern.recordedAt, range)))
      .orderBy(desc(healthConcern.recordedAt), asc(healthConcern.id))
      .limit(limit ?? noLimit),
    // A few at most, and the first is the current one: never cut.
    db
      .select({ row: healthStatus, ...encounterRef })
      .from(healthStatus)
      .leftJoin(encounter, eq(encounter.id, healthStatus.encounterId))
      .where(
        and(
          eq(healthStatus.patientId, patientId),
          eq(healthStatus.status, 'final'),
          inRange(healthStatus.recordedAt, range),
        ),
      )
      .orderBy(desc(healthStatus.recordedAt), desc(healthStatus.id)),
  ]);
  const common = ({
    row: r,
    encounterId,
    encounterExternalId,
    encounterDate,
  }:
    | (typeof items)[number]
    | (typeof goals)[number]
    | (typeof concerns)[number]
    | (typeof statuses)[number]) => ({
    id: r.id,
    externalId: r.externalId,
    authorName: r.authorName,
    authorNpi: r.authorNpi,
    authorTaxonomyCode: r.authorTaxonomyCode,
    authorOrganization: r.authorOrganization,
    recordedAt: r.recordedAt,
    encounterId,
    encounterExternalId,
    encounterDate,
  });
  return {
    items: items.map((entry) => ({
      ...common(entry),
      kind: entry.row.kind,
      description: entry.row.description,
      code: entry.row.code,
      codeSystem: entry.row.codeSystem,
      plannedAt: entry.row.plannedAt,
      status: entry.row.status,
    })),
    goals: goals.map((entry) => ({
      ...common(entry),
      description: entry.row.description,
      targetDate: entry.row.targetDate,
      status: entry.row.status,
      priority: entry.row.priority,
    })),
    concerns: concerns.map((entry) => ({
      ...common(entry),
      code: entry.row.code,
      codeSystem: entry.row.codeSystem,
      description: entry.row.description,
      status: entry.row.status,
      onsetDate: entry.row.onsetDate,
    })),
    // The CHECK of 0470 holds the column to the value set; a code outside it is skipped, not shown raw.
    healthStatuses: statuses.flatMap((entry) => {
      const code = entry.row.code;
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
