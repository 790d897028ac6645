// Password-reset tokens and the activity log (0004_account.sql).
import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { patient, practice, userAccount } from './core';

export const passwordResetToken = pgTable(
  'password_reset_token',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The non-secret reference answered by forgot-password. */
    publicId: uuid('public_id').notNull().unique('password_reset_token_public_id_unique'),
    userId: integer('user_id')
      .notNull()
      .references(() => userAccount.id),
    /** SHA-256 of the secret sent by e-mail. */
    tokenHash: text('token_hash').notNull().unique('password_reset_token_hash_unique'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_token_user_idx').on(t.userId, t.createdAt)],
);

export const activityActions = [
  'DOWNLOAD_PDF',
  'DOWNLOAD_CCDA',
  'VIEW',
  'TRANSMIT',
  'TRANSMIT_VIA_EMAIL',
  'SIGN_IN',
  'DOWNLOAD_DOCUMENT',
  /** A health app read the record through the FHIR API; to_address holds the app's name (0300). */
  'HEALTH_APP_ACCESS',
  /** The patient (or a responsible person) connected or disconnected a health app (0430). */
  'HEALTH_APP_CONNECTED',
  'HEALTH_APP_DISCONNECTED',
] as const;

export const activityOutcomes = ['SUCCEEDED', 'FAILED'] as const;

export const activityLog = pgTable(
  'activity_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practice.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patient.id),
    actorUserId: integer('actor_user_id')
      .notNull()
      .references(() => userAccount.id),
    action: text('action', { enum: activityActions }).notNull(),
    toAddress: text('to_address'),
    /** How a transmission attempt ended (0421); views and downloads are SUCCEEDED. */
    outcome: text('outcome', { enum: activityOutcomes }).notNull().default('SUCCEEDED'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('activity_log_patient_idx').on(t.patientId, t.createdAt)],
);
