/**
 * Everything Dermis holds for one patient that the FHIR API serves: the health record (the same
 * loader the C-CDA and the PDF use, lib/health-record), the clinical record the clinic feeds
 * (results, vital signs, immunizations, notes, plan of care), plus the documents, the visit
 * documents and the insurance, which the record does not carry. Each is a part loaded on its own:
 * a request loads only the parts its type is built from (resources/index.ts `partsOfType`).
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import {
  clinicalDocument,
  clinicalNote,
  insurancePolicy,
  insuranceProfile,
  patient,
  patientDocument,
} from '../../../db/schema';
import { clinicalRecordPieces, type ClinicalRecord } from '../../../lib/health-record/clinical-record';
import {
  loadHealthRecord,
  loadRecordDemographics,
  loadServedEncounterIds,
  type HealthRecord,
  type RecordDemographics,
} from '../../../lib/health-record/health-record';

export interface PatientDocumentRow {
  id: number;
  name: string;
  fileName: string;
  mimeType: string;
  contentLength: number;
  dateCreated: Date;
  addedOn: Date;
  updatedAt: Date;
}

export interface VisitDocumentRow {
  id: number;
  encounterId: number;
  title: string;
  receivedAt: Date;
}

export type InsurancePolicyRow = typeof insurancePolicy.$inferSelect & { profileUpdatedAt: Date };

/**
 * The parts of a patient's data, each read by its own queries. Two are pieces of the record, read
 * alone when the record is not: `demographics` (the patient and the practice) and `visits` (the ids
 * of the visits served as Encounters, for the types that only link to their visit).
 */
export const patientDataParts = [
  'record',
  'demographics',
  'visits',
  'results',
  'vitalSigns',
  'immunizations',
  'notes',
  'carePlan',
  'documents',
  'visitDocuments',
  'insurance',
] as const;

export type PatientDataPart = (typeof patientDataParts)[number];

/** The parts loaded; a part not asked for is absent (the builders refuse to build from it). */
export interface PatientData {
  record?: HealthRecord;
  /** Loaded when the record is not: the record carries the same. */
  demographics?: RecordDemographics;
  /** Loaded when the record is not: the record's own encounters say the same. */
  visits?: ReadonlySet<number>;
  clinical?: Partial<ClinicalRecord>;
  /** When the patient's demographics last changed. */
  patientUpdatedAt: Date;
  documents?: PatientDocumentRow[];
  visitDocuments?: VisitDocumentRow[];
  insurance?: InsurancePolicyRow[];
}

/** The `parts` of the patient's data (all of it by default); null when the patient does not exist (any more). */
export async function loadPatientData(
  db: Db,
  patientId: number,
  parts: readonly PatientDataPart[] = patientDataParts,
): Promise<PatientData | null> {
  const [row] = await db
    .select({ dateOfBirth: patient.dateOfBirth, updatedAt: patient.updatedAt })
    .from(patient)
    .where(eq(patient.id, patientId))
    .limit(1);
  if (!row) return null;
  const wanted = new Set(parts);
  const when = <T>(part: PatientDataPart, load: () => Promise<T>): Promise<T | undefined> =>
    wanted.has(part) ? load() : Promise.resolve(undefined);
  const clinicalPiece = <K extends keyof ClinicalRecord>(piece: K) =>
    when(piece, () => clinicalRecordPieces[piece](db, patientId));
  // The whole record: the FHIR API has no export range, a visit of any date is part of it.
  const whole = { start: new Date(`${row.dateOfBirth}T00:00:00Z`) };
  const [
    record,
    demographics,
    visits,
    results,
    vitalSigns,
    immunizations,
    notes,
    carePlan,
    documents,
    visitDocuments,
    insurance,
  ] = await Promise.all([
    when('record', () => loadHealthRecord(db, patientId, whole)),
    // The record holds the demographics and the visits: no second read when it is loaded.
    wanted.has('record') ? undefined : when('demographics', () => loadRecordDemographics(db, patientId)),
    wanted.has('record') ? undefined : when('visits', () => loadServedEncounterIds(db, patientId, whole)),
    clinicalPiece('results'),
    clinicalPiece('vitalSigns'),
    clinicalPiece('immunizations'),
    clinicalPiece('notes'),
    clinicalPiece('carePlan'),
    when('documents', () => loadDocuments(db, patientId)),
    when('visitDocuments', () => loadVisitDocuments(db, patientId)),
    when('insurance', () => loadInsurance(db, patientId)),
  ]);
  const clinical: Partial<ClinicalRecord> = {};
  if (results) clinical.results = results;
  if (vitalSigns) clinical.vitalSigns = vitalSigns;
  if (immunizations) clinical.immunizations = immunizations;
  if (notes) clinical.notes = notes;
  if (carePlan) clinical.carePlan = carePlan;
  return {
    patientUpdatedAt: row.updatedAt,
    clinical,
    ...(record ? { record } : {}),
    ...(demographics ? { demographics } : {}),
    ...(visits ? { visits: new Set(visits) } : {}),
    ...(documents ? { documents } : {}),
    ...(visitDocuments ? { visitDocuments } : {}),
    ...(insurance ? { insurance } : {}),
  };
}

