/**
 * The Health Information page's first load (a limited record without `section`) as the answer's JSON
 * text, written by one prepared statement (decision 293): the newest of each list, every list's total
 * and the lab trend chart, in the bytes the contract's serialiser wrote from `readRecord`'s objects.
 * One round trip instead of seven, and Node neither parses the lists' JSON, nor makes a `Date` per
 * instant, nor maps and serialises 70 KB again. Every other ask of the record keeps `readRecord`.
 *
 * The bytes, as decision 291 wrote them for the health history: the keys of the contract's schemas
 * in their order; strings through `to_json` (it escapes what JSON.stringify escapes); an instant as
 * `toISOString()` wrote the driver's `Date` (milliseconds cut, not rounded) and a trend's time as its
 * `getTime()`; a float as JavaScript writes it (`jsNumber`).
 */
import { healthStatusCodes } from '@dermis/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { jsonInstant as iso, jsonInstantOrNull as isoOrNull, jsonString as str } from '../../../db/json-text';
import { preparedPerDatabase } from '../../../db/prepared';
import {
  careGoal,
  carePlanItem,
  clinicalNote,
  clinicalRecordRevision,
  healthConcern,
  healthStatus,
  immunization,
  labTestSummary,
  patient,
  resultObservation,
  resultRead,
  resultReport,
  resultReportStatus,
  vitalSign,
  vitalSignSet,
} from '../../../db/schema';
import { rangeBounds, type ExportRange } from './clinical-record.repository';

/** Milliseconds since 1970 of an instant, as `getTime()` of the driver's `Date` (sub-milliseconds cut). */
const epochMs = (expression: SQL) => sql`floor(extract(epoch from ${expression}) * 1000)::bigint::text`;

/**
 * A float (or `null`) as JavaScript writes it. PostgreSQL writes the same shortest digits (its
 * default `extra_float_digits` of 1), in the same form between 1e-4 and 1e15, but in exponent form
 * outside (`1e-05`, `1e+15`) where JavaScript writes `0.00001` and `1000000000000000` and only below
 * 1e-6 or from 1e21 `1e-7` and `1e+21`; and PostgreSQL keeps the sign of zero. So an exponent form
 * is rewritten from its digits `d` and the place `n` of its point, by the rule of Number::toString.
 * The database's `json_js_number` (migration 0487), which writes the lab test summary's charts, follows
 * the same rule; record-page-json.test.ts checks both.
 */
export const jsNumber = (expression: SQL) => sql`(case
    when (${expression}) is null then 'null'
    when (${expression}) = 0 then '0'
    when (${expression})::float8::text not like '%e%' then (${expression})::float8::text
    else (select f.sign || case
        when f.n between length(f.d) and 21 then f.d || repeat('0', f.n - length(f.d))
        when f.n between 1 and 21 then left(f.d, f.n) || '.' || substr(f.d, f.n + 1)
        when f.n between -5 and 0 then '0.' || repeat('0', -f.n) || f.d
        else left(f.d, 1) || case when length(f.d) > 1 then '.' || substr(f.d, 2) else '' end
          || 'e' || case when f.n >= 1 then '+' else '-' end || abs(f.n - 1)
      end
      from (select case when e.t like '-%' then '-' else '' end as sign,
              replace(replace(split_part(e.t, 'e', 1), '-', ''), '.', '') as d,
              split_part(e.t, 'e', 2)::int + 1 as n
            from (select (${expression})::float8::text as t) e) f)
  end)`;

const provenance = sql`',"authorName":' || ${str(sql`e.author_name`)}
  || ',"authorOrganization":' || ${str(sql`e.author_organization`)}
  || ',"recordedAt":' || ${iso(sql`e.recorded_at`)} || '}'`;

/** The bound range on an entry's time (`e`), as the lists read it (decision 284). */
const inRange = (column: SQL) =>
  sql`${column} >= ${sql.placeholder('from')}::timestamptz and ${column} < ${sql.placeholder('to')}::timestamptz`;
