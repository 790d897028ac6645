import { customType, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { practice } from './core';

/** Where an outbox e-mail stands (migration 0141). */
export type MailState = 'QUEUED' | 'SENT' | 'FAILED' | 'EXPIRED';

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    practiceId: integer('practice_id').references(() => practice.id),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    category: text('category').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** QUEUED until the mail server takes it (SENT) or refuses it for good (FAILED); decision 184. */
    state: text('state').$type<MailState>().notNull().default('SENT'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sendBefore: timestamp('send_before', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    messageKey: text('message_key'),
  },
  (t) => [index('mail_outbox_to_idx').on(sql`lower(${t.toAddress})`, t.createdAt.desc())],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite answers a Uint8Array, node-postgres a Buffer: both become a Buffer.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** The attachments of an outbox e-mail, in order (a transmitted health summary's ZIP). */
export const mailOutboxAttachment = pgTable(
  'mail_outbox_attachment',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    mailId: integer('mail_id')
      .notNull()
      .references(() => mailOutbox.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [unique().on(t.mailId, t.position)],
);
