/**
 * The clinic's writes of the clinical record (decision 220), each idempotent by the clinic's
 * external id per practice: the same feed twice changes nothing; a changed one replaces the entry
 * (a result keeps its status history). An entry stays with the patient it was first sent for: the
 * same external id for another patient is refused rather than moved silently.
 */
import type {
  clinicalRecordCalls,
  upsertCareGoalRequest,
  upsertCarePlanItemRequest,
  upsertClinicalNoteRequest,
  upsertHealthConcernRequest,
  upsertHealthStatusRequest,
  upsertImmunizationRequest,
  upsertResultRequest,
  upsertVitalSignsRequest,
} from '@dermis/contract';
import { clinicalNotePdfMaxBytes, healthStatusCodes, isHealthStatusCode } from '@dermis/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../../db/database';
import {
  careGoal,
  carePlanItem,
  clinicalNote,
  encounter,
  healthConcern,
  healthStatus,
  immunization,
  resultObservation,
  resultReleaseDelay,
  resultReport,
  resultReportStatus,
  vitalSign,
  vitalSignSet,
} from '../../../db/schema';
import type { BlobStore } from '../../../lib/blob-store/blob-store';
import { blobKey, newBlobId } from '../../../lib/blob-store/blob-store';
import { sniffContentType } from '../../../lib/blob-store/content-type';
import { invalidField } from '../../../lib/http-error';
import { patientIdByExternalId } from '../../../lib/patient-by-external-id';

export interface Upserted {
  id: number;
  externalId: string;
  created: boolean;
}

type Author = z.output<typeof upsertResultRequest>['author'];
interface EntryInput {
  patientExternalId: string;
  encounterExternalId: string | null;
  author: Author;
  recordedAt?: string | undefined;
}

/** The patient, visit and provenance columns of an entry, its visit checked to be the patient's. */
async function entryColumns(db: Db, practiceId: number, input: EntryInput) {
  const patientId = await patientIdByExternalId(db, practiceId, input.patientExternalId);
  let encounterId: number | null = null;
  if (input.encounterExternalId !== null) {
    const [row] = await db
      .select({ id: encounter.id })
      .from(encounter)
      .where(
        and(
          eq(encounter.practiceId, practiceId),
          eq(encounter.patientId, patientId),
          eq(encounter.externalId, input.encounterExternalId),
        ),
      )
      .limit(1);
    if (!row)
      throw invalidField('encounterExternalId', 'server.error.encounterNotFound', {
        externalId: input.encounterExternalId,
      });
    encounterId = row.id;
  }
  return {
    practiceId,
    patientId,
    encounterId,
    authorName: input.author.name,
    authorNpi: input.author.npi,
    authorTaxonomyCode: input.author.taxonomyCode,
    authorOrganization: input.author.organization,
    recordedAt: input.recordedAt ? new Date(input.recordedAt) : new Date(),
  };
}

/** The columns that name an entry: its table, id, practice, external id and patient. */
interface EntryTable {
  table: PgTable;
  id: AnyPgColumn;
  practiceId: AnyPgColumn;
  externalId: AnyPgColumn;
  patientId: AnyPgColumn;
}
const entryTable = (t: EntryTable['table'] & Omit<EntryTable, 'table'>): EntryTable => ({
  table: t,
  id: t.id,
  practiceId: t.practiceId,
  externalId: t.externalId,
  patientId: t.patientId,
});

/** The stored entry of an external id (locked), refused when it belongs to another patient. */
async function existingEntry(
  db: Db,
  t: EntryTable,
  practiceId: number,
  externalId: string,
  patientId: number,
): Promise<number | null> {
  const rows = await db
    .select({ id: t.id, patientId: t.patientId })
    .from(t.table)
    .where(and(eq(t.practiceId, practiceId), eq(t.externalId, externalId)))
    .limit(1)
    .for('update');
  const row = rows[0] as { id: number; patientId: number } | undefined;
  if (row && row.patientId !== patientId)
    throw invalidField('patientExternalId', 'server.error.recordOtherPatient', { externalId });
  return row?.id ?? null;
}