const patientIs = sql`e.patient_id = ${sql.placeholder('patientId')}::integer`;
const releasedByNow = sql`e.released_at <= ${sql.placeholder('now')}::timestamptz`;
const limit = sql`limit ${sql.placeholder('limit')}::integer`;

/** The entries' JSON (`entry`, of the row `e`), in `order`, as a JSON array. */
const list = (table: SQL, entry: SQL, where: SQL, order: SQL, cut = true) =>
  sql`'[' || coalesce((select string_agg(x.json, ',' order by x.n) from (
    select ${entry} as json, row_number() over (order by ${order}) as n
    from ${table} e where ${where} order by ${order} ${cut ? limit : sql``}) x), '') || ']'`;

const observationJson = sql`'{"code":' || ${str(sql`o.code`)} || ',"name":' || ${str(sql`o.name`)}
  || ',"valueNumeric":' || ${jsNumber(sql`o.value_numeric`)} || ',"valueText":' || ${str(sql`o.value_text`)}
  || ',"unit":' || ${str(sql`o.unit`)} || ',"referenceLow":' || ${jsNumber(sql`o.reference_low`)}
  || ',"referenceHigh":' || ${jsNumber(sql`o.reference_high`)}
  || ',"referenceText":' || ${str(sql`o.reference_text`)}
  || ',"interpretation":' || ${str(sql`o.interpretation`)} || '}'`;

/**
 * A result: its observations in the clinic's order, unread when the caller (`readBy`) last read an
 * older version or never, and the statuses it had before its current one (every version's but the
 * last; versions are unique per report).
 */
const resultJson = sql`'{"id":' || e.id || ',"category":' || ${str(sql`e.category`)}
  || ',"code":' || ${str(sql`e.code`)} || ',"name":' || ${str(sql`e.name`)}
  || ',"status":' || ${str(sql`e.status`)} || ',"effectiveAt":' || ${iso(sql`e.effective_at`)}
  || ',"issuedAt":' || ${iso(sql`e.issued_at`)} || ',"specimen":' || ${str(sql`e.specimen`)}
  || ',"narrative":' || ${str(sql`e.narrative`)} || ',"diagnosisCode":' || ${str(sql`e.diagnosis_code`)}
  || ',"diagnosisDisplay":' || ${str(sql`e.diagnosis_display`)}
  || ',"observations":[' || coalesce((select string_agg(${observationJson}, ',' order by o.position)
       from ${resultObservation} o where o.report_id = e.id), '')
  || '],"unread":' || (coalesce((select r.version from ${resultRead} r
       where r.report_id = e.id and r.user_id = ${sql.placeholder('readBy')}::integer), 0) < e.version)::text
  || ',"previousStatuses":[' || coalesce((select string_agg(to_json(s.status)::text, ',' order by s.version)
       from ${resultReportStatus} s where s.report_id = e.id
         and s.version < (select max(l.version) from ${resultReportStatus} l where l.report_id = e.id)), '')
  || ']' || ${provenance}`;

const vitalSignsJson = sql`'{"id":' || e.id || ',"effectiveAt":' || ${iso(sql`e.effective_at`)}
  || ',"measurements":[' || coalesce((select string_agg('{"code":' || ${str(sql`m.code`)}
       || ',"value":' || ${jsNumber(sql`m.value`)} || ',"unit":' || ${str(sql`m.unit`)} || '}', ',' order by m.id)
       from ${vitalSign} m where m.set_id = e.id), '') || ']' || ${provenance}`;

const immunizationJson = sql`'{"id":' || e.id || ',"cvxCode":' || ${str(sql`e.cvx_code`)}
  || ',"vaccineName":' || ${str(sql`e.vaccine_name`)} || ',"occurredAt":' || ${iso(sql`e.occurred_at`)}
  || ',"status":' || ${str(sql`e.status`)} || ',"statusReason":' || ${str(sql`e.status_reason`)}
  || ',"lotNumber":' || ${str(sql`e.lot_number`)} || ',"performerName":' || ${str(sql`e.performer_name`)}
  || ${provenance}`;

