/**
 * Everything Dermis holds for one patient that the FHIR API serves: the health record (the same
 * loader the C-CDA and the PDF use, lib/health-record), the clinical record the clinic feeds
 * (results, vital signs, immunizations, notes, plan of care), plus the documents, the visit
 * documents and the insurance, which the record does not carry.
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
import { loadClinicalRecord, type ClinicalRecord } from '../../../lib/health-record/clinical-record';
import { loadHealthRecord, type HealthRecord } from '../../../lib/health-record/health-record';

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

export interface PatientData {
  record: HealthRecord;
  clinical: ClinicalRecord;
  /** When the patient's demographics last changed. */
  patientUpdatedAt: Date;
  documents: PatientDocumentRow[];
  visitDocuments: VisitDocumentRow[];
  insurance: InsurancePolicyRow[];
}

/** Null when the patient does not exist (any more). */
export async function loadPatientData(db: Db, patientId: number): Promise<PatientData | null> {
  const [row] = await db
    .select({ dateOfBirth: patient.dateOfBirth, updatedAt: patient.updatedAt })
    .from(patient)
    .where(eq(patient.id, patientId))
    .limit(1);
  if (!row) return null;
  // The whole record: the FHIR API has no export range, a visit of any date is part of it.
  const [record, clinical, documents, visitDocuments, insurance] = await Promise.all([
    loadHealthRecord(db, patientId, { start: new Date(`${row.dateOfBirth}T00:00:00Z`) }),
    loadClinicalRecord(db, patientId),
    db
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
      .orderBy(desc(patientDocument.dateCreated), asc(patientDocument.id)),
    db
      .select({
        id: clinicalDocument.id,
        encounterId: clinicalDocument.encounterId,
        title: clinicalDocument.title,
        receivedAt: clinicalDocument.receivedAt,
      })
      .from(clinicalDocument)
      .where(eq(clinicalDocument.patientId, patientId))
      .orderBy(asc(clinicalDocument.id)),
    db
      .select({ policy: insurancePolicy, profileUpdatedAt: insuranceProfile.updatedAt })
      .from(insurancePolicy)
      .innerJoin(insuranceProfile, eq(insuranceProfile.id, insurancePolicy.profileId))
      .where(and(eq(insuranceProfile.patientId, patientId), eq(insuranceProfile.active, true)))
      .orderBy(asc(insurancePolicy.sortOrder), asc(insurancePolicy.id)),
  ]);
  return {
    record,
    clinical,
    patientUpdatedAt: row.updatedAt,
    documents,
    visitDocuments,
    insurance: insurance.map(({ policy, profileUpdatedAt }) => ({ ...policy, profileUpdatedAt })),
  };
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
