/**
 * What a limited read of the clinical record answers besides its newest entries: how many each list
 * of the range holds (for the page's "Show all (N)") and the lab trend chart, whose line needs every
 * value of its test, not only those of the newest results.
 */
import type { RecordTotals, RecordTrendsView } from '@dermis/contract';
import { and, eq, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/database';
import { preparedPerDatabase } from '../../../db/prepared';
import {
  careGoal,
  carePlanItem,
  clinicalNote,
  healthConcern,
  immunization,
  patient,
  resultObservation,
  resultReport,
  vitalSignSet,
} from '../../../db/schema';
import type { ExportRange } from './clinical-record.repository';

/**
 * The statements of this file are prepared (decision 275): each is planned once per connection, not
 * on every request, and built once by Drizzle. So the range is two placeholders, `from` and `to`
 * (null: open), and "released by" one, `now`; all three bound as ISO text. Unlike the lists' reads
 * (decision 284), an open end stays `is null or`: it keeps PostgreSQL on custom plans for these
 * aggregates, and the generic plan it made for the trend's series with plain bounds (a bitmap AND of
 * two indexes for each of the patient's reports) cost 5 ms a request where a custom plan costs 0.7.
 */
const patientIs = (column: AnyPgColumn) => eq(column, sql.placeholder('patientId'));
const inAnyRange = (column: AnyPgColumn) =>
  sql`(${sql.placeholder('from')}::timestamptz is null or ${column} >= ${sql.placeholder('from')}::timestamptz)
      and (${sql.placeholder('to')}::timestamptz is null or ${column} < ${sql.placeholder('to')}::timestamptz)`;
const releasedByNow = lte(resultReport.releasedAt, sql`${sql.placeholder('now')}::timestamptz`);

const rangeValues = (patientId: number, range: ExportRange, now: Date) => ({
  patientId,
  from: range.from?.toISOString() ?? null,
  to: range.to?.toISOString() ?? null,
  now: now.toISOString(),
});

/** `count(*)` of one list as a scalar subquery, so that every list is counted by one statement. */
const countOf = (
  table:
    | typeof resultReport
    | typeof vitalSignSet
    | typeof immunization
    | typeof clinicalNote
    | typeof carePlanItem
    | typeof careGoal
    | typeof healthConcern,
  where: SQL | undefined,
) => sql<number>`(select count(*)::int from ${table} where ${where})`.mapWith(Number);

/**
 * Each list's size in the range; results counted as the patient sees them (released by `now`).
 * One statement of seven counts, each on its table's (patient, time) index: seven statements
 * cost seven round trips and as many plans for a handful of numbers.
 */
const totalsStatement = preparedPerDatabase((db) =>
  db
    .select({
      results: countOf(
        resultReport,
        and(patientIs(resultReport.patientId), inAnyRange(resultReport.effectiveAt), releasedByNow),
      ),
      vitalSigns: countOf(
        vitalSignSet,
        and(patientIs(vitalSignSet.patientId), inAnyRange(vitalSignSet.effectiveAt)),
      ),
      immunizations: countOf(
        immunization,
        and(patientIs(immunization.patientId), inAnyRange(immunization.occurredAt)),
      ),
      notes: countOf(
        clinicalNote,
        and(patientIs(clinicalNote.patientId), inAnyRange(clinicalNote.authoredAt)),
      ),
      carePlanItems: countOf(
        carePlanItem,
        and(patientIs(carePlanItem.patientId), inAnyRange(carePlanItem.recordedAt)),
      ),
      goals: countOf(careGoal, and(patientIs(careGoal.patientId), inAnyRange(careGoal.recordedAt))),
      concerns: countOf(
        healthConcern,
        and(patientIs(healthConcern.patientId), inAnyRange(healthConcern.recordedAt)),
      ),
    })
    // One row to hang the counts on: the patient's own.
    .from(patient)
    .where(patientIs(patient.id))
    .prepare('record_totals'),
);

export async function recordTotals(
  db: Db,
  patientId: number,
  range: ExportRange,
  now: Date,
): Promise<RecordTotals> {
  const [row] = await totalsStatement(db).execute(rangeValues(patientId, range, now));
  return (
    row ?? { results: 0, vitalSigns: 0, immunizations: 0, notes: 0, carePlanItems: 0, goals: 0, concerns: 0 }
  );
}

/**
 * The numeric lab tests measured at least twice in the range, in the order first measured, and the
 * series of `wanted` (or, when absent or unknown, of the first test with a flagged value, else the
 * first test). As the page drew it from the whole list: the first name and unit seen, the latest
 * reference range. The tests are summed up in the database (a long record has thousands of values)
 * and only the chosen test's values are read.
 */
/** A released numeric lab value of the patient in the range (what the chart draws from). */
const labValues = and(
  patientIs(resultReport.patientId),
  eq(resultReport.category, 'lab'),
  inAnyRange(resultReport.effectiveAt),
  releasedByNow,
  isNotNull(resultObservation.valueNumeric),
);

// Each test's count, flag and first instant by a hash aggregate; then, per test, its first value
// (the first report of that instant, the clinic's order within it) for its name and place. Sorting
// every value of the record inside the aggregate, as an ordered array_agg would, cost several times
// as much for a long record.
const testsStatement = preparedPerDatabase((db) => {
  const measured = db
    .select({
      code: resultObservation.code,
      flagged: sql<boolean>`bool_or(coalesce(${resultObservation.interpretation}, 'N') <> 'N')`.as('flagged'),
      firstAt: sql<string>`min(${resultReport.effectiveAt})`.as('first_at'),
    })
    .from(resultObservation)
    .innerJoin(resultReport, eq(resultReport.id, resultObservation.reportId))
    .where(labValues)
    .groupBy(resultObservation.code)
    .having(sql`count(*) >= 2`)
    .as('measured');
  const firstValue = db
    .select({ name: resultObservation.name, reportId: resultReport.id, position: resultObservation.position })
    .from(resultObservation)
    .innerJoin(resultReport, eq(resultReport.id, resultObservation.reportId))
    .where(
      and(
        labValues,
        eq(resultObservation.code, measured.code),
        eq(resultReport.effectiveAt, measured.firstAt),
      ),
    )
    .orderBy(resultReport.id, resultObservation.position)
    .limit(1)
    .as('first_value');
  return (
    db
      .select({ code: measured.code, name: firstValue.name, flagged: measured.flagged })
      .from(measured)
      .innerJoinLateral(firstValue, sql`true`)
      // First measured first: the earliest report, then the clinic's order within it.
      .orderBy(measured.firstAt, firstValue.reportId, firstValue.position)
      .prepare('record_trend_tests')
  );
});

/** Every value of one test, oldest first, the clinic's order within a report. */
const seriesStatement = preparedPerDatabase((db) =>
  db
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
    .where(and(labValues, eq(resultObservation.code, sql.placeholder('code'))))
    .orderBy(resultReport.effectiveAt, resultReport.id, resultObservation.position)
    .prepare('record_trend_series'),
);

export async function labTrends(
  db: Db,
  patientId: number,
  range: ExportRange,
  now: Date,
  wanted: string | undefined,
): Promise<RecordTrendsView> {
  const values = rangeValues(patientId, range, now);
  const tests = await testsStatement(db).execute(values);
  const code =
    tests.find((test) => test.code === wanted)?.code ??
    tests.find((test) => test.flagged)?.code ??
    tests[0]?.code;
  if (code === undefined) return { tests: [], chosen: null };
  const rows = await seriesStatement(db).execute({ ...values, code });
  const first = rows[0]!;
  const last = rows[rows.length - 1]!;
  const chosen = {
    code,
    name: first.name,
    unit: first.unit,
    referenceLow: last.referenceLow,
    referenceHigh: last.referenceHigh,
    takenAt: rows.map((row) => row.effectiveAt.getTime()),
    // Not null: the rows are those with a numeric value.
    values: rows.map((row) => row.value as number),
    interpretations: rows.map((row) => row.interpretation),
  };
  return { tests: tests.map((test) => ({ code: test.code, name: test.name })), chosen };
}