const noteJson = sql`'{"id":' || e.id || ',"noteTypeName":' || ${str(sql`e.note_type_name`)}
  || ',"title":' || ${str(sql`e.title`)} || ',"authoredAt":' || ${iso(sql`e.authored_at`)} || ${provenance}`;

const planItemJson = sql`'{"id":' || e.id || ',"kind":' || ${str(sql`e.kind`)}
  || ',"description":' || ${str(sql`e.description`)} || ',"plannedAt":' || ${isoOrNull(sql`e.planned_at`)}
  || ',"status":' || ${str(sql`e.status`)} || ${provenance}`;

const goalJson = sql`'{"id":' || e.id || ',"description":' || ${str(sql`e.description`)}
  || ',"targetDate":' || ${str(sql`e.target_date`)} || ',"status":' || ${str(sql`e.status`)} || ${provenance}`;

const concernJson = sql`'{"id":' || e.id || ',"description":' || ${str(sql`e.description`)}
  || ',"code":' || ${str(sql`e.code`)} || ',"codeSystem":' || ${str(sql`e.code_system`)}
  || ',"status":' || ${str(sql`e.status`)} || ',"onsetDate":' || ${str(sql`e.onset_date`)} || ${provenance}`;

/** The value set's displays, from the contract: a status outside it is skipped, as `carePlanInRange` does. */
const healthStatusDisplays = sql.raw(`'${JSON.stringify(healthStatusCodes).replaceAll("'", "''")}'::jsonb`);

/** The current health status: the newest final one of the range whose code is of the value set. */
const healthStatusJson = sql`coalesce((select '{"id":' || e.id || ',"code":' || ${str(sql`e.code`)}
    || ',"display":' || to_json(${healthStatusDisplays} ->> e.code)::text || ${provenance}
  from ${healthStatus} e
  where ${patientIs} and ${inRange(sql`e.recorded_at`)} and e.status = 'final' and ${healthStatusDisplays} ? e.code
  order by e.recorded_at desc, e.id desc limit 1), 'null')`;

const countOf = (table: SQL, where: SQL) => sql`(select count(*) from ${table} e where ${where})`;

const totalsJson = sql`'{"results":' || ${countOf(
  sql`${resultReport}`,
  sql`${patientIs} and ${inRange(sql`e.effective_at`)} and ${releasedByNow}`,
)} || ',"vitalSigns":' || ${countOf(sql`${vitalSignSet}`, sql`${patientIs} and ${inRange(sql`e.effective_at`)}`)}
  || ',"immunizations":' || ${countOf(sql`${immunization}`, sql`${patientIs} and ${inRange(sql`e.occurred_at`)}`)}
  || ',"notes":' || ${countOf(sql`${clinicalNote}`, sql`${patientIs} and ${inRange(sql`e.authored_at`)}`)}
  || ',"carePlanItems":' || ${countOf(sql`${carePlanItem}`, sql`${patientIs} and ${inRange(sql`e.recorded_at`)}`)}
  || ',"goals":' || ${countOf(sql`${careGoal}`, sql`${patientIs} and ${inRange(sql`e.recorded_at`)}`)}
  || ',"concerns":' || ${countOf(sql`${healthConcern}`, sql`${patientIs} and ${inRange(sql`e.recorded_at`)}`)}
  || '}'`;

/**
 * The trend chart (as `labTrends` answered it): the numeric lab values of the range released by now;
 * per test measured twice or more its first value (the earliest report, the clinic's order within
 * it) for its name and place; the chosen test (the asked one, else the first flagged, else the
 * first) with every value oldest first, its first name and unit and its latest reference range.
 * The tests are read from the patient's lab test summary (decision 298) when it holds exactly the
 * range's values: every value it sums up lies in the range and is released by now. Else they are
 * counted by a hash aggregate, as `record_trend_tests` does (decision 275); the branch not taken is
 * not run (a one-time filter). So is the chosen test's chart: the summary's, written by its triggers
 * when the values changed (decision 305), else written here from the series; PostgreSQL runs only
 * the branch of the `case` taken, so the series is not read when the summary holds the range.
 */
