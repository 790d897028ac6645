-- A patient's visit lists (decision 290). The patient's visits are kept in (date of service, id)
-- order, the lists' own order, so a page walks the index from its range's first visit and stops at
-- its limit instead of reading the patient's other visits and sorting; the history flag is carried
-- so that the list's count is read from the index alone. A visit's providers are found by the visit,
-- in the clinic's order, from the index alone: with only the (visit, provider, role) constraint,
-- the plan read the whole encounter_role table once for every visit of a page.
DROP INDEX encounter_patient_idx;
CREATE INDEX encounter_patient_idx ON encounter (patient_id, date_of_service, id) INCLUDE (history_finished);
CREATE INDEX encounter_role_visit_idx ON encounter_role (encounter_id, position, id) INCLUDE (provider_id, role);