function loadDocuments(db: Db, patientId: number): Promise<PatientDocumentRow[]> {
  return db
    .select({
      id: patientDocument.id,
      name: patientDocument.name,
      fileName: patientDocument.fileName,
      mimeType: patientDocument.mimeType,
      contentLength: patientDocument.contentLength,
      dateCreated: patientDocument.dateCreated,
      addedOn: patientDocument.addedOn,
      updatedAt: patientDocument.updatedAt,
    })
    .from(patientDocument)
    .where(eq(patientDocument.patientId, patientId))
    .orderBy(desc(patientDocument.dateCreated), asc(patientDocument.id));
}

function loadVisitDocuments(db: Db, patientId: number): Promise<VisitDocumentRow[]> {
  return db
    .select({
      id: clinicalDocument.id,
      encounterId: clinicalDocument.encounterId,
      title: clinicalDocument.title,
      receivedAt: clinicalDocument.receivedAt,
    })
    .from(clinicalDocument)
    .where(eq(clinicalDocument.patientId, patientId))
    .orderBy(asc(clinicalDocument.id));
}

async function loadInsurance(db: Db, patientId: number): Promise<InsurancePolicyRow[]> {
  const rows = await db
    .select({ policy: insurancePolicy, profileUpdatedAt: insuranceProfile.updatedAt })
    .from(insurancePolicy)
    .innerJoin(insuranceProfile, eq(insuranceProfile.id, insurancePolicy.profileId))
    .where(and(eq(insuranceProfile.patientId, patientId), eq(insuranceProfile.active, true)))
    .orderBy(asc(insurancePolicy.sortOrder), asc(insurancePolicy.id));
  return rows.map(({ policy, profileUpdatedAt }) => ({ ...policy, profileUpdatedAt }));
}

/** The bytes of a document of `patientId` (its blob key), or null when it is not theirs. */
export async function findDocumentContent(db: Db, patientId: number, documentId: number) {
  const [row] = await db
    .select({ key: patientDocument.contentS3Id, mimeType: patientDocument.mimeType })
    .from(patientDocument)
    .where(and(eq(patientDocument.id, documentId), eq(patientDocument.patientId, patientId)))
    .limit(1);
  return row ?? null;
}

/** The CDA XML of a visit document of `patientId`, or null when it is not theirs. */
export async function findVisitDocumentXml(db: Db, patientId: number, documentId: number) {
  const [row] = await db
    .select({ xml: clinicalDocument.xml })
    .from(clinicalDocument)
    .where(and(eq(clinicalDocument.id, documentId), eq(clinicalDocument.patientId, patientId)))
    .limit(1);
  return row?.xml ?? null;
}

/** A clinical note of `patientId`: its text, or the blob id of its PDF; null when it is not theirs. */
export async function findClinicalNoteContent(db: Db, patientId: number, noteId: number) {
  const [row] = await db
    .select({ text: clinicalNote.text, s3Id: clinicalNote.contentS3Id })
    .from(clinicalNote)
    .where(and(eq(clinicalNote.id, noteId), eq(clinicalNote.patientId, patientId)))
    .limit(1);
  return row ?? null;
}