const labValue = sql`${resultObservation} o join ${resultReport} e on e.id = o.report_id
  where ${patientIs} and e.category = 'lab' and ${inRange(sql`e.effective_at`)} and ${releasedByNow}
    and o.value_numeric is not null`;

const summaryCovers = sql`coalesce((select min(s.first_at) >= ${sql.placeholder('from')}::timestamptz
    and max(s.last_at) < ${sql.placeholder('to')}::timestamptz
    and max(s.last_released_at) <= ${sql.placeholder('now')}::timestamptz
  from ${labTestSummary} s where s.patient_id = ${sql.placeholder('patientId')}::integer), true)`;

const trendsJson = sql`(with summed as materialized (
    select ${summaryCovers} as covers
  ), measured as materialized (
    select o.code, bool_or(coalesce(o.interpretation, 'N') <> 'N') as flagged, min(e.effective_at) as first_at
    from ${labValue} and not (select w.covers from summed w) group by o.code having count(*) >= 2
  ), tests as materialized (
    select s.code, s.flagged_count > 0 as flagged, s.first_name as name,
      row_number() over (order by s.first_at, s.first_report_id, s.first_position) as place
    from ${labTestSummary} s
    where s.patient_id = ${sql.placeholder('patientId')}::integer and s.value_count >= 2
      and (select w.covers from summed w)
    union all
    select m.code, m.flagged, f.name, row_number() over (order by m.first_at, f.report_id, f.position) as place
    from measured m cross join lateral (
      select o.name, e.id as report_id, o.position from ${labValue}
        and o.code = m.code and e.effective_at = m.first_at
      order by e.id, o.position limit 1) f
  ), chosen as materialized (
    select coalesce((select t.code from tests t where t.code = ${sql.placeholder('trend')}::text),
      (select t.code from tests t where t.flagged order by t.place limit 1),
      (select t.code from tests t order by t.place limit 1)) as code
  ), series as materialized (
    select o.name, o.unit, o.value_numeric, o.interpretation, o.reference_low, o.reference_high, e.effective_at,
      row_number() over (order by e.effective_at, e.id, o.position) as n
    from ${labValue} and o.code = (select c.code from chosen c)
  )
  select '{"tests":[' || coalesce((select string_agg('{"code":' || to_json(t.code)::text || ',"name":'
      || to_json(t.name)::text || '}', ',' order by t.place) from tests t), '')
    || '],"chosen":' || case when (select w.covers from summed w) then coalesce((select s.chart_json
      from ${labTestSummary} s where s.patient_id = ${sql.placeholder('patientId')}::integer
        and s.code = (select c.code from chosen c)), 'null')
    else coalesce((select '{"code":' || to_json(c.code)::text
      || ',"name":' || to_json(oldest.name)::text || ',"unit":' || ${str(sql`oldest.unit`)}
      || ',"referenceLow":' || ${jsNumber(sql`newest.reference_low`)}
      || ',"referenceHigh":' || ${jsNumber(sql`newest.reference_high`)}
      || ',"takenAt":[' || (select string_agg(${epochMs(sql`s.effective_at`)}, ',' order by s.n) from series s)
      || '],"values":[' || (select string_agg(${jsNumber(sql`s.value_numeric`)}, ',' order by s.n) from series s)
      || '],"interpretations":[' || (select string_agg(${str(sql`s.interpretation`)}, ',' order by s.n) from series s)
      || ']}'
    from chosen c, (select * from series order by n limit 1) oldest,
      (select * from series order by n desc limit 1) newest
    where c.code is not null), 'null') end || '}')`;

