-- The revision of the pharmacy directory (decision 315): pharmacy/searchByZipCodeMarkFavorite keeps
-- each ZIP's nearest pharmacies, written as JSON, by this revision, and reads only it (with the
-- patient's favorites) on a request instead of searching the directory. A trigger moves it on, in the
-- same transaction, after every statement that writes the directory (an import's batch, a
-- deactivation, a removal, a truncate), whichever code or script runs it. One row, made by the first
-- such statement: without it the revision is 0, a directory never written since this migration.
CREATE TABLE pharmacy_directory_revision (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  revision integer NOT NULL
);

CREATE FUNCTION pharmacy_directory_revision_move_on() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pharmacy_directory_revision AS r (id, revision) VALUES (true, 1)
  ON CONFLICT (id) DO UPDATE SET revision = r.revision + 1;
  RETURN NULL;
END $$;

CREATE TRIGGER pharmacy_directory_revision_move_on AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON pharmacy FOR EACH STATEMENT EXECUTE FUNCTION pharmacy_directory_revision_move_on();
