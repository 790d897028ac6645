/** Patient documents (0045): listed newest first, upserted by the clinic's own id. */
import type { PatientDocument } from '@dermis/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { patientDocument } from '../../db/schema';

const columns = {
  id: patientDocument.id,
  name: patientDocument.name,
  contentS3Id: patientDocument.contentS3Id,
  dateCreated: patientDocument.dateCreated,
  addedOn: patientDocument.addedOn,
  ownerFullName: patientDocument.ownerFullName,
  fileName: patientDocument.fileName,
  mimeType: patientDocument.mimeType,
  contentLength: patientDocument.contentLength,
};

type Row = Omit<PatientDocument, 'dateCreated' | 'addedOn'> & { dateCreated: Date; addedOn: Date };

function toDocument(row: Row): PatientDocument {
  return { ...row, dateCreated: row.dateCreated.toISOString(), addedOn: row.addedOn.toISOString() };
}

export async function listDocuments(db: Db, patientId: number): Promise<PatientDocument[]> {
  const rows = await db
    .select(columns)
    .from(patientDocument)
    .where(eq(patientDocument.patientId, patientId))
    .orderBy(desc(patientDocument.dateCreated), desc(patientDocument.id));
  return rows.map(toDocument);
}

export async function findDocument(
  db: Db,
  patientId: number,
  documentId: number,
): Promise<PatientDocument | null> {
  const [row] = await db
    .select(columns)
    .from(patientDocument)
    .where(and(eq(patientDocument.patientId, patientId), eq(patientDocument.id, documentId)))
    .limit(1);
  return row ? toDocument(row) : null;
}

export async function documentByExternalId(
  db: Db,
  patientId: number,
  externalId: string,
): Promise<{ id: number; contentS3Id: string } | null> {
  const [row] = await db
    .select({ id: patientDocument.id, contentS3Id: patientDocument.contentS3Id })
    .from(patientDocument)
    .where(and(eq(patientDocument.patientId, patientId), eq(patientDocument.externalId, externalId)))
    .limit(1);
  return row ?? null;
}
