-- The visit lists' kept answers (decision 321): the patient's revision of 'visits' moves with every
-- change of a row a visit list shows, in the writing transaction, whoever writes. A list shows the
-- patient's visits, their providers (through the visit's roles) and clinic, and each visit's consents
-- with their forms and the signature that counts for each (its own, or for a ONE_TIME form the
-- patient's signature of that form at any visit). Providers, clinics and consent forms are the
-- practice's, not a patient's: a change of one moves every patient with a visit that shows it.
-- A consent and a signature name their patient, and are also joined to the visit they are listed
-- with, so a row whose patient were not its visit's would still move the visit's patient on.
SELECT patient_revision_watch('visits', 'encounter', 'SELECT patient_id FROM %I');
SELECT patient_revision_watch('visits', 'encounter_role',
  'SELECT e.patient_id FROM encounter e JOIN %I r ON r.encounter_id = e.id');
SELECT patient_revision_watch('visits', 'provider',
  'SELECT e.patient_id FROM encounter e JOIN encounter_role r ON r.encounter_id = e.id
     JOIN %I p ON p.id = r.provider_id');
SELECT patient_revision_watch('visits', 'clinic',
  'SELECT e.patient_id FROM encounter e JOIN %I c ON c.id = e.clinic_id');
SELECT patient_revision_watch('visits', 'consent',
  'SELECT patient_id FROM %1$I UNION ALL SELECT e.patient_id FROM encounter e JOIN %1$I c ON c.encounter_id = e.id');
SELECT patient_revision_watch('visits', 'consent_profile',
  'SELECT e.patient_id FROM encounter e JOIN consent c ON c.encounter_id = e.id
     JOIN %I f ON f.id = c.consent_profile_id');
SELECT patient_revision_watch('visits', 'consent_signature',
  'SELECT patient_id FROM %1$I UNION ALL SELECT e.patient_id FROM encounter e
     JOIN consent c ON c.encounter_id = e.id
     JOIN %1$I s ON s.consent_id = c.id OR (s.frequency = ''ONE_TIME'' AND s.patient_id = c.patient_id
       AND s.consent_profile_id = c.consent_profile_id)');