/** Compares what was stored with what arrives, ignoring when the feed was received. */
const sameContent = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);
const withoutRecordedAt = <T extends { recordedAt: Date }>({ recordedAt: _ignored, ...rest }: T) => rest;

// ---------------------------------------------------------------------------------------- results

export interface ResultUpserted extends Upserted {
  /** A new version was stored (new or changed result): the patient is due a notice. */
  changed: boolean;
  released: boolean;
}

export async function upsertResult(
  db: Db,
  practiceId: number,
  externalId: string,
  input: z.output<typeof upsertResultRequest>,
  now = new Date(),
): Promise<ResultUpserted> {
  const columns = await entryColumns(db, practiceId, input);
  const fields = {
    ...columns,
    category: input.category,
    code: input.code,
    name: input.name,
    status: input.status,
    effectiveAt: new Date(input.effectiveAt),
    issuedAt: new Date(input.issuedAt),
    specimen: input.specimen,
    narrative: input.narrative,
    diagnosisCode: input.diagnosis?.code ?? null,
    diagnosisDisplay: input.diagnosis?.display ?? null,
  };
  const observations = input.observations.map((o, position) => ({ position, ...o }));
  return db.transaction(async (tx) => {
    const id = await existingEntry(tx, entryTable(resultReport), practiceId, externalId, columns.patientId);
    if (id === null) {
      const [delay] = await tx
        .select({ hours: resultReleaseDelay.delayHours })
        .from(resultReleaseDelay)
        .where(
          and(eq(resultReleaseDelay.practiceId, practiceId), eq(resultReleaseDelay.category, input.category)),
        );
      const releasedAt = new Date(now.getTime() + (delay?.hours ?? 0) * 3_600_000);
      const [row] = await tx
        .insert(resultReport)
        .values({ ...fields, externalId, version: 1, releasedAt })
        .returning({ id: resultReport.id });
      if (!row) throw new Error('result insert returned nothing');
      await writeObservations(tx, row.id, observations);
      await tx.insert(resultReportStatus).values({
        reportId: row.id,
        version: 1,
        status: input.status,
        issuedAt: fields.issuedAt,
        receivedAt: now,
      });
      return { id: row.id, externalId, created: true, changed: true, released: releasedAt <= now };
    }

    const [stored] = await tx.select().from(resultReport).where(eq(resultReport.id, id));
    if (!stored) throw new Error('result vanished under its lock');
    const storedObservations = await tx
      .select()
      .from(resultObservation)
      .where(eq(resultObservation.reportId, id))
      .orderBy(asc(resultObservation.position));
    const comparable = (report: typeof fields, list: typeof observations) => ({
      ...withoutRecordedAt(report),
      effectiveAt: report.effectiveAt.toISOString(),
      issuedAt: report.issuedAt.toISOString(),
      observations: list.map((o) => [
        o.position,
        o.code,
        o.name,
        o.valueNumeric,
        o.valueText,
        o.unit,
        o.referenceLow,
        o.referenceHigh,
        o.referenceText,
        o.interpretation,
      ]),
    });
    const before = comparable(
      {
        practiceId: stored.practiceId,
        patientId: stored.patientId,
        encounterId: stored.encounterId,
        authorName: stored.authorName,
        authorNpi: stored.authorNpi,
        authorTaxonomyCode: stored.authorTaxonomyCode,
        authorOrganization: stored.authorOrganization,
        recordedAt: stored.recordedAt,
        category: stored.category,
        code: stored.code,
        name: stored.name,
        status: stored.status,
        effectiveAt: stored.effectiveAt,
        issuedAt: stored.issuedAt,
        specimen: stored.specimen,
        narrative: stored.narrative,
        diagnosisCode: stored.diagnosisCode,
        diagnosisDisplay: stored.diagnosisDisplay,
      },
      storedObservations,
    );
    const released = stored.releasedAt <= now;
    if (sameContent(before, comparable(fields, observations)))
      return { id, externalId, created: false, changed: false, released };

    // The release time is kept: a correction of a shown result shows at once, one still held back
    // waits for the time its first version was given.
    const version = stored.version + 1;
    await tx
      .update(resultReport)
      .set({ ...fields, version, updatedAt: sql`now()` })
      .where(eq(resultReport.id, id));
    await tx.delete(resultObservation).where(eq(resultObservation.reportId, id));
    await writeObservations(tx, id, observations);
    await tx
      .insert(resultReportStatus)
      .values({ reportId: id, version, status: input.status, issuedAt: fields.issuedAt, receivedAt: now });
    return { id, externalId, created: false, changed: true, released };
  });
}

