// The revision triggers of migration 0497, on scratch tables watched the way a kept answer's tables
// are: every kind of change of a row, of a row that names its patient through another row, and a
// truncate, moves exactly the patients it touched on; and a kept answer is served only at its revision.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/database';
import { givenPatient, givenPractice } from '../test/fixtures';
import { patientRevisionOf, PatientRevisionAnswers, type PatientRevisionKind } from './patient-revision';

// A kind no call keeps, so that only the scratch tables move it.
const scratch = 'scratch' as PatientRevisionKind;

describeEachDatabase('patient revision', (t) => {
  it('moves on the patients of every inserted, changed, moved, deleted and emptied row, once a statement', async () => {
    const practiceId = await givenPractice(t.db);
    const [a, b, c] = [
      await givenPatient(t.db, practiceId),
      await givenPatient(t.db, practiceId),
      await givenPatient(t.db, practiceId),
    ];
    await t.db.execute(
      sql`CREATE TABLE scratch_parent (id integer PRIMARY KEY, patient_id integer NOT NULL)`,
    );
    await t.db.execute(sql`CREATE TABLE scratch_child (parent_id integer NOT NULL, note text)`);
    await t.db.execute(
      sql`SELECT patient_revision_watch('scratch', 'scratch_parent', 'SELECT patient_id FROM %I')`,
    );
    await t.db.execute(
      sql`SELECT patient_revision_watch('scratch', 'scratch_child',
        'SELECT p.patient_id FROM scratch_parent p JOIN %I r ON r.parent_id = p.id')`,
    );
    const revisions = async () => [
      await patientRevisionOf(t.db, scratch, a),
      await patientRevisionOf(t.db, scratch, b),
      await patientRevisionOf(t.db, scratch, c),
    ];
    try {
      expect(await revisions()).toEqual([0, 0, 0]);
      await t.db.execute(sql`INSERT INTO scratch_parent VALUES (1, ${a}), (2, ${a}), (3, ${b})`);
      expect(await revisions()).toEqual([1, 1, 0]);
      await t.db.execute(sql`INSERT INTO scratch_child VALUES (3, 'x')`);
      expect(await revisions()).toEqual([1, 2, 0]);
      await t.db.execute(sql`UPDATE scratch_child SET note = 'y'`);
      expect(await revisions()).toEqual([1, 3, 0]);
      // A row moved to another patient moves both: the old one's answer loses it.
      await t.db.execute(sql`UPDATE scratch_parent SET patient_id = ${c} WHERE id = 3`);
      expect(await revisions()).toEqual([1, 4, 1]);
      await t.db.execute(sql`DELETE FROM scratch_parent WHERE id = 1`);
      expect(await revisions()).toEqual([2, 4, 1]);
      await t.db.execute(sql`UPDATE scratch_parent SET patient_id = patient_id WHERE false`);
      expect(await revisions()).toEqual([2, 4, 1]);
      await t.db.execute(sql`TRUNCATE scratch_child`);
      const [afterTruncate] = await revisions();
      expect(afterTruncate).toBe(3);
    } finally {
      await t.db.execute(sql`DROP TABLE scratch_child`);
      await t.db.execute(sql`DROP TABLE scratch_parent`);
    }
  });

  it('serves a kept answer only at the revision it was made at, and only before its until', async () => {
    const practiceId = await givenPractice(t.db);
    const patientId = await givenPatient(t.db, practiceId);
    await t.db.execute(sql`CREATE TABLE scratch_row (patient_id integer NOT NULL)`);
    await t.db.execute(
      sql`SELECT patient_revision_watch('scratch', 'scratch_row', 'SELECT patient_id FROM %I')`,
    );
    try {
      const answers = new PatientRevisionAnswers(scratch);
      let made = 0;
      const make = () => Promise.resolve({ text: `answer ${++made}` });
      expect(await answers.answer(t.db, patientId, patientId, make)).toBe('answer 1');
      expect(await answers.answer(t.db, patientId, patientId, make)).toBe('answer 1');
      await t.db.execute(sql`INSERT INTO scratch_row VALUES (${patientId})`);
      expect(await answers.answer(t.db, patientId, patientId, make)).toBe('answer 2');
      const passed = () => Promise.resolve({ text: `answer ${++made}`, until: Date.now() - 1 });
      expect(await answers.answer(t.db, patientId, 0, passed)).toBe('answer 3');
      expect(await answers.answer(t.db, patientId, 0, passed)).toBe('answer 4');
    } finally {
      await t.db.execute(sql`DROP TABLE scratch_row`);
    }
  });
});
