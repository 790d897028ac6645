// Sign-in sessions (0012): the refresh family, its absolute end and its revocation.
import { index, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { userAccount } from './core';

export const authSession = pgTable(
  'auth_session',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => userAccount.id),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('auth_session_user_idx').on(t.userId)],
);