async function writeObservations(
  tx: Db,
  reportId: number,
  observations: (z.output<typeof upsertResultRequest>['observations'][number] & { position: number })[],
) {
  if (observations.length > 0)
    await tx.insert(resultObservation).values(observations.map((o) => ({ reportId, ...o })));
}

export async function setReleaseDelay(
  db: Db,
  practiceId: number,
  category: 'lab' | 'pathology',
  delayHours: number,
): Promise<void> {
  await db
    .insert(resultReleaseDelay)
    .values({ practiceId, category, delayHours })
    .onConflictDoUpdate({
      target: [resultReleaseDelay.practiceId, resultReleaseDelay.category],
      set: { delayHours, updatedAt: sql`now()` },
    });
}

/** Every category with its delay (0 where the practice set none). */
export async function releaseDelays(db: Db, practiceId: number) {
  const rows = await db
    .select({ category: resultReleaseDelay.category, delayHours: resultReleaseDelay.delayHours })
    .from(resultReleaseDelay)
    .where(eq(resultReleaseDelay.practiceId, practiceId));
  return {
    delays: (['lab', 'pathology'] as const).map((category) => ({
      category,
      delayHours: rows.find((r) => r.category === category)?.delayHours ?? 0,
    })),
  };
}

// ----------------------------------------------------------------------------------- vital signs

export async function upsertVitalSigns(
  db: Db,
  practiceId: number,
  externalId: string,
  input: z.output<typeof upsertVitalSignsRequest>,
): Promise<Upserted> {
  const columns = await entryColumns(db, practiceId, input);
  const fields = { ...columns, effectiveAt: new Date(input.effectiveAt) };
  return db.transaction(async (tx) => {
    const id = await existingEntry(tx, entryTable(vitalSignSet), practiceId, externalId, columns.patientId);
    const [row] = await tx
      .insert(vitalSignSet)
      .values({ ...fields, externalId })
      .onConflictDoUpdate({
        target: [vitalSignSet.practiceId, vitalSignSet.externalId],
        set: { ...fields, updatedAt: sql`now()` },
      })
      .returning({ id: vitalSignSet.id });
    if (!row) throw new Error('vital signs upsert returned nothing');
    await tx.delete(vitalSign).where(eq(vitalSign.setId, row.id));
    await tx.insert(vitalSign).values(input.measurements.map((m) => ({ setId: row.id, ...m })));
    return { id: row.id, externalId, created: id === null };
  });
}

// ------------------------------------------------------------------- immunizations, plan, concerns

/** An entry of one row: inserted, or updated in place under its external id. */
async function upsertRow(
  db: Db,
  t: EntryTable,
  practiceId: number,
  externalId: string,
  patientId: number,
  write: { insert: (tx: Db) => Promise<number>; update: (tx: Db, id: number) => Promise<unknown> },
): Promise<Upserted> {
  return db.transaction(async (tx) => {
    const id = await existingEntry(tx, t, practiceId, externalId, patientId);
    if (id === null) return { id: await write.insert(tx), externalId, created: true };
    await write.update(tx, id);
    return { id, externalId, created: false };
  });
}

