import type { Prescription } from '@dermis/contract';
import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { upsertMonographRequest, upsertPrescriptionRequest } from '@dermis/contract';
import type { Db } from '../../db/database';
import { preparedPerDatabase } from '../../db/prepared';
import { drugMonograph, prescription } from '../../db/schema';

/**
 * Where a page of the history starts (decision 255): after the prescription of this id, in the
 * list's own order; `limit` rows at most (all when undefined).
 */
export interface PrescriptionPage {
  afterId?: number | undefined;
  limit?: number | undefined;
}

/**
 * ACTIVE first, then newest written first (spec §4 filters: Active default, All), then newest id. A
 * page after a prescription compares with that prescription's own status, date and id, read in the
 * same statement within the patient's list: an id that is not the patient's matches no row, so the
 * page is empty. A missing date sorts last, as '-infinity' does in a descending order.
 */
export async function listPrescriptions(
  db: Db,
  patientId: number,
  page: PrescriptionPage = {},
): Promise<Prescription[]> {
  // LIMIT NULL is no limit.
  const limit = page.limit ?? null;
  const rows =
    page.afterId === undefined
      ? await firstPageStatement(db).execute({ patientId, limit })
      : await pageAfterStatement(db).execute({ patientId, afterId: page.afterId, limit });
  return rows.map((r) => ({ ...r, hasMonograph: Boolean(r.hasMonograph) }));
}

const written = sql`COALESCE(${prescription.dateWritten}, '-infinity'::date)`;

/** A prescription's columns as the answer shows them. */
const columns = {
  id: prescription.id,
  fdbId: prescription.fdbId,
  fdbDescription: prescription.fdbDescription,
  fdbDrugType: prescription.fdbDrugType,
  status: prescription.status,
  sig: prescription.sig,
  dateWritten: prescription.dateWritten,
  dateInactive: prescription.dateInactive,
  prescriberName: prescription.prescriberName,
  // Qualified by hand: inside the sub-select an unqualified fdb_id would be the monograph's.
  hasMonograph: sql<boolean>`EXISTS (SELECT 1 FROM drug_monograph m WHERE m.practice_id = prescription.practice_id AND m.fdb_id = prescription.fdb_id AND (m.fdb_drug_type = prescription.fdb_drug_type OR m.fdb_drug_type = ''))`,
};

/**
 * Two prepared statements, the first page (the whole list included) and a page after a cursor, as
 * the other reads My Health Profile makes on load (decision 269): Drizzle builds their SQL once, and
 * PostgreSQL parses them once per connection. They are two, not one with a cursor bound as null, so
 * that the first page, which My Health Profile asks on every visit, is planned once: with
 * `$afterId IS NULL OR EXISTS (...)` the plan made for the bound values drops the condition, which
 * the generic plan cannot, so PostgreSQL judged the generic plan dearer and planned every execution
 * anew. `prescription_patient_idx` holds each patient's prescriptions in this order (decision 288),
 * so a page reads its own rows instead of sorting the patient's whole list.
 */
const pageStatement = (db: Db, after: boolean, name: string) =>
  db
    .select(columns)
    .from(prescription)
    .where(
      and(
        eq(prescription.patientId, sql.placeholder('patientId')),
        after
          ? sql`EXISTS (SELECT 1 FROM prescription c
          WHERE c.id = ${sql.placeholder('afterId')}::integer AND c.patient_id = ${sql.placeholder('patientId')}
          AND (${prescription.status} > c.status OR (${prescription.status} = c.status
            AND (${written}, ${prescription.id}) < (COALESCE(c.date_written, '-infinity'::date), c.id))))`
          : undefined,
      ),
    )
    .orderBy(asc(prescription.status), sql`${written} DESC`, desc(prescription.id))
    .limit(sql.placeholder('limit'))
    .prepare(name);

const firstPageStatement = preparedPerDatabase((db) => pageStatement(db, false, 'prescription_first_page'));
const pageAfterStatement = preparedPerDatabase((db) => pageStatement(db, true, 'prescription_page_after'));

/** The monograph of a drug: the one of its exact type, else the practice's text for that id without a type. */
export async function findMonograph(
  db: Db,
  practiceId: number,
  fdbId: string,
  fdbDrugType: string,
): Promise<{ title: string; monograph: string; fdbDrugType: string } | null> {
  const rows = await db
    .select({
      title: drugMonograph.title,
      monograph: drugMonograph.monograph,
      fdbDrugType: drugMonograph.fdbDrugType,
    })
    .from(drugMonograph)
    .where(
      and(
        eq(drugMonograph.practiceId, practiceId),
        eq(drugMonograph.fdbId, fdbId),
        or(eq(drugMonograph.fdbDrugType, fdbDrugType), eq(drugMonograph.fdbDrugType, '')),
      ),
    )
    .orderBy(sql`(${drugMonograph.fdbDrugType} = ${fdbDrugType}) DESC`, asc(drugMonograph.id))
    .limit(1);
  return rows[0] ?? null;
}

export async function upsertPrescription(
  db: Db,
  practiceId: number,
  patientId: number,
  externalId: string,
  input: z.output<typeof upsertPrescriptionRequest>,
): Promise<{ id: number; externalId: string; created: boolean }> {
  const fields = {
    patientId,
    fdbId: input.fdbId,
    fdbDescription: input.fdbDescription,
    fdbDrugType: input.fdbDrugType,
    status: input.status,
    sig: input.sig,
    dateWritten: input.dateWritten,
    dateInactive: input.dateInactive,
    prescriberName: input.prescriberName,
    rxnormCode: input.rxnormCode,
    doseQuantity: input.dose?.quantity ?? null,
    doseUnit: input.dose?.unit ?? null,
    routeCode: input.route?.code ?? null,
    routeText: input.route?.text ?? null,
    frequencyPeriodValue: input.frequency?.periodValue ?? null,
    frequencyPeriodUnit: input.frequency?.periodUnit ?? null,
    frequencyText: input.frequency?.text ?? null,
    prescriberNpi: input.prescriberNpi,
    prescriberTaxonomyCode: input.prescriberTaxonomyCode,
    authorOrganization: input.organization,
    recordedAt: input.recordedAt ? new Date(input.recordedAt) : new Date(),
  };
  const [row] = await db
    .insert(prescription)
    .values({ practiceId, externalId, ...fields })
    .onConflictDoUpdate({
      target: [prescription.practiceId, prescription.externalId],
      set: { ...fields, updatedAt: sql`now()` },
    })
    .returning({ id: prescription.id, created: sql<boolean>`(xmax = 0)` });
  if (!row) throw new Error('prescription upsert returned nothing');
  return { id: row.id, externalId, created: row.created };
}

export async function upsertMonograph(
  db: Db,
  practiceId: number,
  input: z.output<typeof upsertMonographRequest>,
): Promise<{ fdbId: string; fdbDrugType: string; created: boolean }> {
  const [row] = await db
    .insert(drugMonograph)
    .values({ practiceId, ...input })
    .onConflictDoUpdate({
      target: [drugMonograph.practiceId, drugMonograph.fdbId, drugMonograph.fdbDrugType],
      set: { title: input.title, monograph: input.monograph, updatedAt: sql`now()` },
    })
    .returning({ created: sql<boolean>`(xmax = 0)` });
  return { fdbId: input.fdbId, fdbDrugType: input.fdbDrugType, created: Boolean(row?.created) };
}
