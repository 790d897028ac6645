-- A lab test's values over a patient's reports (the trend chart's series): each of the patient's
-- reports is probed for its observation of that test. With an index on the code alone, every probe
-- read the code's entries of every report of every patient and intersected them with the report's
-- (a bitmap AND): 10 ms for a patient with 400 reports. Nothing looks an observation up by its code
-- alone, so that index is replaced.
DROP INDEX result_observation_code_idx;
CREATE INDEX result_observation_report_code_idx ON result_observation (report_id, code);