const pageStatement = preparedPerDatabase((db) =>
  db
    .select({
      json: sql<string>`'{"results":' || ${list(
        sql`${resultReport}`,
        resultJson,
        sql`${patientIs} and ${inRange(sql`e.effective_at`)} and ${releasedByNow}`,
        sql`e.effective_at desc, e.id desc`,
      )} || ',"vitalSigns":' || ${list(
        sql`${vitalSignSet}`,
        vitalSignsJson,
        sql`${patientIs} and ${inRange(sql`e.effective_at`)}`,
        sql`e.effective_at desc, e.id desc`,
      )} || ',"immunizations":' || ${list(
        sql`${immunization}`,
        immunizationJson,
        sql`${patientIs} and ${inRange(sql`e.occurred_at`)}`,
        sql`e.occurred_at desc, e.id desc`,
      )} || ',"notes":' || ${list(
        sql`${clinicalNote}`,
        noteJson,
        sql`${patientIs} and ${inRange(sql`e.authored_at`)}`,
        sql`e.authored_at desc, e.id desc`,
      )} || ',"carePlan":{"items":' || ${list(
        sql`${carePlanItem}`,
        planItemJson,
        sql`${patientIs} and ${inRange(sql`e.recorded_at`)}`,
        sql`e.planned_at, e.id`,
      )} || ',"goals":' || ${list(
        sql`${careGoal}`,
        goalJson,
        sql`${patientIs} and ${inRange(sql`e.recorded_at`)}`,
        sql`e.target_date, e.id`,
      )} || ',"concerns":' || ${list(
        sql`${healthConcern}`,
        concernJson,
        sql`${patientIs} and ${inRange(sql`e.recorded_at`)}`,
        sql`e.recorded_at desc, e.id`,
      )} || ',"healthStatus":' || ${healthStatusJson} || '},"totals":' || ${totalsJson}
        || ',"trends":' || ${trendsJson} || '}'`,
      // The answer holds while no result held back now is released (decision 314).
      nextReleaseAt: sql<string | null>`(select ${epochMs(sql`min(e.released_at)`)} from ${resultReport} e
        where ${patientIs} and e.released_at > ${sql.placeholder('now')}::timestamptz)`,
    })
    // One row to hang the answer on: the patient's own.
    .from(patient)
    .where(sql`${patient.id} = ${sql.placeholder('patientId')}::integer`)
    .prepare('record_page_json'),
);

/** The page's answer, and the instant (ms) it stops being true at, when a held-back result is released. */
export interface RecordPage {
  json: string;
  until: number;
}

/**
 * The page's answer for the patient, the range and `limit`, as `readRecord` answers it (`readBy`: the
 * signed-in person whose unread results are flagged; `trend`: the test the chart should show). Null
 * when the patient has no row (the guard lets no such request through).
 */
export async function recordPageJson(
  db: Db,
  patientId: number,
  readBy: number,
  range: ExportRange,
  limit: number,
  trend: string | undefined,
  now: Date,
): Promise<RecordPage | null> {
  const [row] = await pageStatement(db).execute({
    patientId,
    ...rangeBounds(range),
    now: now.toISOString(),
    limit,
    readBy,
    trend: trend ?? null,
  });
  if (!row) return null;
  return { json: row.json, until: row.nextReleaseAt === null ? Infinity : Number(row.nextReleaseAt) };
}

/** The revision of the patient's record (migration 0492), the one read of a request answered from the cache. */
const revisionStatement = preparedPerDatabase((db) =>
  db
    .select({ revision: clinicalRecordRevision.revision })
    .from(clinicalRecordRevision)
    .where(sql`${clinicalRecordRevision.patientId} = ${sql.placeholder('patientId')}::integer`)
    .prepare('clinical_record_revision'),
);

/** The record's revision now; 0 for a record never changed since the revision was kept. */
export async function recordRevisionOf(db: Db, patientId: number): Promise<number> {
  const [row] = await revisionStatement(db).execute({ patientId });
  return row?.revision ?? 0;
}
