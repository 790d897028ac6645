// FHIR invite codes (0064).
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { patient } from './core';

export const fhirInvite = pgTable('fhir_invite', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  patientId: integer('patient_id')
    .notNull()
    .references(() => patient.id, { onDelete: 'cascade' }),
  code: text('code').notNull().unique(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  // The partial unique index (one unrevoked code per patient) is in the migration.
});