const inserted = (rows: { id: number }[]) => {
  if (!rows[0]) throw new Error('insert returned nothing');
  return rows[0].id;
};

export async function upsertImmunization(
  db: Db,
  practiceId: number,
  externalId: string,
  input: z.output<typeof upsertImmunizationRequest>,
): Promise<Upserted> {
  const columns = await entryColumns(db, practiceId, input);
  const values = {
    ...columns,
    externalId,
    cvxCode: input.cvxCode,
    vaccineName: input.vaccineName,
    occurredAt: new Date(input.occurredAt),
    status: input.status,
    statusReason: input.statusReason,
    lotNumber: input.lotNumber,
    manufacturer: input.manufacturer,
    performerName: input.performerName,
    doseQuantity: input.dose?.quantity ?? null,
    doseUnit: input.dose?.unit ?? null,
    doseNumber: input.doseNumber,
  };
  return upsertRow(db, entryTable(immunization), practiceId, externalId, columns.patientId, {
    insert: async (tx) =>
      inserted(await tx.insert(immunization).values(values).returning({ id: immunization.id })),
    update: (tx, id) =>
      tx
        .update(immunization)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(immunization.id, id)),
  });
}

export async function upsertCarePlanItem(
  db: Db,
  practiceId: number,
  externalId: string,
  input: z.output<typeof upsertCarePlanItemRequest>,
): Promise<Upserted> {
  const columns = await entryColumns(db, practiceId, input);
  const values = {
    ...columns,
    externalId,
    kind: input.kind,
    description: input.description,
    code: input.code,
    codeSystem: input.codeSystem,
    plannedAt: input.plannedAt ? new Date(input.plannedAt) : null,
    status: input.status,
  };
  return upsertRow(db, entryTable(carePlanItem), practiceId, externalId, columns.patientId, {
    insert: async (tx) =>
      inserted(await tx.insert(carePlanItem).values(values).returning({ id: carePlanItem.id })),
    update: (tx, id) =>
      tx
        .update(carePlanItem)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(carePlanItem.id, id)),
  });
}

export async function upsertCareGoal(
  db: Db,
  practiceId: number,
  externalId: string,
  input: z.output<typeof upsertCareGoalRequest>,
): Promise<Upserted> {
  const columns = await entryColumns(db, practiceId, input);
  const values = {
    ...columns,
    externalId,
    description: input.description,
    targetDate: input.targetDate,
    status: input.status,
    priority: input.priority,
  };
  return upsertRow(db, entryTable(careGoal), practiceId, externalId, columns.patientId, {
    insert: async (tx) => inserted(await tx.insert(careGoal).values(values).returning({ id: careGoal.id })),
    update: (tx, id) =>
      tx
        .update(careGoal)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(careGoal.id, id)),
  });
}

export async function upsertHealthConcern(
  db: Db,
  practiceId: number,
  externalId: string,
  input: z.output<typeof upsertHealthConcernRequest>,
): Promise<Upserted> {
  const columns = await entryColumns(db, practiceId, input);
  const values = {
    ...columns,
    externalId,
    code: input.code,
    codeSystem: input.codeSystem,
    description: input.description,
    status: input.status,
    onsetDate: input.onsetDate,
  };
  return upsertRow(db, entryTable(healthConcern), practiceId, externalId, columns.patientId, {
    insert: async (tx) =>
      inserted(await tx.insert(healthConcern).values(values).returning({ id: healthConcern.id })),
    update: (tx, id) =>
      tx
        .update(healthConcern)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(healthConcern.id, id)),
  });
}

