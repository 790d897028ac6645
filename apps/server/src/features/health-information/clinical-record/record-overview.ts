/**
 * What a limited read of the clinical record answers besides its newest entries: how many each list
 * of the range holds (for the page's "Show all (N)") and the lab trend chart, whose line needs every
 * value of its test, not only those of the newest results.
 */
import type { RecordTotals, RecordTrendsView, ResultInterpretation } from '@dermis/contract';
import { and, count, eq, gte, isNotNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/database';
import {
  careGoal,
  carePlanItem,
  clinicalNote,
  healthConcern,
  immunization,
  resultObservation,
  resultReport,
  vitalSignSet,
} from '../../../db/schema';
import type { ExportRange } from './clinical-record.repository';

const within = (column: AnyPgColumn, range: ExportRange): SQL | undefined =>
  and(range.from ? gte(column, range.from) : undefined, range.to ? lt(column, range.to) : undefined);

/** Each list's size in the range; results counted as the patient sees them (released by `now`). */
export async function recordTotals(
  db: Db,
  patientId: number,
  range: ExportRange,
  now: Date,
): Promise<RecordTotals> {
  const sizeOf = async (
    table:
      | typeof resultReport
      | typeof vitalSignSet
      | typeof immunization
      | typeof clinicalNote
      | typeof carePlanItem
      | typeof careGoal
      | typeof healthConcern,
    where: SQL | undefined,
  ) => {
    const [row] = await db.select({ n: count() }).from(table).where(where);
    return row?.n ?? 0;
  };
  const [results, vitalSigns, immunizations, notes, carePlanItems, goals, concerns] = await Promise.all([
    sizeOf(
      resultReport,
      and(
        eq(resultReport.patientId, patientId),
        within(resultReport.effectiveAt, range),
        lte(resultReport.releasedAt, now),
      ),
    ),
    sizeOf(vitalSignSet, and(eq(vitalSignSet.patientId, patientId), within(vitalSignSet.effectiveAt, range))),
    sizeOf(immunization, and(eq(immunization.patientId, patientId), within(immunization.occurredAt, range))),
    sizeOf(clinicalNote, and(eq(clinicalNote.patientId, patientId), within(clinicalNote.authoredAt, range))),
    sizeOf(carePlanItem, and(eq(carePlanItem.patientId, patientId), within(carePlanItem.recordedAt, range))),
    sizeOf(careGoal, and(eq(careGoal.patientId, patientId), within(careGoal.recordedAt, range))),
    sizeOf(
      healthConcern,
      and(eq(healthConcern.patientId, patientId), within(healthConcern.recordedAt, range)),
    ),
  ]);
  return { results, vitalSigns, immunizations, notes, carePlanItems, goals, concerns };
}

interface Series {
  code: string;
  name: string;
  unit: string | null;
  referenceLow: number | null;
  referenceHigh: number | null;
  points: { effectiveAt: string; value: number; interpretation: ResultInterpretation | null }[];
}

/**
 * The numeric lab tests measured at least twice in the range, in the order first measured, and the
 * series of `wanted` (or, when absent or unknown, of the first test with a flagged value, else the
 * first test). As the page drew it from the whole list: the first name and unit seen, the latest
 * reference range. The tests are summed up in the database (a long record has thousands of values)
 * and only the chosen test's values are read.
 */
export async function labTrends(
  db: Db,
  patientId: number,
  range: ExportRange,
  now: Date,
  wanted: string | undefined,
): Promise<RecordTrendsView> {
  const labValues = and(
    eq(resultReport.patientId, patientId),
    eq(resultReport.category, 'lab'),
    within(resultReport.effectiveAt, range),
    lte(resultReport.releasedAt, now),
    isNotNull(resultObservation.valueNumeric),
  );
  const order = sql`${resultReport.effectiveAt}, ${resultReport.id}, ${resultObservation.position}`;
  const tests = await db
    .select({
      code: resultObservation.code,
      name: sql<string>`(array_agg(${resultObservation.name} order by ${order}))[1]`,
      flagged: sql<boolean>`bool_or(coalesce(${resultObservation.interpretation}, 'N') <> 'N')`,
    })
    .from(resultObservation)
    .innerJoin(resultReport, eq(resultReport.id, resultObservation.reportId))
    .where(labValues)
    .groupBy(resultObservation.code)
    .having(sql`count(*) >= 2`)
    // First measured first: the earliest report, then the clinic's order within it.
    .orderBy(
      sql`min(array[extract(epoch from ${resultReport.effectiveAt}), ${resultReport.id}, ${resultObservation.position}])`,
    );
  const code =
    tests.find((test) => test.code === wanted)?.code ??
    tests.find((test) => test.flagged)?.code ??
    tests[0]?.code;
  if (code === undefined) return { tests: [], chosen: null };
  const rows = await db
    .select({
      name: resultObservation.name,
      unit: resultObservation.unit,
      value: resultObservation.valueNumeric,
      interpretation: resultObservation.interpretation,
      referenceLow: resultObservation.referenceLow,
      referenceHigh: resultObservation.referenceHigh,
      effectiveAt: resultReport.effectiveAt,
    })
    .from(resultObservation)
    .innerJoin(resultReport, eq(resultReport.id, resultObservation.reportId))
    .where(and(labValues, eq(resultObservation.code, code)))
    .orderBy(sql`${order}`);
  const first = rows[0]!;
  const last = rows[rows.length - 1]!;
  const chosen: Series = {
    code,
    name: first.name,
    unit: first.unit,
    referenceLow: last.referenceLow,
    referenceHigh: last.referenceHigh,
    points: rows.map((row) => ({
      effectiveAt: row.effectiveAt.toISOString(),
      value: row.value as number,
      interpretation: row.interpretation,
    })),
  };
  return { tests: tests.map((test) => ({ code: test.code, name: test.name })), chosen };
}
