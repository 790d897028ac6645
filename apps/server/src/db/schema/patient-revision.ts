// The revision of each patient's kept answers, by kind (0497).
import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { patient } from './core';

/**
 * A patient's revision of one kind of kept answer, moved on by the triggers that migration 0497's
 * `patient_revision_watch` makes on the tables the answer is made of (decision 320). Never written by
 * the application; read through lib/patient-revision.
 */
export const patientRevision = pgTable(
  'patient_revision',
  {
    kind: text('kind').notNull(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patient.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.patientId] })],
);
