-- The patient's revision of kind 'documents' (decisions 320, 326): the Documents page's list and My
-- Health Profile's Documents block keep their answer's text by it, so a first load reads one row
-- instead of the patient's documents. Both answers are made of the patient's documents alone (the
-- owner's name is the document's own column), so every change of one moves its patient on, of the
-- old and the new patient when a document moves, whichever code or script writes.
SELECT patient_revision_watch('documents', 'patient_document', 'SELECT patient_id FROM %I');
