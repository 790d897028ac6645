/** Patient documents (0045): listed newest first, upserted by the clinic's own id. */
import type { PatientDocument } from '@dermis/contract';
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
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

/**
 * Which documents a list holds (decision 267): those created in [createdFrom, createdBefore) when
 * given; after the document of id `afterId` in the list's order; `limit` rows at most (all when
 * undefined).
 */
export interface DocumentPage {
  createdFrom?: Date | undefined;
  createdBefore?: Date | undefined;
  afterId?: number | undefined;
  limit?: number | undefined;
}

/**
 * Newest created first, then newest id (the Documents page's order). A page after a document
 * compares with that document's own date and id, read in the same statement within the patient's
 * documents: an id that is not the patient's matches no row, so the page is empty.
 */
export async function listDocuments(
  db: Db,
  patientId: number,
  page: DocumentPage = {},
): Promise<PatientDocument[]> {
  const after =
    page.afterId === undefined
      ? undefined
      : sql`EXISTS (SELECT 1 FROM patient_document c WHERE c.id = ${page.afterId} AND c.patient_id = ${patientId}
          AND (${patientDocument.dateCreated}, ${patientDocument.id}) < (c.date_created, c.id))`;
  const query = db
    .select(columns)
    .from(patientDocument)
    .where(
      and(
        eq(patientDocument.patientId, patientId),
        page.createdFrom && gte(patientDocument.dateCreated, page.createdFrom),
        page.createdBefore && lt(patientDocument.dateCreated, page.createdBefore),
        after,
      ),
    )
    .orderBy(desc(patientDocument.dateCreated), desc(patientDocument.id));
  const rows = await (page.limit === undefined ? query : query.limit(page.limit));
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
