/** Patient documents (0045): listed newest first, upserted by the clinic's own id. */
import type { PatientDocument, PatientDocumentsSummary } from '@dermis/contract';
import { and, desc, eq, sql, type Column } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { preparedPerDatabase } from '../../db/prepared';
import { patientDocument } from '../../db/schema';

/**
 * An instant as the answer writes it, made by the statement: what `Date#toISOString()` gives (UTC,
 * milliseconds, the microseconds cut off as both cut them), so that no row's date is parsed into a
 * `Date` only to be written back as text (decision 285).
 */
const isoInstant = (column: Column) =>
  sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The columns a document's answer shows, each already as the answer holds it. */
const columns = {
  id: patientDocument.id,
  name: patientDocument.name,
  contentS3Id: patientDocument.contentS3Id,
  dateCreated: isoInstant(patientDocument.dateCreated),
  addedOn: isoInstant(patientDocument.addedOn),
  ownerFullName: patientDocument.ownerFullName,
  fileName: patientDocument.fileName,
  mimeType: patientDocument.mimeType,
  contentLength: patientDocument.contentLength,
};

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
 *
 * One prepared statement for every ask (decision 285): a bound left out is bound as null, no cursor
 * as a null id, and no limit as `LIMIT NULL`, so Drizzle builds the SQL once and PostgreSQL parses
 * and plans it once per connection. The optional conditions are filters over the patient's
 * documents (found by `patient_document_patient_idx`), which a patient has in the hundreds at most.
 */
const documentPageStatement = preparedPerDatabase((db) => {
  const patientId = sql.placeholder('patientId');
  const createdFrom = sql`${sql.placeholder('createdFrom')}::timestamptz`;
  const createdBefore = sql`${sql.placeholder('createdBefore')}::timestamptz`;
  const afterId = sql`${sql.placeholder('afterId')}::integer`;
  return db
    .select(columns)
    .from(patientDocument)
    .where(
      and(
        eq(patientDocument.patientId, patientId),
        sql`(${createdFrom} IS NULL OR ${patientDocument.dateCreated} >= ${createdFrom})`,
        sql`(${createdBefore} IS NULL OR ${patientDocument.dateCreated} < ${createdBefore})`,
        sql`(${afterId} IS NULL OR EXISTS (SELECT 1 FROM patient_document c
          WHERE c.id = ${afterId} AND c.patient_id = ${patientId}
          AND (${patientDocument.dateCreated}, ${patientDocument.id}) < (c.date_created, c.id)))`,
      ),
    )
    .orderBy(desc(patientDocument.dateCreated), desc(patientDocument.id))
    .limit(sql.placeholder('limit'))
    .prepare('patient_document_page');
});

export async function listDocuments(
  db: Db,
  patientId: number,
  page: DocumentPage = {},
): Promise<PatientDocument[]> {
  const rows = await documentPageStatement(db).execute({
    patientId,
    // As the column itself writes a Date: the same instant, to the millisecond.
    createdFrom: page.createdFrom?.toISOString() ?? null,
    createdBefore: page.createdBefore?.toISOString() ?? null,
    afterId: page.afterId ?? null,
    // LIMIT NULL is no limit.
    limit: page.limit ?? null,
  });
  return rows;
}

/**
 * The Documents block's figures (decision 311) in one statement: the newest document's row, carrying
 * the two counts as scalar subqueries over the patient's documents (a patient has hundreds at most).
 * No row when the patient has none. The range is bound as in `documentPageStatement`, null for open.
 */
const summaryStatement = preparedPerDatabase((db) => {
  const patientId = sql.placeholder('patientId');
  const createdFrom = sql`${sql.placeholder('createdFrom')}::timestamptz`;
  const createdBefore = sql`${sql.placeholder('createdBefore')}::timestamptz`;
  return db
    .select({
      ...columns,
      total: sql<number>`(SELECT count(*)::int FROM patient_document d WHERE d.patient_id = ${patientId})`,
      inRange: sql<number>`(SELECT count(*)::int FROM patient_document d WHERE d.patient_id = ${patientId}
        AND (${createdFrom} IS NULL OR d.date_created >= ${createdFrom})
        AND (${createdBefore} IS NULL OR d.date_created < ${createdBefore}))`,
    })
    .from(patientDocument)
    .where(eq(patientDocument.patientId, patientId))
    .orderBy(desc(patientDocument.dateCreated), desc(patientDocument.id))
    .limit(1)
    .prepare('patient_document_summary');
});

export async function documentsSummary(
  db: Db,
  patientId: number,
  range: Pick<DocumentPage, 'createdFrom' | 'createdBefore'>,
): Promise<PatientDocumentsSummary> {
  const [row] = await summaryStatement(db).execute({
    patientId,
    createdFrom: range.createdFrom?.toISOString() ?? null,
    createdBefore: range.createdBefore?.toISOString() ?? null,
  });
  if (row === undefined) return { total: 0, inRange: 0, latest: null };
  const { total, inRange, ...latest } = row;
  return { total, inRange, latest };
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
  return row ?? null;
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
