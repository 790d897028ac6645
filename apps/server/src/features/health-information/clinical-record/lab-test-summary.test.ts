/**
 * The lab test summary (decision 298, migration 0486) is kept by the database's triggers: after every
 * kind of write to results (the demo seed, inserts, changes of a value, of its report's instant,
 * release, category or patient, deletes of a value, of a report and of a patient by cascade, a
 * truncate) it equals the summary computed again from the values, and each charted test's chart
 * (migration 0487) is the one `labTrends` answers from the values, as JSON.stringify writes it.
 */
import { expect, it } from 'vitest';
import { seedDemo } from '../../../demo/seed';
import { describeEachDatabase } from '../../../test/database';
import { givenPatient, givenPracticeWithKey } from '../../../test/fixtures';
import { labTrends } from './record-overview';

/** The summary as the values give it: per patient and test, the first value by a DISTINCT ON. */
const computed = `
  WITH v AS (
    SELECT e.patient_id, o.code, o.name, o.position, o.interpretation, e.id AS report_id, e.effective_at, e.released_at
    FROM result_observation o JOIN result_report e ON e.id = o.report_id
    WHERE e.category = 'lab' AND o.value_numeric IS NOT NULL
  ), first AS (
    SELECT DISTINCT ON (patient_id, code) patient_id, code, report_id, position, name
    FROM v ORDER BY patient_id, code, effective_at, report_id, position
  )
  SELECT v.patient_id, v.code, count(*)::int AS value_count,
    sum(CASE WHEN coalesce(v.interpretation, 'N') <> 'N' THEN 1 ELSE 0 END)::int AS flagged_count,
    min(v.effective_at)::text AS first_at, f.report_id AS first_report_id, f.position AS first_position,
    f.name AS first_name, max(v.effective_at)::text AS last_at, max(v.released_at)::text AS last_released_at
  FROM v JOIN first f USING (patient_id, code)
  GROUP BY v.patient_id, v.code, f.report_id, f.position, f.name
  ORDER BY v.patient_id, v.code`;

const kept = `
  SELECT patient_id, code, value_count, flagged_count, first_at::text AS first_at, first_report_id,
    first_position, first_name, last_at::text AS last_at, last_released_at::text AS last_released_at
  FROM lab_test_summary ORDER BY patient_id, code`;

// Every value released by then: the summary sums up held-back values too.
const afterEveryRelease = new Date(Date.UTC(3000, 0, 1));

