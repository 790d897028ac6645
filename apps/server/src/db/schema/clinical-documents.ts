// Clinical documents attached to encounters (0062).
import { index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { patient, practice } from './core';
import { encounter } from './health-history';

export const clinicalDocument = pgTable(
  'clinical_document',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practice.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patient.id, { onDelete: 'cascade' }),
    encounterId: integer('encounter_id')
      .notNull()
      .references(() => encounter.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    xml: text('xml').notNull(),
    source: text('source').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('clinical_document_encounter_unique').on(t.encounterId),
    index('clinical_document_patient_idx').on(t.patientId),
  ],
);
