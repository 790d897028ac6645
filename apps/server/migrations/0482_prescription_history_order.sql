-- The prescription history's pages (decision 288) are read ACTIVE first, newest written first (a
-- missing date last), ties by newest id, by one prepared statement. Kept in that order under the
-- patient, the index is walked from the page's first prescription and the read stops at its limit;
-- by patient alone, the plan read every prescription of the patient and sorted them all for a page
-- of fifty. The index by patient stays usable for every other read by patient.
DROP INDEX prescription_patient_idx;
CREATE INDEX prescription_patient_idx
  ON prescription (patient_id, status, (COALESCE(date_written, '-infinity'::date)) DESC, id DESC);
