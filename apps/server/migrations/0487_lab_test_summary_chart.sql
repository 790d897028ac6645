-- Each lab test's chart, written once when its values change instead of on every request (decision
-- 305). The Health Information page's first load wrote the chosen test's chart from its values on
-- every request: for the bench's heavy patient 360 reports read, 360 instants, values and flags
-- written, the series sorted and scanned five times; about half of the page statement's PostgreSQL
-- time. The summary (migration 0486) is recomputed from the values whenever one of them or its
-- report changes, so it now keeps the chart's JSON too, as the page writes it; the page reads it
-- when the summary holds exactly the range's values, as it reads the list of tests.

-- A float (or null) as JavaScript writes it: the page statement's `jsNumber` (record-page-json.ts).
-- PostgreSQL writes the same shortest digits between 1e-4 and 1e15; outside, its exponent form (and
-- the sign of zero) is rewritten by the rule of Number::toString, from the digits `d` and the place
-- `n` of the point. A plain SQL expression, so that the planner inlines it where it is called: as a
-- function it runs once per value, and with the rewrite in a subquery (as the page writes it) each
-- call cost about 80 microseconds, 270 ms to refresh the bench's heavy patient; the rare rewrite is
-- its own PL/pgSQL function.
CREATE FUNCTION json_js_number_of_exponent(t text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  d text := replace(replace(split_part(t, 'e', 1), '-', ''), '.', '');
  n integer := split_part(t, 'e', 2)::integer + 1;
BEGIN
  RETURN CASE WHEN t LIKE '-%' THEN '-' ELSE '' END || CASE
    WHEN n BETWEEN length(d) AND 21 THEN d || repeat('0', n - length(d))
    WHEN n BETWEEN 1 AND 21 THEN left(d, n) || '.' || substr(d, n + 1)
    WHEN n BETWEEN -5 AND 0 THEN '0.' || repeat('0', -n) || d
    ELSE left(d, 1) || CASE WHEN length(d) > 1 THEN '.' || substr(d, 2) ELSE '' END
      || 'e' || CASE WHEN n >= 1 THEN '+' ELSE '-' END || abs(n - 1)
  END;
END $$;

CREATE FUNCTION json_js_number(v float8) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN v IS NULL THEN 'null'
    WHEN v = 0 THEN '0'
    WHEN v::text NOT LIKE '%e%' THEN v::text
    ELSE json_js_number_of_exponent(v::text)
  END
$$;

-- The chart of a test as the page answers it (`chosen`): its code, its first value's name and unit,
-- its last value's reference range, and every value oldest first (the earliest report, the clinic's
-- order within it): instants as epoch milliseconds (`getTime()` of the driver's `Date`), values as
-- JavaScript writes them, flags as JSON strings.
ALTER TABLE lab_test_summary ADD COLUMN chart_json text;

CREATE OR REPLACE FUNCTION lab_test_summary_refresh(p_patient integer, p_codes text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM patient WHERE id = p_patient FOR NO KEY UPDATE;
  DELETE FROM lab_test_summary s
  WHERE s.patient_id = p_patient AND (p_codes IS NULL OR s.code = ANY (p_codes));
  INSERT INTO lab_test_summary (patient_id, code, value_count, flagged_count, first_at, first_report_id,
    first_position, first_name, last_at, last_released_at, chart_json)
  SELECT p_patient, t.code, t.value_count, t.flagged_count, t.first_at, f.report_id, f.position, f.name,
    t.last_at, t.last_released_at,
    '{"code":' || to_json(t.code)::text || ',"name":' || to_json(f.name)::text
      || ',"unit":' || coalesce(to_json(f.unit)::text, 'null')
      || ',"referenceLow":' || json_js_number(l.reference_low)
      || ',"referenceHigh":' || json_js_number(l.reference_high)
      || ',"takenAt":[' || s.taken_at || '],"values":[' || s.vals || '],"interpretations":['
      || s.interpretations || ']}'
  FROM (
    SELECT o.code, count(*) AS value_count,
      count(*) FILTER (WHERE coalesce(o.interpretation, 'N') <> 'N') AS flagged_count,
      min(e.effective_at) AS first_at, max(e.effective_at) AS last_at, max(e.released_at) AS last_released_at
    FROM result_observation o JOIN result_report e ON e.id = o.report_id
    WHERE e.patient_id = p_patient AND e.category = 'lab' AND o.value_numeric IS NOT NULL
      AND (p_codes IS NULL OR o.code = ANY (p_codes))
    GROUP BY o.code
  ) t CROSS JOIN LATERAL (
    SELECT e.id AS report_id, o.position, o.name, o.unit
    FROM result_observation o JOIN result_report e ON e.id = o.report_id
    WHERE e.patient_id = p_patient AND e.category = 'lab' AND o.value_numeric IS NOT NULL
      AND o.code = t.code AND e.effective_at = t.first_at
    ORDER BY e.id, o.position LIMIT 1
  ) f CROSS JOIN LATERAL (
    SELECT o.reference_low, o.reference_high
    FROM result_observation o JOIN result_report e ON e.id = o.report_id
    WHERE e.patient_id = p_patient AND e.category = 'lab' AND o.value_numeric IS NOT NULL
      AND o.code = t.code AND e.effective_at = t.last_at
    ORDER BY e.id DESC, o.position DESC LIMIT 1
  ) l CROSS JOIN LATERAL (
    SELECT
      string_agg(floor(extract(epoch FROM e.effective_at) * 1000)::bigint::text, ','
        ORDER BY e.effective_at, e.id, o.position) AS taken_at,
      string_agg(json_js_number(o.value_numeric), ',' ORDER BY e.effective_at, e.id, o.position) AS vals,
      string_agg(coalesce(to_json(o.interpretation)::text, 'null'), ','
        ORDER BY e.effective_at, e.id, o.position) AS interpretations
    FROM result_observation o JOIN result_report e ON e.id = o.report_id
    WHERE e.patient_id = p_patient AND e.category = 'lab' AND o.value_numeric IS NOT NULL
      AND o.code = t.code
  ) s;
END $$;

-- Every patient's tests again, now with their charts.
SELECT lab_test_summary_refresh(p.patient_id, NULL)
FROM (SELECT DISTINCT patient_id FROM lab_test_summary ORDER BY patient_id) p;

ALTER TABLE lab_test_summary ALTER COLUMN chart_json SET NOT NULL;