export async function upsertHealthStatus(
  db: Db,
  practiceId: number,
  externalId: string,
  input: z.output<typeof upsertHealthStatusRequest>,
): Promise<Upserted> {
  // Refused by name before anything is read: the value set is small and fixed, and a code outside
  // it (a diagnosis, a typo) is not an assessment of overall health.
  if (!isHealthStatusCode(input.code))
    throw invalidField('code', 'server.error.healthStatusCode', {
      code: input.code,
      codes: Object.entries(healthStatusCodes)
        .map(([code, display]) => `${code} (${display})`)
        .join(', '),
    });
  const columns = await entryColumns(db, practiceId, input);
  const values = { ...columns, externalId, code: input.code, status: input.status };
  return upsertRow(db, entryTable(healthStatus), practiceId, externalId, columns.patientId, {
    insert: async (tx) =>
      inserted(await tx.insert(healthStatus).values(values).returning({ id: healthStatus.id })),
    update: (tx, id) =>
      tx
        .update(healthStatus)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(healthStatus.id, id)),
  });
}

// ---------------------------------------------------------------------------------------- notes

const base64Pattern = /^[A-Za-z0-9+/]*={0,2}$/;

function pdfBytes(contentBase64: string): Buffer {
  const compact = contentBase64.replace(/\s+/g, '');
  const bytes =
    compact.length > 0 && compact.length % 4 === 0 && base64Pattern.test(compact)
      ? Buffer.from(compact, 'base64')
      : null;
  if (!bytes || bytes.length > clinicalNotePdfMaxBytes || sniffContentType(bytes) !== 'application/pdf')
    throw invalidField('pdf.contentBase64', 'server.error.notePdf');
  return bytes;
}

export async function upsertClinicalNote(
  /** Without a blob store (the CLI's local mode) only text notes can be written. */
  deps: { db: Db; blobs?: BlobStore },
  practiceId: number,
  externalId: string,
  input: z.output<typeof upsertClinicalNoteRequest>,
): Promise<Upserted> {
  const bytes = input.pdf ? pdfBytes(input.pdf.contentBase64) : null;
  const columns = await entryColumns(deps.db, practiceId, input);
  const [previous] = await deps.db
    .select({ s3Id: clinicalNote.contentS3Id })
    .from(clinicalNote)
    .where(and(eq(clinicalNote.practiceId, practiceId), eq(clinicalNote.externalId, externalId)));
  // New bytes under a new id, then the row, then the old bytes go: a reader never meets a missing blob.
  const s3Id = bytes ? newBlobId() : null;
  if (bytes && !deps.blobs) throw new Error('a PDF note needs the blob store');
  if (bytes && s3Id && deps.blobs) await deps.blobs.put(blobKey('documents', s3Id), bytes, 'application/pdf');
  const result = await upsertNoteRow(deps.db, practiceId, externalId, columns, input, bytes, s3Id);
  // The old PDF stays when there is no store to delete it from; the row no longer names it.
  if (previous?.s3Id && deps.blobs) await deps.blobs.delete(blobKey('documents', previous.s3Id));
  return result;
}

function upsertNoteRow(
  db: Db,
  practiceId: number,
  externalId: string,
  columns: Awaited<ReturnType<typeof entryColumns>>,
  input: z.output<typeof upsertClinicalNoteRequest>,
  bytes: Buffer | null,
  s3Id: string | null,
): Promise<Upserted> {
  const values = {
    ...columns,
    externalId,
    noteTypeCode: input.noteTypeCode,
    noteTypeName: input.noteTypeName,
    title: input.title,
    text: input.text,
    contentS3Id: s3Id,
    contentLength: bytes ? bytes.length : null,
    fileName: input.pdf ? input.pdf.fileName : null,
    authoredAt: new Date(input.authoredAt),
  };
  return db.transaction(async (tx) => {
    const id = await existingEntry(tx, entryTable(clinicalNote), practiceId, externalId, columns.patientId);
    if (id === null) {
      const [row] = await tx.insert(clinicalNote).values(values).returning({ id: clinicalNote.id });
      if (!row) throw new Error('note insert returned nothing');
      return { id: row.id, externalId, created: true };
    }
    await tx
      .update(clinicalNote)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(clinicalNote.id, id));
    return { id, externalId, created: false };
  });
}

export type ClinicalRecordCalls = typeof clinicalRecordCalls;
