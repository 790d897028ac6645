-- A goal's priority as the clinic weighs it (C-CDA Priority Preference, Priority Level value set:
-- high, normal or delayed), and which dose of a vaccine series an immunization was (1 for the first
-- dose of recombinant zoster; C-CDA Substance Administered Act sequence number). Both are sent by
-- the clinic; null when it did not say (decision 233).
ALTER TABLE care_goal ADD COLUMN priority text CHECK (priority IN ('high', 'normal', 'delayed'));
ALTER TABLE immunization ADD COLUMN dose_number integer CHECK (dose_number BETWEEN 1 AND 20);
