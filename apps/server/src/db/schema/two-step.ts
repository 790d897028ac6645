// Two-step verification profiles, e-mailed codes and spent temporary tokens (0005).
import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { userAccount } from './core';

export const mfaProfile = pgTable(
  'mfa_profile',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => userAccount.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['EMAIL', 'AUTH_APP'] }).notNull(),
    value: text('value'),
    /** Encrypted TOTP secret (see lib/secret-box.ts); null for e-mail profiles. */
    secret: text('secret'),
    verified: boolean('verified').notNull().default(false),
    preferred: boolean('preferred').notNull().default(false),
    active: boolean('active').notNull().default(true),
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mfa_profile_user_idx').on(t.userId, t.id)],
);

export const mfaCode = pgTable(
  'mfa_code',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => mfaProfile.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mfa_code_profile_idx').on(t.profileId, t.id.desc())],
);

export const mfaSpentTempToken = pgTable('mfa_spent_temp_token', {
  jti: text('jti').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
