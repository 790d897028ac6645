// Account-creation and e-mail-verification tokens, verified addresses, e-mail preferences (0003).
import { check, index, integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { patient, practice } from './core';

export const accountTokenKinds = ['ACCOUNT_CREATION', 'EMAIL_VERIFICATION'] as const;
export type AccountTokenKind = (typeof accountTokenKinds)[number];

export const accountToken = pgTable(
  'account_token',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: accountTokenKinds }).notNull(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practice.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patient.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('account_token_hash_unique').on(t.tokenHash),
    index('account_token_patient_idx').on(t.patientId, t.kind),
    check('account_token_kind_check', sql`${t.kind} IN ('ACCOUNT_CREATION', 'EMAIL_VERIFICATION')`),
  ],
);

export const verifiedEmail = pgTable(
  'verified_email',
  {
    patientId: integer('patient_id')
      .notNull()
      .references(() => patient.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.patientId, t.email] })],
);

export const emailPreference = pgTable(
  'email_preference',
  {
    patientId: integer('patient_id')
      .notNull()
      .references(() => patient.id, { onDelete: 'cascade' }),
    type: integer('type').notNull(),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.patientId, t.type] })],
);