describeEachDatabase('lab test summary', (t) => {
  const query = <T = Record<string, unknown>>(text: string) =>
    t.database.scriptTransaction((tx) => tx.query<T>(text));
  const write = (script: string) => t.database.scriptTransaction((tx) => tx.exec(script));
  /** Each test measured twice or more (the chart's tests): its kept chart and the one read from the values. */
  const charts = async () => {
    const rows = await query<{ patient_id: number; code: string; chart_json: string }>(
      'SELECT patient_id, code, chart_json FROM lab_test_summary WHERE value_count >= 2 ORDER BY patient_id, code',
    );
    const read = [];
    for (const row of rows) {
      const trends = await labTrends(
        t.db,
        row.patient_id,
        { from: null, to: null },
        afterEveryRelease,
        row.code,
      );
      read.push(JSON.stringify(trends.chosen));
    }
    return { kept: rows.map((row) => row.chart_json), read };
  };
  const expectKept = async (step: string) => {
    const summary = await query(kept);
    expect(summary, step).toEqual(await query(computed));
    const { kept: keptCharts, read } = await charts();
    expect(keptCharts, step).toEqual(read);
    return summary.length;
  };

  it('equals the summary computed from the values after the demo seed', async () => {
    await seedDemo(t.db);
    expect(await expectKept('the demo seeded')).toBeGreaterThan(0);
    expect((await charts()).read.length).toBeGreaterThan(0);
  });

  it('equals the summary computed from the values after every kind of write', async () => {
    const { practiceId } = await givenPracticeWithKey(t.db);
    const [ann, ben] = [await givenPatient(t.db, practiceId), await givenPatient(t.db, practiceId)];
    const report = (
      n: number,
      patientId: number,
      category = 'lab',
    ) => `(${practiceId}, ${patientId}, 'R-${n}',
      '${category}', '24323-8', 'Panel ${n}', 'final', '2025-01-01T12:00:00Z'::timestamptz + interval '${n % 5} days',
      '2025-01-09T00:00:00Z', ${category === 'lab' ? 'null' : "'Narrative.'"}, '2025-01-09T01:00:00Z',
      'Author', 'Clinic', '2025-01-09T00:00:00Z')`;
    await write(`INSERT INTO result_report (practice_id, patient_id, external_id, category, code, name, status,
      effective_at, issued_at, narrative, released_at, author_name, author_organization, recorded_at) VALUES
      ${[1, 2, 3, 4, 5, 6].map((n) => report(n, n <= 4 ? ann : ben)).join(', ')}, ${report(7, ann, 'pathology')}`);
    await write(`INSERT INTO result_observation (report_id, position, code, name, value_numeric, value_text, interpretation)
      SELECT e.id, p.position, p.code, p.code || ' of ' || e.external_id,
        CASE WHEN p.position = 2 THEN null ELSE e.id * 1.5 + p.position END,
        CASE WHEN p.position = 2 THEN 'text' END, CASE WHEN e.id % 3 = 0 THEN 'H' END
      FROM result_report e CROSS JOIN (VALUES (0, 'A'), (1, 'B'), (2, 'C'), (3, 'A')) AS p (position, code)
      WHERE e.external_id LIKE 'R-%'`);
    await expectKept('values inserted');

    await write(`UPDATE result_observation SET value_numeric = null, value_text = 'clotted'
      WHERE position = 0 AND report_id = (SELECT id FROM result_report WHERE external_id = 'R-1')`);
    await write(`UPDATE result_observation SET value_numeric = 7, value_text = null, interpretation = 'L'
      WHERE position = 2 AND report_id = (SELECT id FROM result_report WHERE external_id = 'R-2')`);
    await write(`UPDATE result_observation SET name = 'Renamed', interpretation = 'N' WHERE code = 'B'`);
    await write(`UPDATE result_observation SET code = 'D' WHERE position = 3
      AND report_id = (SELECT id FROM result_report WHERE external_id = 'R-3')`);
    await expectKept('values changed');

    await write(`UPDATE result_observation SET position = 9, report_id = (SELECT id FROM result_report WHERE external_id = 'R-5')
      WHERE position = 1 AND report_id = (SELECT id FROM result_report WHERE external_id = 'R-4')`);
    await expectKept("a value moved to another patient's report");

    await write(`UPDATE result_report SET effective_at = '2024-06-01T00:00:00Z' WHERE external_id = 'R-4'`);
    await write(`UPDATE result_report SET released_at = '2100-01-01T00:00:00Z' WHERE external_id = 'R-2'`);
    await write(
      `UPDATE result_report SET category = 'pathology', narrative = 'Reviewed.' WHERE external_id = 'R-3'`,
    );
    await write(`UPDATE result_report SET category = 'lab' WHERE external_id = 'R-7'`);
    await write(`UPDATE result_report SET patient_id = ${ben} WHERE external_id = 'R-1'`);
    await write(`UPDATE result_report SET name = 'Renamed panel'`);
    await expectKept('reports changed');

    await write(`DELETE FROM result_observation WHERE code = 'A'
      AND report_id = (SELECT id FROM result_report WHERE external_id = 'R-6')`);
    await write(`DELETE FROM result_report WHERE external_id IN ('R-2', 'R-5')`);
    await expectKept('a value and reports deleted');

    await write(`DELETE FROM patient WHERE id = ${ann}`);
    await expectKept('a patient deleted');

    await write('TRUNCATE result_observation');
    expect(await expectKept('every value truncated')).toBe(0);
  });
});
